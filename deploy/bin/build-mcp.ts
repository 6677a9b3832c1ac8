/**
 * The MCP function's bundle, built by `npm run deploy:build` after the edge handler's: the
 * handler (deploy/mcp) bundled with esbuild into `<bundle dir>/index.js` with its configuration baked in,
 * `trust.json` beside it (deploy/trust.ts, checked by deploy:synth as for the edge bundle), and under
 * `content/` the build's files the tools read: every page's Markdown, `llms.txt`, the pages for
 * `search_docs` (rules/contentFiles.ts `MCP_SEARCH_FILE`) and the bundled contract (`api/v1/openapi.json`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MCP_SEARCH_FILE } from '../../rules/contentFiles';
import type { McpFunctionConfig } from '../mcp/handler';
import { TRUST_FILE, trustOf } from '../trust';
import { bundleFunction } from './bundle';

const ROOT = path.resolve(__dirname, '../..');

/** Lambda's limit for a function's unzipped code, in bytes (AWS Lambda quotas: 250 MB). */
export const FUNCTION_CODE_LIMIT_BYTES = 250 * 1024 * 1024;

/** The build's files the MCP tools read (server/mcp/content.ts), relative to the build folder. */
export function contentFilesOf(buildDir: string): string[] {
  return fs
    .readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith('.md') || ['llms.txt', MCP_SEARCH_FILE, 'api/v1/openapi.json'].includes(name))
    .filter((name) => fs.statSync(path.join(buildDir, name)).isFile())
    .sort();
}

/**
 * Bundles the function into `outDir` (emptied first).
 *
 * @returns the bundle's size and the number of content files, in bytes and files.
 * @throws {Error} when the build lacks a file the tools need (run `npm run build`).
 */
export async function buildMcpBundle(
  config: McpFunctionConfig,
  buildDir: string,
  outDir: string,
): Promise<{ codeBytes: number; contentBytes: number; files: number }> {
  const files = contentFilesOf(buildDir);
  for (const needed of ['llms.txt', MCP_SEARCH_FILE, 'api/v1/openapi.json', 'index.md']) {
    if (!files.includes(needed))
      throw new Error(`${path.join(buildDir, needed)} is missing: run "npm run build" first.`);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, 'index.js');
  await bundleFunction(path.join(ROOT, 'deploy/mcp/entry.ts'), outfile, { __MCP_CONFIG__: config });
  let contentBytes = 0;
  for (const file of files) {
    const to = path.join(outDir, 'content', file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(buildDir, file), to);
    contentBytes += fs.statSync(to).size;
  }
  fs.writeFileSync(path.join(outDir, TRUST_FILE), `${JSON.stringify(trustOf(config), null, 2)}\n`);
  const codeBytes = fs.statSync(outfile).size;
  if (codeBytes + contentBytes > FUNCTION_CODE_LIMIT_BYTES) {
    throw new Error(`the MCP bundle (${codeBytes + contentBytes} bytes) is over Lambda's 250 MB code limit`);
  }
  return { codeBytes, contentBytes, files: files.length };
}
