/**
 * The local services the portal runs beside itself in local mode (no COGNITO_USER_POOL_ID): the identity
 * service (./identity), the sandbox API (./sandbox) and, for single sign-on, an OpenID Connect IdP
 * (./idp) behind the user pool's hosted UI (./hostedUi). `npm start` and `npm run serve` call this.
 */
import type { PortalEnv } from '../config/env';
import { startDefaultLocalIdentity } from './identity/default';
import { portalOrigins } from './origins';
import type { LocalIdentity } from './identity';
import type { LocalSandbox } from './sandbox';
import type { LocalIdp } from './idp';
import type { LocalHostedUi } from './hostedUi';

/** The services started; `close` stops them all. With a real user pool configured, none is started. */
export interface LocalServices {
  identity?: LocalIdentity;
  sandbox?: LocalSandbox;
  /** The local IdP and hosted UI, unless LOCAL_SSO=off. */
  sso?: { idp: LocalIdp; hostedUi: LocalHostedUi };
  close(): Promise<void>;
}

/** When the services start. */
export interface LocalServicesOptions {
  /**
   * Resolves when the services after the identity service may start: the sandbox API, the IdP and the
   * hosted UI, whose modules are loaded only then. `npm start` passes "the dev server has compiled its
   * first page": a page needs only the identity service to sign in, and the others' start is CPU work
   * that would otherwise delay the page on a machine with few cores. Default: at once.
   */
  rest?: Promise<unknown>;
}

/**
 * Starts the identity service, then (once `options.rest` resolves) the sandbox API, then (unless
 * LOCAL_SSO=off) the local IdP and hosted UI, in local mode; in Cognito mode says which pool is used.
 *
 * @throws {Error} naming the port and the variable to change when a port is taken.
 */
export async function startLocalServices(env: PortalEnv, options: LocalServicesOptions = {}): Promise<LocalServices> {
  if (env.auth.mode !== 'local') {
    console.log(`[identity] Using Cognito user pool ${env.auth.userPoolId} (${env.auth.region}).`);
    return { close: async () => {} };
  }
  const identity = await withPortHint(
    () => startDefaultLocalIdentity(env),
    env.localIdentity.port,
    'LOCAL_IDENTITY_PORT',
  );
  // Started one after the other; on a failure the ones already running are stopped, newest first.
  const running: { close(): Promise<void> }[] = [identity];
  const closeAll = async () => {
    for (const service of [...running].reverse()) await service.close();
  };
  try {
    await options.rest;
    const { startLocalSandbox } = await import('./sandbox');
    const sandbox = await withPortHint(() => startLocalSandbox(env), env.localSandbox.port, 'SANDBOX_PORT');
    running.push(sandbox);
    const sso = env.localSso.enabled ? await startLocalSso(env, identity, running) : undefined;
    return { identity, sandbox, sso, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The local IdP, then the hosted UI in front of it and of the identity service's pool. */
async function startLocalSso(
  env: PortalEnv,
  identity: LocalIdentity,
  running: { close(): Promise<void> }[],
): Promise<{ idp: LocalIdp; hostedUi: LocalHostedUi }> {
  const [{ startLocalIdp }, { hostedUiClient, SSO_DEMO_PERSON }, { startLocalHostedUi }] = await Promise.all([
    import('./idp'),
    import('./idp/default'),
    import('./hostedUi'),
  ]);
  const { idpPort, hostedUiPort } = env.localSso;
  const client = hostedUiClient(hostedUiPort);
  const allowedOrigins = portalOrigins(env);
  const hint = 'or LOCAL_SSO=off to run without single sign-on';
  const idp = await withPortHint(
    () => startLocalIdp({ port: idpPort, person: SSO_DEMO_PERSON, client, allowedOrigins }),
    idpPort,
    `IDP_PORT, ${hint}`,
  );
  running.push(idp);
  const { oauth } = env.auth;
  const hostedUi = await withPortHint(
    () =>
      startLocalHostedUi({
        port: hostedUiPort,
        clients: [
          {
            clientId: env.auth.userPoolClientId,
            callbackUrls: oauth.redirectSignIn,
            logoutUrls: oauth.redirectSignOut,
          },
        ],
        allowedOrigins,
        provider: { name: oauth.customProvider, issuer: idp.issuer, ...client },
        pool: identity.pool,
      }),
    hostedUiPort,
    `HOSTED_UI_PORT, ${hint}`,
  );
  running.push(hostedUi);
  console.log(
    `[sso] "${env.productName} SSO" signs in through the local IdP at ${idp.issuer} as ${SSO_DEMO_PERSON.email} / ${SSO_DEMO_PERSON.password}.\n` +
      `[sso] Local hosted UI at ${hostedUi.url} with a self-signed certificate: the browser warns once; accept it for localhost (handbook/local-services.md, "Single sign-on locally").`,
  );
  return { idp, hostedUi };
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
