/**
 * The writers' checks, on the Markdown sources alone — no build, no browser — each problem
 * as `file:line: what to fix`:
 *
 * - front matter: docs have a `title` and a `description`, posts a `title`, their tags and authors are
 *   declared in blog/tags.yml and blog/authors.yml; no two pages share a route (`slug`);
 * - links between pages and their `#anchors`, resolved against the docs, blog, Markdown pages, API
 *   reference (from the contract), static files and Markdown copies (`.md`, `llms.txt`);
 * - `<ApiSample>` requests against the contract (./samples.ts);
 * - no placeholder text;
 * - the sidebar: every docs folder has a `_category_.json` with a `label` and a `position`, and every doc is
 *   in a sidebar (./sidebars.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { parse } from 'yaml';
import { CLIENT_TYPES_PATH, DESCRIPTION_DOWNLOADS, POSTMAN_COLLECTION_PATH } from '../../config/openapi';
import { parseRequestSample } from '../../rules/apiSample';
import { schemaPageId } from '../../rules/contract';
import { trimTrailing } from '../../rules/text';
import { CHANGELOG_FEEDS, CHANGELOG_ROUTE } from '../openapi/changelog';
import { allOperations, apiSamples, contract } from './contract';
import { problemsOf } from './samples';
import { categoryProblems, docsInNoSidebar, type SidebarsLike } from './sidebars';
import type { Problem, Source } from './sources';

/** Text that marks an unfinished page (the facts tests use the same rule). */
export const PLACEHOLDER = /coming soon|being written|TODO|lorem ipsum/i;

/** Lines of `text` with fenced code blocks blanked (so line numbers stay), and inline code removed. */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line.replace(/`[^`]*`/g, '``') : '';
  });
}

/** Lines of the body: front matter blanked. */
function bodyLines(source: Source): string[] {
  const lines = proseLines(source.text);
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    for (let i = 0; i <= end; i += 1) lines[i] = '';
  }
  return lines;
}

/** Heading text as Docusaurus slugs it: links, code marks, emphasis and tags reduced to their text. */
const headingText = (text: string) =>
  text
    .replace(/!?\[([^[\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^<>]+>/g, '')
    .replace(/[`*_]/g, '')
    .trim();

/** `## Heading` or `## Heading ##` (an ATX heading): its text, without the closing `#`s; `null` for other lines. */
function headingOf(line: string): string | null {
  const opening = /^#{1,6}\s+/.exec(line);
  if (!opening) return null;
  // Trimmed step by step rather than with `(.*?)\s*#*\s*$`, which backtracks polynomially over a long line.
  return trimTrailing(line.slice(opening[0].length).trimEnd(), '#').trimEnd();
}

