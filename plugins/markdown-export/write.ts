/**
 * `tsx plugins/markdown-export/write.ts <site folder> <build folder>`: writes every page's Markdown copy,
 * the llms.txt files (./export.ts) and the pages as the MCP server's `search_docs` searches them
 * (./searchPages.ts, rules/contentFiles.ts `MCP_SEARCH_FILE`) into the build folder, from the inventory the plugin saved in
 * `.docusaurus/` and the bundled contract. The plugin's `postBuild` runs it in a child process: remark is
 * ESM-only, and the child works on the core the search plugin's indexing (the other plugins' `postBuild`,
 * one thread) leaves idle. Prints one line; exits 1 with the reason when it fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLED_SPEC_PATH } from '../../config/openapi';
import { formatBuildFile, readBuildFile } from '../../rules/buildFiles';
import { MARKDOWN_INVENTORY, MCP_SEARCH, MCP_SEARCH_FILE, type SearchFile } from '../../rules/contentFiles';
import { exportMarkdown } from './export';
import type { ApiDocument } from './openapi';
import { searchPagesOf } from './searchPages';

async function main(): Promise<void> {
  const [siteDir, buildDir] = process.argv.slice(2);
  if (!siteDir || !buildDir) throw new Error('usage: write.ts <site folder> <build folder>');
  const started = Date.now();
  const inventory = readBuildFile(fs, path.join(siteDir, '.docusaurus'), MARKDOWN_INVENTORY);
  const contract = JSON.parse(fs.readFileSync(path.join(siteDir, BUNDLED_SPEC_PATH), 'utf8')) as ApiDocument;
  const written = await exportMarkdown(buildDir, inventory, contract);
  const search: SearchFile = { pages: await searchPagesOf(written.rendered, contract) };
  const searchText = formatBuildFile(MCP_SEARCH, search);
  fs.writeFileSync(path.join(buildDir, MCP_SEARCH_FILE), searchText);
  console.log(
    `[markdown-export] ${written.pages} pages as Markdown (llms.txt ${written.llmsBytes} bytes, ` +
      `llms-full.txt ${(written.llmsFullBytes / 1024).toFixed(0)} KiB, ${MCP_SEARCH_FILE} ` +
      `${(Buffer.byteLength(searchText) / 1024).toFixed(0)} KiB) in ${Date.now() - started} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`[markdown-export] failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
