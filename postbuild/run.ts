/**
 * Last step of `npm run build`, after `docusaurus build` (whose plugins write files in parallel until
 * it ends, the Markdown copies and llms.txt among them): the post-build pipeline of postbuild/README.md.
 * Reads the build manifests once, passes once over the built pages (route stylesheets, paint-first scripts,
 * gate mark, the check for what content may not bring, CSP hashes) and compresses every text file. Prints
 * what it did; exits 1 with the reason when a step fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtFileOf, SIGN_IN_ROUTE } from '../rules/routes';
import { recordBuildIdentity } from './buildIdentity';
import { readBuildManifests } from './manifests';
import { finishPages } from './pages';
import { pageSources } from './pageSources';
import { portalEnv } from '../config/env';
import { COMPRESSION_CACHE_DIR, noCompression, startBuildCompression } from './compress';

const ROOT = path.resolve(__dirname, '..');
const BUILD_DIR = path.join(ROOT, 'build');

async function main(): Promise<void> {
  const started = Date.now();
  const manifests = readBuildManifests(ROOT);
  // A rebuild compresses only what changed; the hashed assets and the search index are compressed while
  // the next steps run. BUILD_COPIES=off (the test suite's extra builds) writes no compressed copy.
  const compression = portalEnv.buildCopies ? startBuildCompression(BUILD_DIR, COMPRESSION_CACHE_DIR) : noCompression();
  const pages = await finishPages(BUILD_DIR, {
    manifests,
    publicPages: [builtFileOf(SIGN_IN_ROUTE)],
    compression,
    siteScripts: manifests.siteScripts,
    staticFileOf: (page) => {
      const files = manifests.siteScripts.staticDirectories.map((dir) => path.resolve(ROOT, dir, page));
      const file = files.find((candidate) => fs.existsSync(candidate));
      return file && path.relative(ROOT, file);
    },
    sourceOf: pageSources(manifests.inventory, ROOT),
  });
  // Last, so only a build whose every step succeeded can be deployed (deploy/trust.ts buildRefusal).
  recordBuildIdentity(BUILD_DIR);
  const { files, bytes, brotliBytes, cached } = pages.compression;
  console.log(
    `postbuild: ${pages.pages} HTML pages read once: ${Object.entries(pages.changedBy)
      .map(([folder, count]) => `${count} changed by ${folder}`)
      .join(', ')}, ${pages.marked} marked for the gate, ` +
      `${pages.scriptHashes} inline scripts hashed for the CSP; ${files} files compressed (${cached} unchanged, from the cache), ` +
      `${(bytes / 1048576).toFixed(1)} MiB → ${(brotliBytes / 1048576).toFixed(1)} MiB brotli ` +
      `(pages ${pages.pagesMs} ms, compression done ${pages.compressionMs} ms after the pages), in ${Date.now() - started} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`postbuild failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
