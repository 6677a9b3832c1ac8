/**
 * `npm run serve`: serves the production build through the gate (server/listen.ts) on PORT (3000). In
 * local mode (no COGNITO_USER_POOL_ID) it first starts the local services (identity, sandbox API, IdP,
 * hosted UI) and trusts the local identity's keys, but only on a loopback HOST with a loopback SITE_URL:
 * otherwise it exits with one line saying what to set (`localIdentityRefusal`). Every server it starts
 * answers only the configured Host names (`acceptedHostnames`). With a user pool configured it
 * is server/server.ts: it trusts only that pool's keys (or COGNITO_JWKS_FILE's), loads nothing from `local/`,
 * and so runs from a production install (`npm ci --omit=dev`). Stops cleanly on SIGINT/SIGTERM.
 *
 * Before starting anything it exits 1 with one line naming the variables to set when a port it would listen on
 * is taken (server/ports.ts) or when the build was made with other settings than these (server/builtFor.ts: its
 * pages would call addresses nobody answers, or sign in with another user pool).
 */
import { localIdentityRefusal, portalEnv, portsOf } from '../config/env';
import { servedBuildRefusal } from '../server/builtFor';
import { BUILD_DIR, closeOnSignal, listen } from '../server/listen';
import { assertPortsFree } from '../server/ports';

async function main(): Promise<void> {
  const env = portalEnv;
  const refusal = localIdentityRefusal(env, 'serve');
  if (refusal) throw new Error(refusal);
  await assertPortsFree(portsOf(env, 'serve'));
  const builtFor = servedBuildRefusal(BUILD_DIR, env);
  if (builtFor) throw new Error(builtFor);
  if (env.auth.mode === 'local' && env.unsafeLocalIdentity) {
    console.warn('UNSAFE_LOCAL_IDENTITY=1: trusting the local identity service, whose signing key is public.');
  }
  if (env.auth.mode === 'cognito') {
    // A deployment: nothing from local/ is loaded, so a production install (no devDependencies) runs it.
    const app = await listen(env);
    closeOnSignal(() => app.close());
    return;
  }
  const [{ startLocalServices }, { LOCAL_JWKS }] = await Promise.all([
    import('../local'),
    import('../local/identity/jwks'),
  ]);
  const services = await startLocalServices(env);
  const app = await listen(env, { jwks: LOCAL_JWKS, hostedUiCa: services.hostedUi?.cert });
  closeOnSignal(async () => {
    await app.close();
    await services.close();
  });
}

main().catch((error: unknown) => {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
