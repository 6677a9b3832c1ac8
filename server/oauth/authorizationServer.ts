/**
 * The portal's OAuth 2.1 authorization server for MCP clients (the MCP authorization specification,
 * basic/authorization), so an AI tool signs the reader in once and keeps working for the refresh token's
 * lifetime. Cognito stays the identity: it has no Client ID Metadata Documents, no dynamic registration and
 * exact callback URLs, so this server stands in front of it, built on oidc-provider (panva, OpenID Certified):
 *
 * - clients: Client ID Metadata Documents (the `client_id` is an https URL; oidc-provider fetches it with its
 *   own limits: https only, 2.5 s, 5 KiB, special-use addresses refused at connect, cached), dynamic
 *   registration (RFC 7591) while clients still use it, and pre-registered entries for Claude Code, Cursor
 *   and VS Code (./clients.ts);
 * - the authorization code flow with PKCE S256 required, `iss` in the response (RFC 9207), loopback redirects
 *   on any port for native clients (RFC 8252), codes single-use and 60 s, refresh tokens rotated;
 * - tokens for one resource, the MCP endpoint (RFC 8707 resource indicators): opaque access tokens kept in
 *   the store, which the MCP server looks up (./resourceServer.ts);
 * - the reader's sign-in: the consent page (./consentPage.ts, served by ./fastify.ts) shows which client asks
 *   and where it sends the reader, then sends the reader through the user pool's hosted UI with the MCP app
 *   client (./userPool.ts);
 * - every refresh renews the reader's user-pool session first, so a customer an operator disabled or signed
 *   out everywhere is refused (`findAccount`).
 *
 * State lives in an {@link OAuthStore} (SQLite for the single-process gate, DynamoDB on AWS). Cookie keys and
 * the signing key derive from one secret (`secret`), the same in every instance.
 */
import crypto from 'node:crypto';
import type { Configuration, KoaContextWithOIDC, Provider as ProviderType } from 'oidc-provider';
import { MCP_OAUTH_PREFIX, MCP_PATH, mcpOAuthIssuer } from '../../rules/mcp';
import { escapeHtml } from '../../rules/html';
import { preRegisteredClients } from './clients';
import { readerPage } from './consentPage';
import { MCP_SCOPE } from './scopes';
import { clientMetadataFetchAllowed } from './clientMetadata';
import { fetchTrusting } from './boundedRequest';
import type { OAuthStore } from './store';
import { UserPoolSessions } from './sessions';
import type { UserPoolClient } from './userPool';

/** How long an authorization code lives, in seconds: redeemed at once by the client that asked for it. */
export const AUTHORIZATION_CODE_SECONDS = 60;

/** How long the reader may take on the consent page and at the hosted UI, in seconds. */
export const INTERACTION_SECONDS = 600;

/** Options of {@link createAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /** The site's public URL without a trailing slash, e.g. `https://docs.example.com`. */
  siteUrl: string;
  store: OAuthStore;
  /** The user pool and its MCP app client. */
  userPool: UserPoolClient;
  /**
   * At least 32 random bytes, the same in every instance (MCP_OAUTH_SECRET, or the deployment's Secrets
   * Manager secret): oidc-provider's cookie keys and its signing key derive from it.
   */
  secret: string;
  /** How long an access token lasts, in seconds. */
  accessTokenSeconds: number;
  /** How long a refresh token (and the grant behind it) lasts, in seconds. */
  refreshTokenSeconds: number;
  /**
   * A plainly local run (the local identity service): client metadata documents on this machine's loopback
   * addresses are fetched too, trusting the local hosted UI's certificate ({@link UserPoolClient.ca}), so a
   * tool or test on this machine serves its document with that certificate. Never in a deployment.
   */
  localMode: boolean;
}

/**
 * What the MCP endpoint and the routes read of an authorization server before oidc-provider runs: its issuer,
 * the resource its tokens are for, its store and the readers' sessions. A running {@link AuthorizationServer} is
 * one; {@link authorizationServerViewOf} makes one without oidc-provider.
 */
export type AuthorizationServerView = Pick<AuthorizationServer, 'issuer' | 'resource' | 'store' | 'sessions'>;

/** A running authorization server. */
export interface AuthorizationServer {
  /** `<site>/oauth`. */
  issuer: string;
  /** The resource its access tokens are for: `<site>/mcp`. */
  resource: string;
  provider: ProviderType;
  /** Where its state lives. */
  store: OAuthStore;
  /** The readers' user-pool sessions behind the grants. */
  sessions: UserPoolSessions;
}

/** 32 bytes of `secret` for `purpose` (HKDF-SHA256). */
function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'portal-mcp-oauth', purpose, 32));
}

/**
 * The ES256 signing key of `secret` (ID tokens, if a client asks for `openid`): a P-256 private key is any
 * number below the curve's order, which 32 derived bytes are but for a chance of about 2^-32; a counter
 * moves past such bytes.
 */
export function signingJwk(secret: string): Record<string, string> {
  for (let n = 0; ; n += 1) {
    const d = derive(secret, `signing-key-${n}`);
    const ecdh = crypto.createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    return {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      alg: 'ES256',
      use: 'sig',
      kid: crypto.createHash('sha256').update(point).digest('base64url').slice(0, 16),
    };
  }
}

