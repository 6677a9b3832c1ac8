/**
 * The insights function's bundle, built by `npm run deploy:build` after the MCP function's: the handler
 * (deploy/insights) bundled with esbuild into `<bundle dir>/index.js` with its configuration baked in (the
 * pool, its keys, SITE_URL and the routes of the build's pages), and `trust.json` beside it (deploy/trust.ts, checked by deploy:synth as for the other bundles).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InsightsFunctionConfig } from '../insights/handler';
import { TRUST_FILE, trustOf } from '../trust';
import { bundleFunction } from './bundle';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Bundles the function into `outDir` (emptied first).
 *
 * @returns the bundle's size, in bytes.
 */
export async function buildInsightsBundle(
  config: InsightsFunctionConfig,
  outDir: string,
): Promise<{ codeBytes: number }> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, 'index.js');
  await bundleFunction(path.join(ROOT, 'deploy/insights/entry.ts'), outfile, { __INSIGHTS_CONFIG__: config });
  fs.writeFileSync(path.join(outDir, TRUST_FILE), `${JSON.stringify(trustOf(config), null, 2)}\n`);
  return { codeBytes: fs.statSync(outfile).size };
}
