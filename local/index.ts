/**
 * The local services the portal runs beside itself in local mode (no COGNITO_USER_POOL_ID): the identity
 * service (./identity) and the sandbox API (./sandbox). `npm start` and `npm run serve` call this.
 */
import type { PortalEnv } from '../config/env';
import { startDefaultLocalIdentity } from './identity/default';
import type { LocalIdentity } from './identity';
import { startLocalSandbox, type LocalSandbox } from './sandbox';

/** The services started; `close` stops them all. With a real user pool configured, none is started. */
export interface LocalServices {
  identity?: LocalIdentity;
  sandbox?: LocalSandbox;
  close(): Promise<void>;
}

/**
 * Starts the identity service, then the sandbox API, in local mode; in Cognito mode says which pool is used.
 *
 * @throws {Error} naming the port and the variable to change when a port is taken.
 */
export async function startLocalServices(env: PortalEnv): Promise<LocalServices> {
  if (env.auth.mode !== 'local') {
    console.log(`[identity] Using Cognito user pool ${env.auth.userPoolId} (${env.auth.region}).`);
    return { close: async () => {} };
  }
  const identity = await withPortHint(
    () => startDefaultLocalIdentity(env),
    env.localIdentity.port,
    'LOCAL_IDENTITY_PORT',
  );
  try {
    const sandbox = await withPortHint(() => startLocalSandbox(env), env.localSandbox.port, 'SANDBOX_PORT');
    return {
      identity,
      sandbox,
      async close() {
        await sandbox.close();
        await identity.close();
      },
    };
  } catch (error) {
    await identity.close();
    throw error;
  }
}

/** Runs `start`, adding to a port clash the port and the variable that moves it. */
async function withPortHint<T>(start: () => Promise<T>, port: number, variable: string): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/EADDRINUSE/.test(message)) throw error;
    throw new Error(`${message} (port ${port} is in use: stop the other portal or set ${variable})`);
  }
}
