/**
 * The manifests the post-build steps read, each read once: the route tree
 * (plugins/route-tree, from `postBuild`), core's `routesChunkNames.json` and `client-manifest.json`, the
 * Markdown inventory (plugins/markdown-export), the site's own inline scripts (plugins/site-scripts) and the
 * bundled contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLED_SPEC_PATH } from '../config/openapi';
import { INVENTORY_FILE } from '../plugins/markdown-export';
import type { Inventory } from '../plugins/markdown-export/inventory';
import { readRouteTree } from '../plugins/route-tree';
import { readSiteScripts, type SiteScripts } from '../plugins/site-scripts';
import type { ClientManifest } from '../plugins/sign-in-assets/chunks';
import type { ApiDocument } from '../plugins/markdown-export/openapi';
import type { RouteManifests } from '../plugins/api-chunks/routeStylesheets';

/** Everything the post-build steps read besides the pages themselves. */
export interface BuildManifests extends RouteManifests {
  inventory: Inventory;
  contract: ApiDocument;
  /** The site's own inline scripts (plugins/site-scripts). */
  siteScripts: SiteScripts;
}

/**
 * @param root - the site's folder (holds `.docusaurus/` and the bundled contract).
 * @throws {Error} naming the file when one is missing or not JSON (run `npm run build`: `docusaurus build` writes them).
 */
export function readBuildManifests(root: string): BuildManifests {
  const generatedDir = path.join(root, '.docusaurus');
  const json = (file: string) => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(
        `cannot read ${path.relative(root, file)} (${error instanceof Error ? error.message : error}): run "npm run build", which writes it before this step.`,
      );
    }
  };
  return {
    tree: readRouteTree(generatedDir),
    routes: json(path.join(generatedDir, 'routesChunkNames.json')),
    client: json(path.join(generatedDir, 'client-manifest.json')) as ClientManifest,
    inventory: json(path.join(generatedDir, INVENTORY_FILE)) as Inventory,
    contract: json(path.join(root, BUNDLED_SPEC_PATH)) as ApiDocument,
    siteScripts: readSiteScripts(generatedDir),
  };
}
