/**
 * Routes and the files the build writes for them: one rule for every runtime that maps one to the other
 * (the gate, the edge handler, the build steps, the browser's "Copy page", the tests). Pure: no Node
 * modules, no DOM, so the browser bundle can take it.
 *
 * Docusaurus writes every route as `<route>/index.html` (its default `trailingSlash: undefined`), and
 * spec §2.1 serves each page at its plain path.
 */
import { trimBoth, trimTrailing } from './text';

/**
 * Route of the sign-in page, the only page anonymous visitors get (spec §2.1, §4). The OAuth redirect
 * URLs (config/env.ts), the gate's public files and the build steps all name it from here.
 */
export const SIGN_IN_ROUTE = '/login';

/**
 * Spec §2.1: paths ending in `.html` or `/index` are normalised to the plain path (301).
 *
 * @returns the plain path, or `null` when `sitePath` is already plain (`/404.html` stays as it is).
 */
export function normalisedPath(sitePath: string): string | null {
  if (sitePath === '/index.html' || sitePath === '/index') return '/';
  if (sitePath.endsWith('/index.html')) return sitePath.slice(0, -'/index.html'.length);
  if (sitePath.endsWith('/index')) return sitePath.slice(0, -'/index'.length);
  if (sitePath.endsWith('.html') && sitePath !== '/404.html') return sitePath.slice(0, -'.html'.length);
  return null;
}

/**
 * The file of the build (relative to the build folder; on AWS, the key of the site's bucket) that a plain
 * site path names: `/` → `index.html`, `/docs/x` and `/docs/x/` → `docs/x/index.html`, `/assets/js/a.js`
 * → itself, `/a.js/` → `a.js/index.html`.
 */
export function builtFileOf(sitePath: string): string {
  const trimmed = trimBoth(sitePath, '/');
  if (trimmed === '') return 'index.html';
  const last = trimmed.split('/').pop()!;
  // A trailing slash names a folder (`/docs/x/`), even when its name has a dot (`/index.html/` is no file).
  return last.includes('.') && !sitePath.endsWith('/') ? trimmed : `${trimmed}/index.html`;
}

/**
 * The site paths that a file of the build answers, the inverse of {@link builtFileOf} plus the
 * spellings {@link normalisedPath} redirects: `docs/x/index.html` answers `/docs/x`, `/docs/x/` and
 * `/docs/x/index.html`; `x.html` answers `/x` and itself; anything else only itself.
 *
 * @param file - a path relative to the build folder, with `/` separators.
 */
export function sitePathsOf(file: string): string[] {
  const own = `/${file}`;
  if (file === 'index.html') return [own, '/'];
  if (file.endsWith('/index.html')) {
    const route = `/${file.slice(0, -'/index.html'.length)}`;
    return [own, route, `${route}/`];
  }
  if (file.endsWith('.html')) return [own, `/${file.slice(0, -'.html'.length)}`];
  return [own];
}

/**
 * The Markdown copy of a page, written by plugins/markdown-export and fetched by "Copy page": its `.md`
 * file relative to the build folder, `/` → `index.md`, `/docs/x/` → `docs/x.md`.
 */
export function markdownPathOf(route: string): string {
  const trimmed = trimBoth(route, '/');
  return `${trimmed || 'index'}.md`;
}

/**
 * The Markdown copy of a built page, the file-side twin of {@link markdownPathOf}: `docs/x/index.html` →
 * `docs/x.md`, `index.html` → `index.md`; another `.html` file keeps its name (`404.html` → `404.html.md`,
 * as `markdownPathOf('/404.html')`). For every page path `p`, `markdownFileOf(builtFileOf(p))` is
 * `markdownPathOf(p)`.
 *
 * @param pageFile - an `.html` file relative to the build folder, with `/` separators.
 */
export function markdownFileOf(pageFile: string): string {
  return markdownPathOf(
    pageFile === 'index.html' || pageFile.endsWith('/index.html') ? pageFile.slice(0, -10) : pageFile,
  );
}

/**
 * The pages of a build that have no Markdown copy (the sign-in page, search, the not-found page…), for a
 * runtime that cannot look the copy up per request (the edge handler's configuration, deploy/edge).
 *
 * @param files - every file of the build, relative to its folder, with `/` separators.
 * @returns their `.html` files whose {@link markdownFileOf} is not among `files`, sorted.
 */
export function pagesWithoutMarkdown(files: Iterable<string>): string[] {
  const all = new Set(files);
  return [...all].filter((file) => file.endsWith('.html') && !all.has(markdownFileOf(file))).sort();
}

/** The site path of a page's Markdown copy, as a browser requests it: `/docs/x` → `/docs/x.md`. */
export function markdownHrefOf(pathname: string): string {
  return `/${markdownPathOf(pathname)}`;
}

/**
 * The page whose Markdown copy a site path names, the inverse of {@link markdownHrefOf}: `/docs/x.md` →
 * `/docs/x`, `/index.md` → `/`.
 *
 * @returns the page's route, or `null` when `sitePath` names no Markdown copy.
 */
export function pageOfMarkdownHref(sitePath: string): string | null {
  if (!sitePath.endsWith('.md') || sitePath.length <= '/.md'.length) return null;
  const route = sitePath.slice(0, -'.md'.length);
  return route === '/index' ? '/' : route;
}

/**
 * The routes of a build's pages, one per `.html` file, as {@link sitePathsOf} names its plain path:
 * `docs/x/index.html` → `/docs/x`, `index.html` → `/`, `404.html` → `/404`. Decoded, as the build names
 * its folders. Reader insights take events for these routes only (rules/insights.ts): the gate reads them
 * from its build, the insights function has them baked in by `npm run deploy:build`.
 *
 * @param files - every file of the build, relative to its folder, with `/` separators.
 * @returns the routes, sorted, without repeats.
 */
export function pageRoutesOf(files: Iterable<string>): string[] {
  const routes = new Set<string>();
  // The second path sitePathsOf names for an `.html` file is its plain one.
  for (const file of files) if (file.endsWith('.html')) routes.add(sitePathsOf(file)[1]);
  return [...routes].sort();
}

/**
 * The page of `pages` ({@link pageRoutesOf}) that `route` names, or `undefined` when it names none. The
 * browser reports `location.pathname`: percent-encoded (`/docs/Our%20domains`), with or without the
 * trailing `/` Docusaurus also answers; both spellings name the page.
 *
 * @param route - a site path without query or fragment.
 */
export function pageRouteIn(pages: ReadonlySet<string>, route: string): string | undefined {
  const plain = trimTrailing(route, '/') || '/';
  if (pages.has(plain)) return plain;
  let decoded: string;
  try {
    decoded = decodeURIComponent(plain);
  } catch {
    return undefined;
  }
  return pages.has(decoded) ? decoded : undefined;
}
