/**
 * Serves the production build through the gate (server/app.ts) on the configured HOST and PORT: the one
 * way both entry points start the gate. `server/server.ts` (a deployment, with a Cognito user pool) and
 * `npm run serve` (scripts/serve.ts, which also runs the local services in local mode) call it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { FastifyInstance } from 'fastify';
import { userPoolIssuer, type PortalEnv } from '../config/env';
import { buildApp, type AppMcpOptions } from './app';
import { buildMcpDevApp } from './mcp/fastify';
import type { McpContent } from './mcp/content';
import { cspOriginsFor } from './gate/csp';
import { createAccessTokenVerifier } from './gate/verifier';
import { insightsDataDirOf, sqliteInsightsStore } from './insights/sqliteStore';
import { authorizationServerOf, type LocalTrust } from './oauth/fromEnv';
import { PROJECT_ROOT } from '../config/paths';
import { withPortHint } from './ports';

export type { LocalTrust };

/** The portal's version (package.json), reported to MCP clients. */
export const PORTAL_VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The build output the gate serves: `build/` beside this folder. */
export const BUILD_DIR = path.join(PROJECT_ROOT, 'build');

/**
 * Builds the gate for `env` and listens on `env.siteHost`:`env.sitePort`.
 *
 * @param local - in local mode only (scripts/serve.ts): the local identity service's keys, trusted instead of
 *   fetching the user pool's, and the local hosted UI's certificate. In Cognito mode COGNITO_JWKS_FILE may pin
 *   the pool's keys instead ({@link pinnedJwks}).
 * @returns the listening app; `close()` stops it.
 * @throws {Error} when the build is incomplete (names the missing file); `PortInUseError` (./ports.ts), naming PORT, when
 *   the port is taken.
 */
export async function listen(env: PortalEnv, local?: LocalTrust): Promise<FastifyInstance> {
  const verifier = await createAccessTokenVerifier(env.auth, { jwks: local?.jwks ?? pinnedJwks(env) });
  const app = await buildApp({
    buildDir: BUILD_DIR,
    appClientId: env.auth.userPoolClientId,
    verifier,
    csp: cspOriginsFor(env),
    tls: env.siteUrl.startsWith('https:'),
    // Production (a real user pool): one JSON line per request on stdout, for the host's log collector.
    accessLog: env.auth.mode === 'cognito' ? (line) => process.stdout.write(`${line}\n`) : undefined,
    mcp: { ...mcpOptionsOf(env), oauth: await authorizationServerOf(env, local) },
    insights: sqliteInsightsStore(insightsDataDirOf(env.insights.dataDir)),
    acceptedHostnames: env.acceptedHostnames,
  });
  await withPortHint(() => app.listen({ port: env.sitePort, host: env.siteHost }), env.sitePort, 'PORT');
  console.log(`Serving build/ through the sign-in gate at http://${env.siteHost}:${env.sitePort}/`);
  return app;
}

/** The MCP endpoint's options for `env`, for the gate and for `npm start`'s MCP server. */
export function mcpOptionsOf(env: PortalEnv): AppMcpOptions {
  return {
    siteUrl: env.siteUrl,
    productName: env.productName,
    version: PORTAL_VERSION,
    issuer: userPoolIssuer(env.auth),
    callApiBase: env.mcp.callApiBase,
  };
}

/**
 * Starts the MCP endpoint alone on `env.mcp.devPort` (loopback), for `npm start`: the dev server has no
 * gate, and proxies `/mcp` here (plugins/mcp-dev-proxy).
 *
 * @param content - what the tools read; `npm start` gives the sources as they are now
 *   (scripts/liveMcpContent.ts), not a build.
 * @param pages - the routes of the site's pages, which reader insights take events for; `npm start` gives
 *   the pages the dev server has loaded (scripts/liveMcpContent.ts `livePageRoutes`).
 * @param siteSearchIndex - the search bar's index as JSON, made from the sources (plugins/dev-search), which the
 *   dev server proxies here; none: not served.
 */
export async function listenMcpDev(
  env: PortalEnv,
  local: LocalTrust | undefined,
  content: McpContent,
  pages: () => ReadonlySet<string>,
  siteSearchIndex?: () => Promise<string>,
): Promise<FastifyInstance> {
  const verifier = await createAccessTokenVerifier(env.auth, { jwks: local?.jwks ?? pinnedJwks(env) });
  const app = await buildMcpDevApp(
    { ...mcpOptionsOf(env), oauth: await authorizationServerOf(env, local) },
    { appClientId: env.auth.userPoolClientId, verifier },
    content,
    env.acceptedHostnames,
    { store: sqliteInsightsStore(insightsDataDirOf(env.insights.dataDir)), pages },
    siteSearchIndex,
  );
  await withPortHint(() => app.listen({ port: env.mcp.devPort, host: 'localhost' }), env.mcp.devPort, 'MCP_DEV_PORT');
  return app;
}

/**
 * The user pool's keys from COGNITO_JWKS_FILE (a copy of `<issuer>/.well-known/jwks.json`), so a gate
 * without a route to Cognito, or one that pins the keys, verifies tokens offline; `undefined` otherwise.
 *
 * @throws {Error} naming the file when it cannot be read or holds no `keys` list.
 */
function pinnedJwks(env: PortalEnv): Jwks | undefined {
  const file = env.deploy.jwksFile;
  if (env.auth.mode !== 'cognito' || !file) return undefined;
  let jwks: Jwks;
  try {
    jwks = JSON.parse(fs.readFileSync(file, 'utf8')) as Jwks;
  } catch (error) {
    throw new Error(
      `COGNITO_JWKS_FILE ${file} cannot be read as JSON: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!Array.isArray(jwks?.keys)) throw new Error(`COGNITO_JWKS_FILE ${file} holds no "keys" list (a JWKS).`);
  return jwks;
}

/** Closes `close` on the first SIGINT or SIGTERM, then exits 0. */
export function closeOnSignal(close: () => Promise<unknown>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
