/**
 * The local services the portal runs beside itself in local mode (no COGNITO_USER_POOL_ID): the identity
 * service (./identity), the sandbox API (./sandbox), the user pool's hosted UI (./hostedUi), where readers sign
 * in for MCP clients and, for single sign-on, an OpenID Connect IdP (./idp) behind it. `npm start` and
 * `npm run serve` call this.
 */
import type { PortalEnv } from '../config/env';
import { localMcpClient, startDefaultLocalIdentity } from './identity/default';
import { withPortHint } from '../server/ports';
import { portalOrigins } from './origins';
import type { LocalIdentity } from './identity';
import type { LocalSandbox } from './sandbox';
import type { LocalIdp } from './idp';
import type { LocalHostedUi, LocalHostedUiOptions } from './hostedUi';

/** The services started; `close` stops them all. With a real user pool configured, none is started. */
export interface LocalServices {
  identity?: LocalIdentity;
  sandbox?: LocalSandbox;
  /** The user pool's hosted UI: always in local mode, since MCP sign-in goes through it. */
  hostedUi?: LocalHostedUi;
  /** The local IdP behind the hosted UI's single sign-on, unless LOCAL_SSO=off (or COGNITO_OAUTH_DOMAIN is set). */
  idp?: LocalIdp;
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
 * Starts the identity service, then (once `options.rest` resolves) the sandbox API, then the local IdP (unless
 * LOCAL_SSO=off or COGNITO_OAUTH_DOMAIN is set) and the hosted UI, in local mode; in Cognito mode says which
 * pool is used.
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
    const { idp, hostedUi } = await startSignIn(env, identity, running);
    return { identity, sandbox, hostedUi, idp, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The local IdP when single sign-on runs locally (`env.localSso.enabled`), then the hosted UI in front of the
 * identity service's pool (and of the IdP), for the web app client (the SSO button) and the MCP app client (the
 * authorization server's sign-in). With LOCAL_SSO=off the hosted UI runs all the same, without the IdP: its
 * sign-in page has no single sign-on link, and the SSO button stays off (config/env.ts gives Amplify no domain).
 */
async function startSignIn(
  env: PortalEnv,
  identity: LocalIdentity,
  running: { close(): Promise<void> }[],
): Promise<{ idp?: LocalIdp; hostedUi: LocalHostedUi }> {
  const { idpPort, hostedUiPort, enabled: sso } = env.localSso;
  const allowedOrigins = portalOrigins(env);
  const { startLocalHostedUi } = await import('./hostedUi');
  let idp: LocalIdp | undefined;
  let provider: LocalHostedUiOptions['provider'];
  if (sso) {
    const [{ startLocalIdp }, { hostedUiClient, SSO_DEMO_PERSON }] = await Promise.all([
      import('./idp'),
      import('./idp/default'),
    ]);
    const client = hostedUiClient(hostedUiPort);
    const started = await withPortHint(
      () => startLocalIdp({ port: idpPort, person: SSO_DEMO_PERSON, client, allowedOrigins }),
      idpPort,
      'IDP_PORT, or LOCAL_SSO=off to run without single sign-on',
    );
    running.push(started);
    idp = started;
    provider = { name: env.auth.oauth.customProvider, issuer: started.issuer, ...client };
    console.log(
      `[sso] "${env.productName} SSO" signs in through the local IdP at ${started.issuer} as ${SSO_DEMO_PERSON.email} / ${SSO_DEMO_PERSON.password}.`,
    );
  }
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
          // No sign-out URL: an MCP sign-in never goes through the hosted UI's /logout.
          { ...localMcpClient(env), logoutUrls: [] },
        ],
        allowedOrigins,
        provider,
        pool: identity.pool,
      }),
    hostedUiPort,
    'HOSTED_UI_PORT',
  );
  running.push(hostedUi);
  console.log(
    `[hostedUi] Local hosted UI at ${hostedUi.url} (MCP sign-in${sso ? ' and single sign-on' : ''}) with a self-signed certificate: the browser warns once; accept it for localhost (handbook/local-services.md, "Hosted UI locally").`,
  );
  return { idp, hostedUi };
}
