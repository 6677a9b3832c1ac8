/**
 * First-load weight of a built page, computed from the build's manifests (rules/firstLoad.ts):
 * every JavaScript and CSS file the page loads before it hydrates, gzip level 9, in bytes. Deterministic,
 * so `npm test` checks it against budgets (tests/e2e/budgets.spec.ts) and `npm run bench` prints it
 * beside the browser's own count.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readRouteManifests } from '../../rules/buildFiles';
import { firstLoadFiles } from '../../rules/firstLoad';
import { assetsOfHtml } from '../../rules/pageAssets';
import { builtFileOf } from '../../rules/routes';

/** A page's first-load files and their gzip sizes. */
export interface FirstLoad {
  /** Site-absolute paths, sorted. */
  files: string[];
  /** Bytes of the JavaScript files, each gzip -9. */
  jsGzip: number;
  /** Bytes of the CSS files, each gzip -9. */
  cssGzip: number;
}

/**
 * @param siteDir - a Docusaurus site whose `build/` and `.docusaurus/` are from the same build.
 * @param pagePath - e.g. `/docs/document_format/schema`.
 * @throws {Error} when the build lacks the page or its manifests (run the build first).
 */
export function firstLoad(siteDir: string, pagePath: string): FirstLoad {
  const generated = path.join(siteDir, '.docusaurus');
  const buildDir = path.join(siteDir, 'build');
  const html = fs.readFileSync(path.join(buildDir, builtFileOf(pagePath)), 'utf8');
  const { tree, routes, client } = readRouteManifests(fs, generated);
  const files = firstLoadFiles(tree, routes, client, pagePath, assetsOfHtml(html));
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(buildDir, file)), { level: 9 }).length;
  const sum = (extension: string) =>
    files.filter((file) => file.endsWith(extension)).reduce((total, file) => total + gzip(file), 0);
  return { files, jsGzip: sum('.js'), cssGzip: sum('.css') };
}
