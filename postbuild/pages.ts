/**
 * The one pass over the built pages: each HTML file is read once, changed by every page step in order,
 * checked for what content may not bring (./pageSafety.ts), written once if it changed, and handed to the
 * build's compression together with every other text file. postbuild/README.md lists the steps.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  INLINE_SCRIPT_HASHES,
  INLINE_SCRIPT_HASHES_FILE,
  writeBuildFile,
  type RouteManifests,
  type SiteScripts,
} from '../rules/buildFiles';
import {
  compressibleFiles,
  isBundlerOutput,
  startCompression,
  type Compression,
  type CompressionReport,
} from './compress';
import { checkPage, scriptHashSource, type PageOrigin } from './pageSafety';
import { headAssetsOfHtml } from '../rules/pageAssets';
import { routePathOf } from '../rules/firstLoad';
import * as speedups from '../plugins/speedups';
import type { PageStep } from '../plugins/speedup';
import { withVerifiedMark } from './verifiedMark';
import { REACT_ROOT_ID } from '../plugins/site-scripts/html';

/** Most problems listed in the build's error; the rest are counted. */
const LISTED_PROBLEMS = 20;

/** What {@link finishPages} needs besides the build folder. */
export interface PagesInput {
  /** The route tree and chunk manifests the route stylesheets are found with. */
  manifests: RouteManifests;
  /** Pages (relative, `/`-separated, e.g. `login/index.html`) anonymous visitors receive: no gate mark. */
  publicPages: string[];
  /** The site's own inline scripts (plugins/site-scripts), the only ones the CSP allows. */
  siteScripts: SiteScripts;
  /** The file of a static folder a page (relative, `/`-separated) was copied from (a writer's: content), if any. */
  staticFileOf: (page: string) => string | undefined;
  /** The source of a page's content at a route, for the error naming it (./pageSources.ts). */
  sourceOf: (route: string) => string | undefined;
  /** The page steps, in the order they run; default: the speed-ups' ({@link SPEEDUP_PAGE_STEPS}). */
  pageSteps?: NamedPageStep[];
  /**
   * The build's compression, started before the post-build steps with what they leave alone
   * (compress.ts `startBuildCompression`); the pass adds every other text file, each page once written.
   * Unset: the pass compresses every text file itself, after the pages.
   */
  compression?: Compression;
}

/** What {@link finishPages} did. */
export interface PagesReport {
  /** HTML files read. */
  pages: number;
  /** Pages each speed-up's page step changed, by its folder. */
  changedBy: Record<string, number>;
  /** Pages given the gate's mark. */
  marked: number;
  /** Distinct inline scripts the CSP allows. */
  scriptHashes: number;
  compression: CompressionReport;
  /** Time reading, checking and writing the pages, ms. */
  pagesMs: number;
  /** Time from the end of the page pass until every text file was compressed, ms. */
  compressionMs: number;
}

/** What {@link finishPage} made of a page. */
export interface FinishedPage {
  html: string;
  /** The folders of the speed-ups whose step changed the page. */
  changedBy: string[];
  marked: boolean;
  /** The inline script the steps wrote into the page (the paint-first loader), if any: the site's own. */
  ownScript?: string;
}

/** A page step with the folder of the speed-up it belongs to. */
export interface NamedPageStep {
  folder: string;
  step: PageStep;
}

/** The speed-ups' page steps (plugins/speedups.ts) with their folders, in the order they run. */
export const SPEEDUP_PAGE_STEPS: NamedPageStep[] = Object.values(speedups)
  .flatMap(({ manifest, pageStep }) => (pageStep ? [{ folder: manifest.folder, step: pageStep }] : []))
  .sort((a, b) => a.step.order - b.step.order);

/** Applies the page steps to one built page (`relative`: its path under the build folder, `/`-separated). */
export function finishPage(
  html: string,
  relative: string,
  input: Pick<PagesInput, 'manifests' | 'pageSteps'> & { isPublic: boolean },
): FinishedPage {
  // Parsed once for every step, and the head only: each parse of every whole page is seconds of a large
  // site's last step.
  const page = { relative, manifests: input.manifests, assets: headAssetsOfHtml(html) };
  let stepped = html;
  let ownScript: string | undefined;
  const changedBy: string[] = [];
  for (const { folder, step } of input.pageSteps ?? SPEEDUP_PAGE_STEPS) {
    const result = step.apply(stepped, page);
    if (result.html !== stepped) changedBy.push(folder);
    stepped = result.html;
    ownScript = result.ownScript ?? ownScript;
  }
  const marked = input.isPublic ? stepped : withVerifiedMark(stepped);
  return { html: marked, changedBy, marked: marked !== stepped, ownScript };
}

