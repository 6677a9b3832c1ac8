/**
 * The manifests the post-build steps read, each read once through rules/buildFiles.ts: the route tree
 * (plugins/route-tree, from `postBuild`), core's `routesChunkNames.json` and `client-manifest.json`, the
 * Markdown inventory (plugins/markdown-export) and the site's own inline scripts (plugins/site-scripts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  readBuildFile,
  readRouteManifests,
  SITE_SCRIPTS,
  type RouteManifests,
  type SiteScripts,
} from '../rules/buildFiles';
import { MARKDOWN_INVENTORY, type Inventory } from '../rules/contentFiles';

/** Everything the post-build steps read besides the pages themselves. */
export interface BuildManifests extends RouteManifests {
  inventory: Inventory;
  /** The site's own inline scripts (plugins/site-scripts). */
  siteScripts: SiteScripts;
}

/**
 * @param root - the site's folder (holds `.docusaurus/`).
 * @throws {Error} naming the file and its writer when one is missing, not JSON or not of its shape (run
 *   `npm run build`: `docusaurus build` writes them).
 */
export function readBuildManifests(root: string): BuildManifests {
  const generatedDir = path.join(root, '.docusaurus');
  return {
    ...readRouteManifests(fs, generatedDir),
    inventory: readBuildFile(fs, generatedDir, MARKDOWN_INVENTORY),
    siteScripts: readBuildFile(fs, generatedDir, SITE_SCRIPTS),
  };
}
