/**
 * The authorization server function's bundle, built by `npm run deploy:build` after the insights function's where
 * AI tools sign in through the portal's authorization server (COGNITO_MCP_CLIENT_ID): the handler (deploy/oauth)
 * bundled with esbuild into `<bundle dir>/index.js` with its configuration baked in (the pool, its keys, the MCP
 * app client, its hosted UI, SITE_URL, PRODUCT_NAME and the tools' token lifetime), oidc-provider (ECMAScript
 * modules only) bundled into the one CommonJS file with it, and `trust.json` beside it (deploy/trust.ts, checked
 * by deploy:synth as for the other bundles).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OAuthFunctionConfig } from '../oauth/handler';
import { TRUST_FILE, trustOf } from '../trust';
import { bundleFunction } from './bundle';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Bundles the function into `outDir` (emptied first).
 *
 * @returns the bundle's size, in bytes.
 */
export async function buildOAuthBundle(config: OAuthFunctionConfig, outDir: string): Promise<{ codeBytes: number }> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, 'index.js');
  await bundleFunction(path.join(ROOT, 'deploy/oauth/entry.ts'), outfile, { __OAUTH_CONFIG__: config });
  fs.writeFileSync(path.join(outDir, TRUST_FILE), `${JSON.stringify(trustOf(config), null, 2)}\n`);
  return { codeBytes: fs.statSync(outfile).size };
}
