/**
 * `npm run deploy:build`: bundles the edge handler (deploy/edge) with esbuild into
 * `deploy/dist/edge/index.js` (or EDGE_BUNDLE_DIR), exporting `handler`, with its configuration baked in:
 * the user pool, app clients and JWKS of the configured Cognito user pool (fetched once, or read from
 * COGNITO_JWKS_FILE), the build's public sign-in files and its pages without a Markdown copy; and writes
 * `trust.json` beside it, which `deploy:synth` checks (deploy/trust.ts). Builds the site first when
 * `build/` is missing, and refuses, with one line saying what to run, a `build/` made for another identity
 * mode, user pool or app client (deploy/trust.ts `buildRefusal`): the bundle would hold that build's pages.
 *
 * In local mode it exits with one line naming the missing variable: such a bundle would trust the local
 * identity service's public key. UNSAFE_LOCAL_IDENTITY=1 builds one anyway, for the tests, and
 * `deploy:synth` still refuses it.
 * Prints the bundle size; refuses one over Lambda@Edge's 1 MB viewer-request limit. Then bundles the MCP
 * function the same way (./build-mcp.ts), the insights function (./build-insights.ts) with SITE_URL and
 * the routes of the build's pages, which it takes events for, and, where AI tools sign in through the portal's
 * authorization server (COGNITO_MCP_CLIENT_ID with COGNITO_OAUTH_DOMAIN), that server's function
 * (./build-oauth.ts); else it removes a bundle of it left from an earlier build, which deploy:synth would not use.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { localIdentityRefusal, portalEnv } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { mcpOAuthIssuer } from '../../rules/mcp';
import { pageRoutesOf, pagesWithoutMarkdown, SIGN_IN_ROUTE } from '../../rules/routes';
import { publicFiles } from '../../server/gate/publicFiles';
import type { EdgeConfig } from '../edge/handler';
import { buildRefusal, holdsLocalKey, TRUST_FILE, trustOf } from '../trust';
import { mcpOptionsOf } from '../../server/listen';
import { type AuthorizationServerSettings, authorizationServerSettingsOf } from '../../server/oauth/options';
import { buildMcpBundle } from './build-mcp';
import { buildInsightsBundle } from './build-insights';
import { buildOAuthBundle } from './build-oauth';
import { bundleFunction } from './bundle';
import { BUILD_DIR, EDGE_BUNDLE_DIR, INSIGHTS_BUNDLE_DIR, MCP_BUNDLE_DIR, OAUTH_BUNDLE_DIR } from './paths';

const ROOT = path.resolve(__dirname, '../..');

/** Lambda@Edge limit for a viewer-request function's package (AWS quotas), in bytes. */
export const VIEWER_REQUEST_LIMIT_BYTES = 1024 * 1024;

/** The pool's public keys: the local identity's, read from COGNITO_JWKS_FILE, or fetched from Cognito once. */
async function poolJwks(): Promise<Jwks> {
  const auth = portalEnv.auth;
  if (auth.mode === 'local') return LOCAL_JWKS;
  const file = portalEnv.deploy.jwksFile;
  if (file) {
    const jwks = JSON.parse(fs.readFileSync(file, 'utf8')) as Jwks;
    if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new Error(`${file} holds no JWKS "keys"`);
    if (holdsLocalKey(jwks)) throw new Error(`${file} holds the local identity service's public key`);
    return jwks;
  }
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

/**
 * The build's files, `/`-separated, after refusing a local-mode deployment and a build made for another identity;
 * builds the site first when `build/` is missing.
 */
function checkedBuildFiles(buildDir: string): string[] {
  const refusal = localIdentityRefusal(portalEnv, 'deploy');
  if (refusal) throw new Error(refusal);
  // The allow-list comes from the build, so a fresh clone builds the site first.
  if (!fs.existsSync(path.join(buildDir, 'sign-in-assets.json'))) {
    console.log('build/ is missing: running "npm run build" first.');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const otherBuild = buildRefusal(buildDir, portalEnv.auth);
  if (otherBuild) throw new Error(otherBuild);
  return fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));
}

/**
 * Bundles the edge handler with its configuration and writes `trust.json` beside it; prints its size.
 *
 * @returns the configuration baked in, whose pool and keys the other functions share.
 * @throws {Error} when the bundle is over the 1 MiB viewer-request limit.
 */
