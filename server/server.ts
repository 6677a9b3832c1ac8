/**
 * `npm run serve`: serves the production build through the gate (server/app.ts) on PORT (3000). In
 * local mode (no COGNITO_USER_POOL_ID) it first starts the local services (identity, sandbox API) and
 * trusts the local identity's keys; with a user pool configured it trusts only that pool's keys. Stops
 * cleanly on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { portalEnv, type PortalEnv } from '../config/env';
import { loadContract } from '../config/openapi';
import { startLocalServices } from '../local';
import { LOCAL_JWKS } from '../local/identity/jwks';
import { sandboxFirst, withApiHost, type OpenApiDocument } from '../scripts/openapi/contract';
import { buildApp } from './app';
import type { CspOrigins } from './gate/csp';
import { createAccessTokenVerifier } from './gate/verifier';

const ROOT = path.resolve(__dirname, '..');

/** Origins the browser may connect to: the identity service, the contract's API servers, OAuth. */
export function cspOriginsFor(env: PortalEnv): CspOrigins {
  const contract = loadContract(ROOT) as OpenApiDocument;
  const servers = sandboxFirst(withApiHost(contract, env.apiHost), env.localSandbox.port).servers ?? [];
  const api = servers.map((server) => new URL(server.url).origin);
  const identity =
    env.auth.mode === 'local' ? [env.auth.userPoolEndpoint!] : [`https://cognito-idp.${env.auth.region}.amazonaws.com`];
  return {
    identity,
    api: [...new Set(api)],
    oauth: env.auth.oauth.domain ? `https://${env.auth.oauth.domain}` : undefined,
  };
}

async function main(): Promise<void> {
  const env = portalEnv;
  const services = await startLocalServices(env);
  const verifier = await createAccessTokenVerifier(env.auth, {
    localJwks: env.auth.mode === 'local' ? LOCAL_JWKS : undefined,
  });
  const app = await buildApp({
    buildDir: path.join(ROOT, 'build'),
    appClientId: env.auth.userPoolClientId,
    verifier,
    csp: cspOriginsFor(env),
    tls: env.siteUrl.startsWith('https:'),
  });
  await app.listen({ port: env.sitePort, host: env.siteHost });
  console.log(`Serving build/ through the sign-in gate at http://${env.siteHost}:${env.sitePort}/`);

  const stop = async () => {
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
