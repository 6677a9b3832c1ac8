/**
 * Which built JavaScript and CSS files a route needs on first load, from what a Docusaurus 3 build
 * leaves in its generated-files folder (`.docusaurus/`): `route-tree.json` (the nested route tree, written
 * by plugins/route-tree from `postBuild`'s routes), `routesChunkNames.json` (route → chunk names) and
 * `client-manifest.json` (chunk → files, chunk name → every chunk an import of it loads). Docusaurus
 * loads a route's chunks, those of its parent layout routes included, before hydrating, and does not
 * list them in the HTML. Used by the sign-in assets plugin (what the server gate lets anonymous
 * visitors load), the API pages' route stylesheets (plugins/api-chunks) and the size budgets and benchmark
 * (first-load JS). The files' shapes are rules/buildFiles.ts'.
 */

import type { ClientManifest, RouteNode, RoutesChunkNames } from './buildFiles';

function collectNames(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => collectNames(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collectNames(item, into));
  return into;
}

const siteAbsolute = (file: string) => `/${file.replace(/^\/+/, '')}`;

/** {@link chunkIdsByName}'s answer per manifest: computed once, not once per chunk of every page. */
const chunkIdsOf = new WeakMap<ClientManifest, Map<string, string>>();

/**
 * Chunk name (the file name's first part, e.g. `34b338d8` of `assets/js/34b338d8.bbbb.js`) → chunk id.
 * Memoized per manifest: the build's last step asks for every chunk of every page, and recomputing it
 * per chunk grows with the square of the content.
 */
function chunkIdsByName(manifest: ClientManifest): Map<string, string> {
  const known = chunkIdsOf.get(manifest);
  if (known) return known;
  const byName = new Map<string, string>();
  for (const [chunkId, files] of Object.entries(manifest.assets)) {
    for (const { file } of Object.values(files).flat()) byName.set(file.split('/').pop()!.split('.')[0], chunkId);
  }
  chunkIdsOf.set(manifest, byName);
  return byName;
}

/**
 * Files of a chunk and of every chunk loaded with it (its chunk group).
 *
 * @param chunkName - a registry chunk name (`4c5e977b`) or a `webpackChunkName` (`sign-in-form`).
 * @returns site-absolute paths (e.g. `/assets/js/1a2b3c4d.5e6f.js`), sorted; empty when the build has no such chunk.
 */
export function chunkGroupFiles(manifest: ClientManifest, chunkName: string): string[] {
  const chunkId = chunkIdsByName(manifest).get(chunkName);
  const group = manifest.origins[chunkName] ?? (chunkId ? (manifest.origins[chunkId] ?? [chunkId]) : []);
  const files = new Set<string>();
  for (const id of group) {
    for (const { file } of Object.values(manifest.assets[id] ?? {}).flat()) files.add(siteAbsolute(file));
  }
  return [...files].sort();
}

function filesOfRouteKeys(routes: RoutesChunkNames, manifest: ClientManifest, keys: string[]): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    // A module already bundled into `main` (e.g. the site config) has no chunk file of its own.
    for (const name of collectNames(routes[key], new Set()))
      chunkGroupFiles(manifest, name).forEach((f) => files.add(f));
  }
  return [...files].sort();
}

/**
 * @param routePath - e.g. `/login`.
 * @returns site-absolute paths of the route's own chunk files (e.g. `/assets/js/1a2b3c4d.5e6f.js`), sorted.
 * @throws {Error} when the route is not in `routesChunkNames`.
 */
export function routeChunkFiles(routes: RoutesChunkNames, manifest: ClientManifest, routePath: string): string[] {
  const key = Object.keys(routes).find((candidate) => candidate.replace(/-[0-9a-f]{3}$/, '') === routePath);
  if (!key) throw new Error(`route ${routePath} is not in routesChunkNames.json`);
  return filesOfRouteKeys(routes, manifest, [key]);
}

/** React Router's non-strict matching: a trailing slash is optional. */
const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

function matches(node: RouteNode, path: string): boolean {
  if (node.path === '*') return true;
  const route = withoutSlash(node.path);
  const target = withoutSlash(path);
  if (node.exact) return route === target;
  return route === '/' || target === route || target.startsWith(`${route}/`);
}

/**
 * The route keys a path renders, outermost layout first, as React Router matches them (first match in
 * order, layouts by prefix, leaves exactly).
 *
 * @returns e.g. `['/api-a93', '/api-ee5', '/api-979', '/api/v1/search-documents-106']`; empty when no route matches.
 */
export function routeChain(tree: RouteNode[], path: string): string[] {
  for (const node of tree) {
    if (!matches(node, path)) continue;
    if (node.routes) {
      const inner = routeChain(node.routes, path);
      if (inner.length) return [node.key, ...inner];
      continue;
    }
    return [node.key];
  }
  return [];
}

/**
 * Every JavaScript and CSS file a page loads before it hydrates: what its HTML names (`entryFiles`,
 * e.g. runtime, main and the stylesheet) plus the chunks of its route and of its parent layout routes.
 * Prefetches of other pages are not included.
 *
 * @param entryFiles - site-absolute files the page's HTML loads (rules/pageAssets.ts `assetsOfHtml`).
 * @throws {Error} when no route matches `path`.
 */
export function firstLoadFiles(
  tree: RouteNode[],
  routes: RoutesChunkNames,
  manifest: ClientManifest,
  path: string,
  entryFiles: string[],
): string[] {
  const chain = routeChain(tree, path);
  if (chain.length === 0) throw new Error(`no route of the route tree matches ${path}`);
  const files = new Set([
    ...entryFiles.filter((file) => /\.(js|css)$/.test(file)),
    ...filesOfRouteKeys(routes, manifest, chain),
  ]);
  return [...files].sort();
}

/** The route path a built HTML file serves: `api/v1/x/index.html` → `/api/v1/x`, `index.html` → `/`. */
export function routePathOf(relativeHtml: string): string {
  return `/${relativeHtml.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1');
}
