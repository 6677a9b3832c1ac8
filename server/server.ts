/**
 * `npm run serve`: serves the production build through the gate (server/app.ts) on PORT (3000). In
 * local mode (no COGNITO_USER_POOL_ID) it first starts the local services (identity, sandbox API) and
 * trusts the local identity's keys, but only on a loopback HOST: anywhere else it exits with one line
 * saying what to set (issue #22, `localIdentityRefusal`). With a user pool configured it trusts only
 * that pool's keys. Stops cleanly on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { localIdentityRefusal, portalEnv } from '../config/env';
import { startLocalServices } from '../local';
import { LOCAL_JWKS } from '../local/identity/jwks';
import { buildApp } from './app';
import { cspOriginsFor } from './gate/csp';
import { createAccessTokenVerifier } from './gate/verifier';

const ROOT = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const env = portalEnv;
  const refusal = localIdentityRefusal(env, 'serve');
  if (refusal) throw new Error(refusal);
  if (env.auth.mode === 'local' && env.unsafeLocalIdentity) {
    console.warn('UNSAFE_LOCAL_IDENTITY=1: trusting the local identity service, whose signing key is public.');
  }
  const services = await startLocalServices(env);
  const verifier = await createAccessTokenVerifier(env.auth, {
    jwks: env.auth.mode === 'local' ? LOCAL_JWKS : undefined,
  });
  const app = await buildApp({
    buildDir: path.join(ROOT, 'build'),
    appClientId: env.auth.userPoolClientId,
    verifier,
    csp: cspOriginsFor(env),
    tls: env.siteUrl.startsWith('https:'),
    // Production (a real user pool): one JSON line per request on stdout, for the host's log collector.
    accessLog: env.auth.mode === 'cognito' ? (line) => process.stdout.write(`${line}\n`) : undefined,
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
