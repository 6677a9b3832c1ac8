/**
 * Last step of `npm run build`, after `docusaurus build` (whose plugins write files in parallel until
 * it ends): writes every page as Markdown and the llms.txt files (plugins/markdown-export, issue #14), links each page's route stylesheets (plugins/routeStylesheets.ts) and lets it paint before
 * its scripts run (plugins/paintFirst.ts), marks the gated pages
 * (server/gate/verifiedPages.ts) and writes the brotli and gzip copies
 * of every text file (server/gate/compression.ts), so the gate never compresses per request (issue #9).
 * Prints what it did.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLED_SPEC_PATH } from '../config/openapi';
import { exportMarkdown } from '../plugins/markdown-export/export';
import { INVENTORY_FILE } from '../plugins/markdown-export';
import type { Inventory } from '../plugins/markdown-export/inventory';
import { withPaintFirstScripts } from '../plugins/paintFirst';
import { linkRouteStylesheets } from '../plugins/routeStylesheets';
import { SIGN_IN_ROUTE } from '../plugins/sign-in-assets';
import { precompressDir } from '../server/gate/compression';
import { inlineScriptHashes } from '../server/gate/csp';
import { markVerifiedPages } from '../server/gate/verifiedPages';

async function main(): Promise<void> {
  const buildDir = path.resolve(__dirname, '..', 'build');
  const started = Date.now();
  const root = path.resolve(__dirname, '..');
  const inventory = JSON.parse(fs.readFileSync(path.join(root, '.docusaurus', INVENTORY_FILE), 'utf8')) as Inventory;
  const contract = JSON.parse(fs.readFileSync(path.join(root, BUNDLED_SPEC_PATH), 'utf8'));
  const markdown = await exportMarkdown(buildDir, inventory, contract);
  const styled = linkRouteStylesheets(buildDir, path.resolve(__dirname, '..', '.docusaurus'), withPaintFirstScripts);
  const marked = markVerifiedPages(buildDir, [`${SIGN_IN_ROUTE.slice(1)}/index.html`]);
  // The gate's CSP refuses inline scripts that came with content (issue #22): say where they are.
  inlineScriptHashes(buildDir, (page, script) =>
    console.warn(
      `finish-build: build/${page} holds an inline <script> from its content (${JSON.stringify(script.trim().slice(0, 60))}); ` +
        'the Content-Security-Policy blocks it. Move the code into a component (src/components) instead.',
    ),
  );
  const { files, bytes, brotliBytes } = await precompressDir(buildDir);
  console.log(
    `finish-build: ${markdown.pages} pages as Markdown (llms.txt ${markdown.llmsBytes} bytes, llms-full.txt ${(markdown.llmsFullBytes / 1024).toFixed(0)} KiB); ` +
      `${styled} pages given their route stylesheets and paint-first scripts; ${marked} pages marked for the gate; ${files} files compressed, ` +
      `${(bytes / 1048576).toFixed(1)} MiB → ${(brotliBytes / 1048576).toFixed(1)} MiB brotli, in ${Date.now() - started} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`finish-build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