/** Whether `url` names this machine's loopback. */
function isLoopbackUrl(url: URL | string | Request): boolean {
  const { hostname } = new URL(typeof url === 'object' && 'url' in url ? url.url : url);
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/** The error page oidc-provider shows the reader (an invalid request that cannot go back to the client). */
function errorPage(ctx: KoaContextWithOIDC, out: Record<string, unknown>): void {
  ctx.type = 'html';
  const what = typeof out.error_description === 'string' ? out.error_description : String(out.error ?? 'error');
  ctx.body = readerPage(
    'This sign-in cannot go on',
    `<p>${escapeHtml(what)}</p>\n<p>Start again from your AI tool.</p>`,
  );
}

/** What oidc-provider's features are for the portal: see the module comment. */
function featuresOf(
  options: AuthorizationServerOptions,
  resource: string,
  InvalidTarget: new (description: string) => Error,
): Configuration['features'] {
  return {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    userinfo: { enabled: false },
    rpInitiatedLogout: { enabled: false },
    clientIdMetadataDocument: {
      enabled: true,
      ack: 'draft-02',
      allowFetch: (_ctx, clientId) => clientMetadataFetchAllowed(clientId, { loopback: options.localMode }),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, requested) => {
        if (requested !== resource) throw new InvalidTarget(`this server issues tokens for ${resource} only`);
        return {
          scope: MCP_SCOPE,
          audience: resource,
          accessTokenTTL: options.accessTokenSeconds,
          accessTokenFormat: 'opaque',
        };
      },
    },
  };
}

/** How long each of oidc-provider's records lives, in seconds. */
function lifetimesOf(options: AuthorizationServerOptions): Configuration['ttl'] {
  return {
    AccessToken: options.accessTokenSeconds,
    AuthorizationCode: AUTHORIZATION_CODE_SECONDS,
    RefreshToken: options.refreshTokenSeconds,
    Grant: options.refreshTokenSeconds,
    Interaction: INTERACTION_SECONDS,
    Session: INTERACTION_SECONDS,
    IdToken: options.accessTokenSeconds,
  };
}

/** The {@link AuthorizationServerView} of the server `options` describe, without building it. */
export function authorizationServerViewOf(options: AuthorizationServerOptions): AuthorizationServerView {
  return {
    issuer: mcpOAuthIssuer(options.siteUrl),
    resource: `${options.siteUrl}${MCP_PATH}`,
    store: options.store,
    sessions: new UserPoolSessions(options.store, options.userPool, options.refreshTokenSeconds),
  };
}

/**
 * Builds the authorization server (oidc-provider is ESM only, hence async).
 *
 * @throws {Error} when `secret` is shorter than 32 characters.
 */
export async function createAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  if (options.secret.length < 32)
    throw new Error('The MCP authorization server needs a secret of 32 characters or more.');
  const { default: Provider, errors } = await import('oidc-provider');
  const { issuer, resource, sessions } = authorizationServerViewOf(options);
  const localFetch = fetchTrusting(options.userPool.ca);
  const provider = new Provider(issuer, {
    adapter: (name: string) => options.store.adapter(name),
    clients: preRegisteredClients(),
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // The one signing key is ES256 ({@link signingJwk}).
      id_token_signed_response_alg: 'ES256',
    },
    cookies: {
      keys: [derive(options.secret, 'cookies').toString('base64url')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [signingJwk(options.secret)] },
    // OpenID Connect's own; `mcp` is the MCP endpoint's resource scope (getResourceServerInfo).
    scopes: ['openid', 'offline_access'],
    features: featuresOf(options, resource, errors.InvalidTarget),
    // A client that may refresh gets a refresh token, whether or not it asked for offline_access: a tool
    // should not have to know this server's habits to keep working.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // The authorization code flow only: no implicit or hybrid response reaches an MCP client.
    responseTypes: ['code'],
    pkce: { required: () => true },
    ttl: lifetimesOf(options),
    interactions: { url: (_ctx, interaction) => `${MCP_OAUTH_PREFIX}/interaction/${interaction.uid}` },
    // Every refresh renews the reader's user-pool session first: a customer the pool now refuses gets none.
    async findAccount(_ctx, sub, token) {
      if (token?.kind === 'RefreshToken' && !(await sessions.renew(sub))) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    renderError: async (ctx, out) => errorPage(ctx, out as unknown as Record<string, unknown>),
    // Browser-based MCP clients (an inspector) call the token endpoint from their own pages.
    clientBasedCORS: () => true,
    // In a plainly local run a client's metadata document may be on this machine (a test serves one): its
    // fetch goes without oidc-provider's refusal of special-use addresses, for loopback hosts only
    // (./clientMetadata.ts has already refused every other special-use one), trusting the local certificate.
    fetch: (url, init) =>
      options.localMode && isLoopbackUrl(url) ? localFetch(url, init) : globalThis.fetch(url, init),
  });
  // Behind CloudFront, the dev server's proxy or a load balancer: the scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  return { issuer, resource, provider, store: options.store, sessions };
}
