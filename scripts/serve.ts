/**
 * `npm run serve`: serves the production build through the gate (server/listen.ts) on PORT (3000). It runs from
 * its bundle, `dist/serve.js` (scripts/bundleGate.ts; scripts/serve.sh rebuilds it first where the
 * devDependencies are installed), with no transpiler at run time.
 *
 * In local mode (no COGNITO_USER_POOL_ID) it first starts the local services (identity, sandbox API, IdP, hosted
 * UI) in a child process of their own, this same script with {@link LOCAL_SERVICES_ARG}, which hands back the
 * local identity's keys and the hosted UI's certificate for the gate to trust; the gate's process holds the gate
 * alone. It does so only on a loopback HOST with a loopback SITE_URL: otherwise it exits with one line saying
 * what to set (`localIdentityRefusal`). Every server it starts answers only the configured Host names
 * (`acceptedHostnames`). With a user pool configured it is server/server.ts: it trusts only that pool's keys
 * (or COGNITO_JWKS_FILE's), loads nothing from `local/`, and so runs from a production install
 * (`npm ci --omit=dev`). Stops cleanly on SIGINT/SIGTERM, the local services with it; they also stop when the
 * gate's process is gone.
 *
 * Before starting anything it exits 1 with one line naming the variables to set when a port it would listen on
 * is taken (server/ports.ts) or when the build was made with other settings than these (server/builtFor.ts: its
 * pages would call addresses nobody answers, or sign in with another user pool).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { localIdentityRefusal, portalEnv, portsOf } from '../config/env';
import { servedBuildRefusal } from '../server/builtFor';
import { BUILD_DIR, closeOnSignal, listen, type LocalTrust } from '../server/listen';
import { assertPortsFree } from '../server/ports';

/** The argument that makes this script the local services' process. */
export const LOCAL_SERVICES_ARG = '--local-services';

/** The message the local services' process sends once they all listen. */
interface ReadyMessage {
  ready: LocalTrust;
}

async function main(): Promise<void> {
  const env = portalEnv;
  if (process.argv.includes(LOCAL_SERVICES_ARG)) return runLocalServices();
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
  const services = await startLocalServicesProcess();
  const app = await listen(env, services.trust).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  closeOnSignal(async () => {
    await app.close();
    await services.close();
  });
}

/**
 * Starts this script again as the local services' process and waits until they listen.
 *
 * @returns what the gate trusts in local mode, and `close`, which stops the process and waits for it.
 * @throws {Error} when the process stops before it is ready (it has said why on stderr, e.g. a port in use).
 */
async function startLocalServicesProcess(): Promise<{ trust: LocalTrust; close(): Promise<void> }> {
  // Its own inspector port, if this process has one (a bench reads the gate's heap through it), would clash;
  // tsx's loader flags (from the sources) and the V8 flags stay.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  // eslint-disable-next-line no-restricted-properties -- the child gets this process's environment, less the inspector
  const { NODE_OPTIONS: nodeOptions = '', ...env } = process.env;
  const child: ChildProcess = fork(process.argv[1], [LOCAL_SERVICES_ARG], {
    execArgv,
    stdio: 'inherit',
    env: {
      ...env,
      NODE_OPTIONS: nodeOptions
        .split(/\s+/)
        .filter((option) => !option.startsWith('--inspect'))
        .join(' '),
    },
  });
  const trust = await new Promise<LocalTrust>((resolve, reject) => {
    child.once('message', (message: ReadyMessage) => resolve(message.ready));
    child.once('exit', (code) =>
      reject(new Error(`the local services stopped (exit code ${code}) before they were ready; see above`)),
    );
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { trust, close };
}

/** The local services' process: starts them, hands the gate what it trusts, and stops with it. */
async function runLocalServices(): Promise<void> {
  const [{ startLocalServices }, { LOCAL_JWKS }] = await Promise.all([
    import('../local'),
    import('../local/identity/jwks'),
  ]);
  const services = await startLocalServices(portalEnv);
  const ready: ReadyMessage = { ready: { jwks: LOCAL_JWKS, hostedUiCa: services.hostedUi?.cert } };
  process.send?.(ready);
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= services.close());
  // The gate closes the channel when it stops, on purpose or not.
  process.once('disconnect', () => void close().then(() => process.exit(0)));
  closeOnSignal(close);
}

main().catch((error: unknown) => {
  const what = process.argv.includes(LOCAL_SERVICES_ARG) ? 'the local services' : 'the server';
  console.error(`Could not start ${what}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