/**
 * @throws {Error} listing the pages' problems (sorted, the first {@link LISTED_PROBLEMS}), when there are any;
 *   naming the React root when none of `pages` pages has it.
 */
function refuseProblems(problems: string[], pages: number, origins: Record<PageOrigin, number>): void {
  if (problems.length > 0) {
    problems.sort();
    const more = problems.length > LISTED_PROBLEMS ? `\n  … and ${problems.length - LISTED_PROBLEMS} more` : '';
    throw new Error(
      `${problems.length} thing(s) in the built pages that content may not bring (postbuild/pageSafety.ts):\n  ` +
        `${problems.slice(0, LISTED_PROBLEMS).join('\n  ')}${more}\n` +
        'Remove each from its source: code belongs in a component (src/components), an embed in a link.',
    );
  }
  // Loud when Docusaurus renames its React root: the check would read every page as one without it.
  // (Client-redirect pages have no root; rendered pages all do.)
  if (pages > 0 && origins.rendered === 0)
    throw new Error(
      `the page check (postbuild/pageSafety.ts) finds no React root id="${REACT_ROOT_ID}" in any page: ` +
        'Docusaurus renamed it; update REACT_ROOT_ID in plugins/site-scripts/html.ts.',
    );
}

/**
 * Runs the page steps over every HTML file of `buildDir`, checks each page for what content may not bring
 * (./pageSafety.ts), writes `csp-script-hashes.json` (server/gate/csp.ts `INLINE_SCRIPT_HASHES_FILE`) with
 * the site's own inline scripts, and has every text file compressed (each page as soon as it is written).
 *
 * @throws {Error} naming the page when a step cannot apply (e.g. a page without `</head>`); listing each page
 *   and its source when pages hold what content may not bring (an inline script that is not the site's own,
 *   an event-handler attribute, a `javascript:` URL, `<meta http-equiv>`, a frame); then no hash list is
 *   written, so no gate starts on the build.
 */
export async function finishPages(buildDir: string, input: PagesInput): Promise<PagesReport> {
  const started = Date.now();
  const compression = input.compression ?? startCompression(buildDir);
  const files = compressibleFiles(buildDir).filter(
    (name) => name !== INLINE_SCRIPT_HASHES_FILE && !(input.compression && isBundlerOutput(name)),
  );
  // What the steps before the pass wrote (the Markdown copies, llms.txt) is final: compressed during the pass.
  compression.add(files.filter((name) => !name.endsWith('.html')));
  const publicPages = new Set(input.publicPages);
  let pages = 0;
  const hashes = new Set<string>();
  const problems: string[] = [];
  const origins: Record<PageOrigin, number> = { rendered: 0, static: 0, plugin: 0, copied: 0 };
  const changedBy: Record<string, number> = {};
  let marked = 0;
  for (const relative of files.filter((name) => name.endsWith('.html'))) {
    const file = path.join(buildDir, relative);
    const before = fs.readFileSync(file, 'utf8');
    let page: FinishedPage;
    try {
      page = finishPage(before, relative, { ...input, isPublic: publicPages.has(relative) });
    } catch (error) {
      throw new Error(`build/${relative}: ${error instanceof Error ? error.message : error}`);
    }
    const staticFile = input.staticFileOf(relative);
    const check = checkPage(page.html, {
      site: input.siteScripts,
      isOwn: (text) => text === page.ownScript,
      isStatic: staticFile !== undefined,
      isPluginPage: input.siteScripts.pluginPages.includes(relative),
    });
    origins[check.origin] += 1;
    check.scripts.forEach((text) => hashes.add(scriptHashSource(text)));
    if (check.problems.length > 0) {
      const source = staticFile ?? input.sourceOf(routePathOf(relative));
      const from = source ? ` (from ${source})` : '';
      problems.push(...check.problems.map((problem) => `build/${relative}${from}: ${problem.detail}`));
    }
    if (page.html !== before) fs.writeFileSync(file, page.html);
    compression.add([relative]);
    pages += 1;
    for (const folder of page.changedBy) changedBy[folder] = (changedBy[folder] ?? 0) + 1;
    marked += Number(page.marked);
  }
  refuseProblems(problems, pages, origins);
  writeBuildFile(fs, buildDir, INLINE_SCRIPT_HASHES, [...hashes].sort());
  const pagesMs = Date.now() - started;
  compression.add([INLINE_SCRIPT_HASHES_FILE]);
  const compressed = await compression.done();
  return {
    pages,
    changedBy,
    marked,
    scriptHashes: hashes.size,
    compression: compressed,
    pagesMs,
    compressionMs: Date.now() - started - pagesMs,
  };
}
