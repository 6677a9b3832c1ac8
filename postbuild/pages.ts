/**
 * The one pass over the built pages (issue #23, point 5): each HTML file is read once, changed by
 * every page step in order, written once if it changed, classified for the CSP, and compressed from
 * memory together with every other text file of the build. postbuild/README.md lists the steps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_HASHES_FILE } from '../rules/buildFiles';
import { compressFiles, compressibleFiles, type CompressionReport } from './compress';
import { classifyInlineScripts, REACT_ROOT_ID, scriptHashSource } from './inlineScripts';
import { withPaintFirstScripts } from './paintFirst';
import { assetsOfHtml } from '../rules/pageAssets';
import { routePathOf, routeStylesheetsOf, withStylesheets, type RouteManifests } from './routeStylesheets';
import { withVerifiedMark } from './verifiedMark';

/** The React root as Docusaurus writes it, quoted or not. */
const REACT_ROOT = new RegExp(`\\bid=["']?${REACT_ROOT_ID}["'\\s>]`);

/** What {@link finishPages} needs besides the build folder. */
export interface PagesInput {
  /** The route tree and chunk manifests the route stylesheets are found with. */
  manifests: RouteManifests;
  /** Pages (relative, `/`-separated, e.g. `login/index.html`) anonymous visitors receive: no gate mark. */
  publicPages: string[];
  /** Told of each inline script that came with a page's content: the CSP will block it. */
  onContentScript?: (page: string, script: string) => void;
  /** The encodings of the previous build (compress.ts `COMPRESSION_CACHE_DIR`); unset: compress everything. */
  compressionCache?: string;
}

/** What {@link finishPages} did. */
export interface PagesReport {
  /** HTML files read. */
  pages: number;
  /** Pages that gained a route stylesheet link. */
  styled: number;
  /** Pages given the gate's mark. */
  marked: number;
  /** Distinct inline scripts the CSP allows. */
  scriptHashes: number;
  compression: CompressionReport;
}

/** Applies the page steps to one built page (`relative`: its path under the build folder, `/`-separated). */
export function finishPage(
  html: string,
  relative: string,
  input: Pick<PagesInput, 'manifests'> & { isPublic: boolean },
): { html: string; styled: boolean; marked: boolean } {
  // Parsed once for both (issue #28: each parse of every page is seconds of the 10× build's last step).
  const assets = assetsOfHtml(html);
  const linked = withStylesheets(
    html,
    routeStylesheetsOf(input.manifests, routePathOf(relative), html, assets),
    assets,
  );
  const painted = withPaintFirstScripts(linked);
  // Loud when Docusaurus writes its entry scripts differently (issue #23): the page would hydrate
  // before its first paint again.
  if (/<script\b[^>]*\bsrc=/i.test(painted))
    throw new Error(
      'paint-first (postbuild/paintFirst.ts) left a <script src> in the page: Docusaurus no longer writes its ' +
        'entry scripts as <script src=… defer>; update DEFER_SCRIPT.',
    );
  const marked = input.isPublic ? painted : withVerifiedMark(painted);
  return { html: marked, styled: linked !== html, marked: marked !== painted };
}

/**
 * Runs the page steps over every HTML file of `buildDir`, writes `csp-script-hashes.json`
 * (server/gate/csp.ts `INLINE_SCRIPT_HASHES_FILE`), then writes the brotli and gzip copies of every
 * text file, the pages from memory.
 *
 * @throws {Error} naming the page when a step cannot apply (e.g. a page without `</head>`).
 */
export async function finishPages(buildDir: string, input: PagesInput): Promise<PagesReport> {
  const files = compressibleFiles(buildDir).filter((name) => name !== INLINE_SCRIPT_HASHES_FILE);
  const publicPages = new Set(input.publicPages);
  const pages = new Map<string, Buffer>();
  const hashes = new Set<string>();
  let styled = 0;
  let marked = 0;
  let rooted = 0;
  for (const relative of files.filter((name) => name.endsWith('.html'))) {
    const file = path.join(buildDir, relative);
    const before = fs.readFileSync(file, 'utf8');
    let page: ReturnType<typeof finishPage>;
    try {
      page = finishPage(before, relative, { ...input, isPublic: publicPages.has(relative) });
    } catch (error) {
      throw new Error(`build/${relative}: ${error instanceof Error ? error.message : error}`);
    }
    if (REACT_ROOT.test(page.html)) rooted += 1;
    const { trusted, content } = classifyInlineScripts(page.html);
    trusted.forEach((text) => hashes.add(scriptHashSource(text)));
    content.forEach((text) => input.onContentScript?.(relative, text));
    if (page.html !== before) fs.writeFileSync(file, page.html);
    pages.set(relative, Buffer.from(page.html));
    styled += Number(page.styled);
    marked += Number(page.marked);
  }
  // Loud when Docusaurus renames its React root (issue #23): the classifier would take content scripts
  // for the site's own. (Client-redirect pages have no root; rendered pages all do.)
  if (pages.size > 0 && rooted === 0)
    throw new Error(
      `the CSP's script classifier (postbuild/inlineScripts.ts) finds no React root id="${REACT_ROOT_ID}" in any ` +
        'page: Docusaurus renamed it; update REACT_ROOT_ID.',
    );
  fs.writeFileSync(path.join(buildDir, INLINE_SCRIPT_HASHES_FILE), `${JSON.stringify([...hashes].sort(), null, 1)}\n`);
  const compression = await compressFiles(
    buildDir,
    [...files, INLINE_SCRIPT_HASHES_FILE],
    (name) => pages.get(name),
    8,
    input.compressionCache,
  );
  return { pages: pages.size, styled, marked, scriptHashes: hashes.size, compression };
}
