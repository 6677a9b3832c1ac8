/**
 * Which built JavaScript and CSS files a route needs on first load, from the two files a Docusaurus 3
 * build leaves in its generated-files folder: `routesChunkNames.json` (route → chunk names) and
 * `client-manifest.json` (chunk id → files, import origin → chunk group). The sign-in route needs
 * these on top of the scripts its HTML names, because Docusaurus loads a route's chunks before
 * hydrating and does not list them in the HTML.
 */

/** `client-manifest.json` as written by the Docusaurus 3 build (react-loadable-ssr-addon format). */
export interface ClientManifest {
  entrypoints: string[];
  /** Import origin (a chunk id) → every chunk id that import loads. */
  origins: Record<string, string[]>;
  /** Chunk id → its files. */
  assets: Record<string, Record<string, { file: string; publicPath?: string }[]>>;
}

/** `routesChunkNames.json`: `<route path>-<hash>` → nested chunk names. */
export type RoutesChunkNames = Record<string, unknown>;

function collectNames(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => collectNames(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collectNames(item, into));
  return into;
}

/**
 * @param routePath - e.g. `/login`.
 * @returns site-absolute paths of the route's chunk files (e.g. `/assets/js/1a2b3c4d.5e6f.js`), sorted.
 * @throws {Error} when the route is not in `routesChunkNames`.
 */
export function routeChunkFiles(routes: RoutesChunkNames, manifest: ClientManifest, routePath: string): string[] {
  const key = Object.keys(routes).find((candidate) => candidate.replace(/-[0-9a-f]{3}$/, '') === routePath);
  if (!key) throw new Error(`route ${routePath} is not in routesChunkNames.json`);
  const byChunkName = new Map<string, string>();
  for (const [chunkId, files] of Object.entries(manifest.assets)) {
    for (const { file } of Object.values(files).flat()) {
      const name = file.split('/').pop()!.split('.')[0];
      byChunkName.set(name, chunkId);
    }
  }
  const files = new Set<string>();
  for (const name of collectNames(routes[key], new Set())) {
    const chunkId = byChunkName.get(name);
    // A module already bundled into `main` (e.g. the site config) has no chunk file of its own.
    if (!chunkId) continue;
    for (const id of manifest.origins[chunkId] ?? [chunkId]) {
      for (const { file } of Object.values(manifest.assets[id] ?? {}).flat()) files.add(`/${file.replace(/^\/+/, '')}`);
    }
  }
  return [...files].sort();
}