/** The anchors of a source: its headings' ids (github-slugger, or an explicit `{#id}`) and `id="…"` attributes. */
export function anchorsOf(source: Source): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of proseLines(source.text)) {
    const heading = headingOf(line);
    if (heading !== null) {
      const explicit = /\{#([\w-]+)\}\s*$/.exec(heading);
      anchors.add(explicit ? explicit[1] : slugger.slug(headingText(heading)));
    }
    for (const match of line.matchAll(/\bid=["']([\w-]+)["']/g)) anchors.add(match[1]);
  }
  return anchors;
}

/** Link targets of a line: inline links and images, reference definitions, JSX `href`/`to`. */
function linksOf(line: string): string[] {
  const urls = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
  if (definition) urls.push(definition[1]);
  for (const m of line.matchAll(/\b(?:href|to)=\{?["']([^"']+)["']\}?/g)) urls.push(m[1]);
  return urls;
}

/** A route as written in a link: decoded, without query and trailing slash. */
function normalRoute(pathname: string): string {
  let route = pathname.split('?')[0];
  try {
    route = decodeURI(route);
  } catch {
    // Kept as written; it will not match a route and is reported.
  }
  return route.length > 1 ? trimTrailing(route, '/') : route;
}

/** What links may point at: routes (with their anchors, when known) and files. */
export interface SiteMap {
  /** The site folder, for files linked beside a page. */
  root: string;
  routes: Map<string, Set<string> | null>;
  byFile: Map<string, Source>;
}

const slug = (text: string) => new GithubSlugger().slug(text);

/**
 * Every route a link may name: sources, generated category indexes, blog lists and tags, React pages,
 * the API reference (operations, tags, schemas), static files and the Markdown copies of all of them.
 */
export function siteMap(root: string, sources: Source[]): SiteMap {
  const routes = new Map<string, Set<string> | null>();
  for (const source of sources) routes.set(source.route, anchorsOf(source));
  const add = (route: string) => routes.has(route) || routes.set(route, null);
  ['/', '/login', '/search', '/docs', '/api', '/blog', '/blog/archive', '/blog/tags', '/blog/authors'].forEach(add);
  for (const file of fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('_category_.json')) continue;
    const category = JSON.parse(fs.readFileSync(path.join(root, 'docs', file), 'utf8'));
    if (category.link?.type === 'generated-index' && category.label) {
      add(`/docs/category/${String(category.link.slug ?? slug(category.label)).replace(/^\/?(category\/)?/, '')}`);
    }
  }
  const tagsFile = path.join(root, 'blog/tags.yml');
  const tags = fs.existsSync(tagsFile)
    ? ((parse(fs.readFileSync(tagsFile, 'utf8')) ?? {}) as Record<string, { permalink?: string }>)
    : {};
  for (const [key, tag] of Object.entries(tags)) add(`/blog/tags/${(tag?.permalink ?? slug(key)).replace(/^\/+/, '')}`);
  for (const file of fs.readdirSync(path.join(root, 'src/pages'))) {
    if (/\.(tsx|jsx|js)$/.test(file)) add(file.startsWith('index.') ? '/' : `/${file.replace(/\.\w+$/, '')}`);
  }
  for (const op of allOperations()) add(`/api/v1/${op.slug}`);
  for (const tag of (contract.tags ?? []) as { name: string }[]) add(`/api/v1/${slug(tag.name)}`);
  for (const [name, schema] of Object.entries(
    (contract.components?.schemas ?? {}) as Record<string, { title?: string }>,
  ))
    add(`/api/v1/schemas/${schemaPageId(schema.title ?? name)}`);
  // What `npm run gen-api` writes besides the pages: the changelog and its feeds, the description downloads.
  [
    CHANGELOG_ROUTE,
    ...Object.values(CHANGELOG_FEEDS),
    ...Object.values(DESCRIPTION_DOWNLOADS),
    POSTMAN_COLLECTION_PATH,
    CLIENT_TYPES_PATH,
  ].forEach(add);
  const staticDir = path.join(root, 'static');
  if (fs.existsSync(staticDir)) {
    for (const file of fs.readdirSync(staticDir, { recursive: true, encoding: 'utf8' }))
      add(`/${file.split(path.sep).join('/')}`);
  }
  // Markdown copies and llms files (plugins/markdown-export).
  for (const route of [...routes.keys()]) add(route === '/' ? '/index.md' : `${route}.md`);
  ['/llms.txt', '/llms-full.txt'].forEach(add);
  return { root, routes, byFile: new Map(sources.map((s) => [s.file, s])) };
}

/** The nearest known routes to `route`, by shared last segment, for "did you mean". */
function nearest(route: string, routes: Iterable<string>): string | undefined {
  const last = route.split('/').pop()?.toLowerCase() ?? '';
  return [...routes].find((r) => r.split('/').pop()?.toLowerCase() === last && !r.endsWith('.md'));
}

/** Broken links and anchors of one source. */
export function linkProblems(source: Source, site: SiteMap): Problem[] {
  const problems: Problem[] = [];
  bodyLines(source).forEach((line, index) => {
    for (const url of linksOf(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
      const at = { file: source.file, line: index + 1 };
      const [target, hash] = url.split('#');
      let route: string;
      let label: string;
      if (!target) {
        route = source.route;
        label = source.file;
      } else if (/\.mdx?$/.test(target) && !target.startsWith('/')) {
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(source.file), decodeURI(target)));
        const linked = site.byFile.get(file);
        if (!linked) {
          problems.push({ ...at, message: `broken link "${url}": there is no file ${file}` });
          continue;
        }
        route = linked.route;
        label = linked.file;
      } else if (
        !target.startsWith('/') &&
        fs.existsSync(path.join(site.root, path.dirname(source.file), decodeURI(target)))
      ) {
        // A file beside the page (an image, a PDF): Docusaurus bundles it.
        continue;
      } else {
        route = normalRoute(
          target.startsWith('/') ? target : new URL(target, `https://site.invalid${encodeURI(source.route)}`).pathname,
        );
        label = route;
        if (!site.routes.has(route)) {
          const guess = nearest(route, site.routes.keys());
          problems.push({
            ...at,
            message: `broken link "${url}": no page or file at ${route}${guess ? ` (did you mean ${guess}?)` : ''}`,
          });
          continue;
        }
      }
      const anchors = site.routes.get(route);
      if (hash && anchors && !anchors.has(hash)) {
        const known = [...anchors]
          .slice(0, 6)
          .map((a) => `#${a}`)
          .join(', ');
        problems.push({
          ...at,
          message: `broken anchor "#${hash}" in "${url}": ${label} has no such heading${known ? ` (it has ${known}${anchors.size > 6 ? ', …' : ''})` : ''}`,
        });
      }
    }
  });
  return problems;
}

/** Missing front matter, undeclared tags and authors, and routes two pages share. */
export function frontMatterProblems(root: string, sources: Source[]): Problem[] {
  const problems: Problem[] = [];
  const yamlOf = (file: string) =>
    fs.existsSync(path.join(root, file))
      ? ((parse(fs.readFileSync(path.join(root, file), 'utf8')) ?? {}) as Record<string, unknown>)
      : {};
  const tags = yamlOf('blog/tags.yml');
  const authors = yamlOf('blog/authors.yml');
  for (const source of sources) {
    const { frontMatter: fm, keyLines } = source;
    const need = source.kind === 'doc' ? ['title', 'description'] : source.kind === 'blog' ? ['title'] : [];
    for (const key of need) {
      if (typeof fm[key] !== 'string' || !String(fm[key]).trim()) {
        problems.push({
          file: source.file,
          line: 1,
          message: `front matter has no ${key}: add "${key}: …" between the --- lines`,
        });
      }
    }
    if (source.kind !== 'blog') continue;
    for (const tag of (Array.isArray(fm.tags) ? fm.tags : []) as unknown[]) {
      if (typeof tag === 'string' && !(tag in tags)) {
        problems.push({
          file: source.file,
          line: keyLines.tags ?? 1,
          message: `tag "${tag}" is not declared in blog/tags.yml (declared: ${Object.keys(tags).join(', ')})`,
        });
      }
    }
    for (const author of (Array.isArray(fm.authors)
      ? fm.authors
      : typeof fm.authors === 'string'
        ? [fm.authors]
        : []) as unknown[]) {
      if (typeof author === 'string' && !(author in authors)) {
        problems.push({
          file: source.file,
          line: keyLines.authors ?? 1,
          message: `author "${author}" is not declared in blog/authors.yml`,
        });
      }
    }
  }
  return [...problems, ...sharedRouteProblems(sources)];
}

/** Each page whose route another page has too, naming the others. */
function sharedRouteProblems(sources: Source[]): Problem[] {
  const problems: Problem[] = [];
  const byRoute = new Map<string, Source[]>();
  for (const source of sources) byRoute.set(source.route, [...(byRoute.get(source.route) ?? []), source]);
  for (const [route, same] of byRoute) {
    if (same.length < 2) continue;
    for (const source of same) {
      const others = same
        .filter((s) => s !== source)
        .map((s) => s.file)
        .join(', ');
      problems.push({
        file: source.file,
        line: source.keyLines.slug ?? 1,
        message: `route ${route} is also the route of ${others}: give one a different "slug"`,
      });
    }
  }
  return problems;
}

/** Placeholder text, line by line. */
export function placeholderProblems(sources: Source[]): Problem[] {
  return sources.flatMap((source) =>
    source.text.split('\n').flatMap((line, index) => {
      const found = PLACEHOLDER.exec(line);
      return found
        ? [
            {
              file: source.file,
              line: index + 1,
              message: `placeholder text "${found[0]}": write the content or remove the page`,
            },
          ]
        : [];
    }),
  );
}

/** `<ApiSample>` requests the API would refuse, or that are malformed. */
export function sampleProblems(sources: Source[]): Problem[] {
  return apiSamples(sources.map(({ file, text }) => ({ file, text }))).flatMap(({ file, line, sample }) => {
    try {
      return problemsOf(parseRequestSample(sample)).map((problem) => ({
        file,
        line,
        message: `<ApiSample> ${sample.split('\n')[0]}: ${problem}`,
      }));
    } catch (error) {
      return [{ file, line, message: `<ApiSample>: ${(error as Error).message}` }];
    }
  });
}

/** Every check over the site at `root`, problems sorted by file and line. */
export function checkDocs(root: string, sources: Source[], sidebars: SidebarsLike): Problem[] {
  const site = siteMap(root, sources);
  const problems = [
    ...frontMatterProblems(root, sources),
    ...sources.flatMap((source) => linkProblems(source, site)),
    ...sampleProblems(sources),
    ...placeholderProblems(sources),
    ...categoryProblems(root),
    ...docsInNoSidebar(sources, sidebars),
  ];
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
