/**
 * Links each built page's route stylesheets in its HTML (issue #9). Docusaurus 3's HTML names only
 * the one global stylesheet and the entry scripts; a route chunk's CSS arrives with the chunk, after
 * the page has painted. Stylesheets kept out of the global one (the OpenAPI theme's, for the API pages
 * only: plugins/api-chunks) must block the first paint of their pages like the global one does, or
 * the page paints unstyled. Run after `docusaurus build` (scripts/finish-build.ts); the gate and the
 * CDN serve the files as they are. In the browser, Docusaurus' CSS loader finds the `<link>` already
 * there when the route chunk loads, and does not load it twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRouteTree } from './route-tree';
import { firstLoadFiles, routeChain, type ClientManifest } from './sign-in-assets/chunks';
import { assetsOfHtml } from '../server/gate/publicFiles';

/**
 * @param html - a built page.
 * @param hrefs - site-absolute stylesheet paths, e.g. `/assets/css/8749.f4436672.css`, in cascade order.
 * @returns the page with a `<link rel="stylesheet">` for each of `hrefs` it lacks, after its last
 *   stylesheet (before `</head>` when it has none).
 */
export function withStylesheets(html: string, hrefs: string[]): string {
  const present = new Set(assetsOfHtml(html));
  const links = hrefs
    .filter((href) => !present.has(href))
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  if (!links) return html;
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/gi)];
  const last = stylesheets.at(-1);
  if (last?.index !== undefined) {
    const at = last.index + last[0].length;
    return html.slice(0, at) + links + html.slice(at);
  }
  const head = html.search(/<\/head>/i);
  if (head < 0) throw new Error('built page has no </head>: cannot link its route stylesheets');
  return html.slice(0, head) + links + html.slice(head);
}

/** The route path a built HTML file serves: `api/v1/x/index.html` → `/api/v1/x`, `index.html` → `/`. */
export function routePathOf(relativeHtml: string): string {
  return `/${relativeHtml.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1');
}

/**
 * Links the route stylesheets of every page of `buildDir`, and applies `transform` to every page in
 * the same pass (one read and write per file).
 *
 * @param transform - another change to each page's HTML, e.g. plugins/paintFirst.ts.
 * @param generatedDir - the build's `.docusaurus/` folder (route-tree.json, routesChunkNames.json, client-manifest.json).
 * @returns how many pages changed.
 * @throws {Error} when a manifest is missing (run `docusaurus build` first).
 */
export function linkRouteStylesheets(
  buildDir: string,
  generatedDir: string,
  transform: (html: string) => string = (html) => html,
): number {
  const read = (file: string) => fs.readFileSync(path.join(generatedDir, file), 'utf8');
  const tree = readRouteTree(generatedDir);
  const routes = JSON.parse(read('routesChunkNames.json'));
  const manifest = JSON.parse(read('client-manifest.json')) as ClientManifest;
  let linked = 0;
  for (const name of fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' })) {
    const relative = name.split(path.sep).join('/');
    if (!relative.endsWith('.html')) continue;
    const route = routePathOf(relative);
    const file = path.join(buildDir, name);
    const html = fs.readFileSync(file, 'utf8');
    // A page without a route of its own (404.html) keeps the stylesheets it has.
    const css =
      routeChain(tree, route).length === 0
        ? []
        : firstLoadFiles(tree, routes, manifest, route, assetsOfHtml(html)).filter((f) => f.endsWith('.css'));
    const next = transform(withStylesheets(html, css));
    if (next !== html) {
      fs.writeFileSync(file, next);
      linked += 1;
    }
  }
  return linked;
}