async function buildEdgeBundle(buildDir: string, buildFiles: string[]): Promise<EdgeConfig> {
  const config: EdgeConfig = {
    auth: portalEnv.auth,
    jwks: await poolJwks(),
    publicPaths: [...publicFiles(buildDir)].sort(),
    signInRoute: SIGN_IN_ROUTE,
    pagesWithoutMarkdown: pagesWithoutMarkdown(buildFiles),
  };
  const outDir = EDGE_BUNDLE_DIR;
  const outfile = path.join(outDir, 'index.js');
  fs.rmSync(outDir, { recursive: true, force: true });
  await bundleFunction(path.join(ROOT, 'deploy/edge/entry.ts'), outfile, { __EDGE_CONFIG__: config });
  fs.writeFileSync(path.join(outDir, TRUST_FILE), `${JSON.stringify(trustOf(config), null, 2)}\n`);
  const bytes = fs.statSync(outfile).size;
  console.log(
    `Edge handler: ${path.relative(ROOT, outfile)}, ${bytes} bytes (${(bytes / 1024).toFixed(1)} KiB, ` +
      `${((bytes / VIEWER_REQUEST_LIMIT_BYTES) * 100).toFixed(1)}% of the 1 MiB viewer-request limit); ` +
      `${config.auth.mode} identity, user pool ${config.auth.userPoolId}, ${config.publicPaths.length} public paths.`,
  );
  if (config.auth.mode === 'local') {
    console.warn('UNSAFE_LOCAL_IDENTITY=1: this bundle trusts the local identity service; deploy:synth refuses it.');
  }
  if (bytes > VIEWER_REQUEST_LIMIT_BYTES) throw new Error(`the bundle is over the 1 MiB viewer-request limit`);
  return config;
}

/**
 * The MCP function: the same pool and keys, the MCP server's options, the build's content, and the MCP app
 * client where AI tools sign in through the portal's authorization server.
 */
async function buildMcpFunction(
  config: EdgeConfig,
  oauth: AuthorizationServerSettings | undefined,
  buildDir: string,
): Promise<void> {
  const mcp = await buildMcpBundle(
    { auth: config.auth, jwks: config.jwks, mcp: mcpOptionsOf(portalEnv), ...(oauth && { oauth: oauth.oauth }) },
    buildDir,
    MCP_BUNDLE_DIR,
  );
  console.log(
    `MCP function: ${path.relative(ROOT, path.join(MCP_BUNDLE_DIR, 'index.js'))}, ${mcp.codeBytes} bytes of code and ` +
      `${mcp.files} content files (${(mcp.contentBytes / 1024).toFixed(0)} KiB); call_api ` +
      (portalEnv.mcp.callApiBase ? `to ${portalEnv.mcp.callApiBase}` : 'off (MCP_CALL_API)') +
      (oauth ? `; AI tools sign in with app client ${oauth.oauth.clientId}.` : '; AI tools send a pasted token.'),
  );
}

/** The insights function: the same pool and keys, the site's address and the build's pages. */
async function buildInsightsFunction(config: EdgeConfig, buildFiles: string[]): Promise<void> {
  const insightsConfig = {
    auth: config.auth,
    jwks: config.jwks,
    siteUrl: portalEnv.siteUrl,
    pages: pageRoutesOf(buildFiles),
  };
  const insights = await buildInsightsBundle(insightsConfig, INSIGHTS_BUNDLE_DIR);
  console.log(
    `Insights function: ${path.relative(ROOT, path.join(INSIGHTS_BUNDLE_DIR, 'index.js'))}, ${insights.codeBytes} bytes of code, ` +
      `${insightsConfig.pages.length} pages, origin ${new URL(portalEnv.siteUrl).origin}.`,
  );
}

/**
 * The authorization server's function: the same pool and keys, the MCP app client and its hosted UI; without
 * one, removes a bundle of it left from an earlier build.
 */
async function buildAuthorizationServerFunction(
  config: EdgeConfig,
  oauth: AuthorizationServerSettings | undefined,
): Promise<void> {
  if (!oauth) {
    fs.rmSync(OAUTH_BUNDLE_DIR, { recursive: true, force: true });
    return;
  }
  const authorizationServer = await buildOAuthBundle({ ...oauth, jwks: config.jwks }, OAUTH_BUNDLE_DIR);
  console.log(
    `Authorization server function: ${path.relative(ROOT, path.join(OAUTH_BUNDLE_DIR, 'index.js'))}, ` +
      `${authorizationServer.codeBytes} bytes of code, issuer ${mcpOAuthIssuer(portalEnv.siteUrl)}, ` +
      `hosted UI ${oauth.oauth.hostedUi}.`,
  );
}

async function main(): Promise<void> {
  const buildFiles = checkedBuildFiles(BUILD_DIR);
  const config = await buildEdgeBundle(BUILD_DIR, buildFiles);
  const oauth = authorizationServerSettingsOf(portalEnv);
  await buildMcpFunction(config, oauth, BUILD_DIR);
  await buildInsightsFunction(config, buildFiles);
  await buildAuthorizationServerFunction(config, oauth);
}

main().catch((error: unknown) => {
  console.error(`deploy:build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
