/**
 * `npm run deploy:build` (issue #12): bundles the edge handler (deploy/edge) with esbuild into
 * `deploy/dist/edge/index.js`, exporting `handler`, with its configuration baked in: the user pool, app
 * client and JWKS of the configured identity (in local mode the local identity service's, so the bundle
 * can be tried with local tokens), and the build's public sign-in files. Builds the site first when
 * `build/` is missing.
 * Prints the bundle size; refuses one over Lambda@Edge's 1 MB viewer-request limit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { portalEnv } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { SIGN_IN_ROUTE } from '../../plugins/sign-in-assets';
import { publicFiles } from '../../server/gate/publicFiles';
import type { EdgeConfig } from '../edge/handler';

const ROOT = path.resolve(__dirname, '../..');

/** Where the bundle goes; the CDK stack deploys this folder as the function's code. */
export const EDGE_BUNDLE_DIR = path.join(ROOT, 'deploy/dist/edge');

/** Lambda@Edge limit for a viewer-request function's package (AWS quotas), in bytes. */
export const VIEWER_REQUEST_LIMIT_BYTES = 1024 * 1024;

/** The pool's public keys: the local identity's, or fetched from Cognito once, at build time. */
async function poolJwks(): Promise<Jwks> {
  const auth = portalEnv.auth;
  if (auth.mode === 'local') return LOCAL_JWKS;
  const url = `https://cognito-idp.${auth.region}.amazonaws.com/${auth.userPoolId}/.well-known/jwks.json`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as Jwks;
  } catch (error) {
    throw new Error(
      `could not fetch the user pool's keys from ${url} (${error instanceof Error ? error.message : error}); they are baked into the handler`,
    );
  }
}

async function main(): Promise<void> {
  const buildDir = path.join(ROOT, 'build');
  // The allow-list comes from the build, so a fresh clone builds the site first.
  if (!fs.existsSync(path.join(buildDir, 'sign-in-assets.json'))) {
    console.log('build/ is missing: running "npm run build" first.');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const config: EdgeConfig = {
    auth: portalEnv.auth,
    jwks: await poolJwks(),
    publicPaths: [...publicFiles(buildDir)].sort(),
    signInRoute: SIGN_IN_ROUTE,
  };
  const outfile = path.join(EDGE_BUNDLE_DIR, 'index.js');
  fs.rmSync(EDGE_BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(ROOT, 'deploy/edge/entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    // Lambda runs nodejs22.x; the bundle must also run on the Node 20 our machines test with.
    target: 'node20',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    define: { __EDGE_CONFIG__: JSON.stringify(config) },
    logLevel: 'warning',
  });
  const bytes = fs.statSync(outfile).size;
  console.log(
    `Edge handler: ${path.relative(ROOT, outfile)}, ${bytes} bytes (${(bytes / 1024).toFixed(1)} KiB, ` +
      `${((bytes / VIEWER_REQUEST_LIMIT_BYTES) * 100).toFixed(1)}% of the 1 MiB viewer-request limit); ` +
      `${config.auth.mode} identity, user pool ${config.auth.userPoolId}, ${config.publicPaths.length} public paths.`,
  );
  if (bytes > VIEWER_REQUEST_LIMIT_BYTES) throw new Error(`the bundle is over the 1 MiB viewer-request limit`);
}

main().catch((error: unknown) => {
  console.error(`deploy:build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
