/**
 * Links each built page's route stylesheets in its HTML. Docusaurus 3's HTML names only
 * the one global stylesheet and the entry scripts; a route chunk's CSS arrives with the chunk, after
 * the page has painted. Stylesheets kept out of the global one (the OpenAPI theme's, for the API pages
 * only: plugins/api-chunks) must block the first paint of their pages like the global one does, or
 * the page paints unstyled. A step of postbuild/ (after `docusaurus build`); the gate and the
 * CDN serve the files as they are. In the browser, Docusaurus' CSS loader finds the `<link>` already
 * there when the route chunk loads, and does not load it twice.
 */
import type { RouteManifests } from '../../rules/buildFiles';
import { firstLoadFiles, routeChain } from '../../rules/firstLoad';
import { assetsOfHtml } from '../../rules/pageAssets';

/**
 * @param html - a built page.
 * @param hrefs - site-absolute stylesheet paths, e.g. `/assets/css/8749.f4436672.css`, in cascade order.
 * @param assets - the page's assets (`assetsOfHtml(html)`) when the caller has them, so it is not parsed again.
 * @returns the page with a `<link rel="stylesheet">` for each of `hrefs` it lacks, after its last
 *   stylesheet (before `</head>` when it has none).
 */
export function withStylesheets(html: string, hrefs: string[], assets = assetsOfHtml(html)): string {
  const present = new Set(assets);
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

/**
 * The stylesheets `html` (the page built for `route`) must link so it paints styled: its route
 * chunks' CSS in cascade order; none for a page without a route of its own (404.html keeps what it has).
 * `assets` as for {@link withStylesheets}.
 */
export function routeStylesheetsOf(
  manifests: RouteManifests,
  route: string,
  html: string,
  assets = assetsOfHtml(html),
): string[] {
  if (routeChain(manifests.tree, route).length === 0) return [];
  return firstLoadFiles(manifests.tree, manifests.routes, manifests.client, route, assets).filter((f) =>
    f.endsWith('.css'),
  );
}
