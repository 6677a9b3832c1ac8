/**
 * What the MCP authorization server is built from, in one place for every runtime that builds it: the
 * single-process gate and `npm start`'s MCP server read it from the environment (./fromEnv.ts), and on AWS
 * `npm run deploy:build` bakes it into the authorization server's function (deploy/oauth) and the MCP function
 * (deploy/mcp), which reads the readers' user-pool sessions. Plain data and pure functions only: no store and
 * no oidc-provider are loaded here, so the MCP function's bundle carries neither libsql nor oidc-provider.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import { userPoolIssuer, type AuthSettings, type McpOAuthSettings, type PortalEnv } from '../../config/env';
import { MCP_OAUTH_CALLBACK_PATH } from '../../rules/mcp';
import type { AuthorizationServerOptions } from './authorizationServer';
import type { OAuthStore } from './store';
import type { UserPoolClient } from './userPool';

/**
 * The authorization server's settings besides its store and secret, as JSON: what `deploy:build` bakes into a
 * bundle (esbuild `define`).
 */
export interface AuthorizationServerSettings {
  /** The site's public URL without a trailing slash (SITE_URL): the issuer is `<site>/oauth`. */
  siteUrl: string;
  /** PRODUCT_NAME, which the consent page names. */
  productName: string;
  /** The user pool (config/env.ts `auth`). */
  auth: AuthSettings;
  /**
   * The MCP app client (COGNITO_MCP_CLIENT_ID), its hosted UI (COGNITO_OAUTH_DOMAIN) and how long an AI tool's
   * access token lasts, in seconds (MCP_OAUTH_ACCESS_TOKEN_SECONDS): config/env.ts `mcp.oauth`.
   */
  oauth: Pick<McpOAuthSettings, 'clientId' | 'hostedUi' | 'accessTokenSeconds'>;
}

/** What the user pool's answers are checked with besides the system's trust. */
export interface UserPoolTrust {
  /** The pool's keys, so the hosted UI's ID token is verified without fetching them (a deployment bakes them in). */
  jwks?: Jwks;
  /** The one certificate to trust for the hosted UI instead of the system's, in PEM (the local hosted UI's). */
  hostedUiCa?: string;
}

/** The settings for `env`, or undefined where sign-in for AI tools is off (config/env.ts `mcp.oauth`). */
export function authorizationServerSettingsOf(env: PortalEnv): AuthorizationServerSettings | undefined {
  const oauth = env.mcp.oauth;
  if (!oauth) return undefined;
  return {
    siteUrl: env.siteUrl,
    productName: env.productName,
    auth: env.auth,
    oauth: { clientId: oauth.clientId, hostedUi: oauth.hostedUi, accessTokenSeconds: oauth.accessTokenSeconds },
  };
}

/**
 * How long a reader's grant, refresh token and user-pool session last, in seconds: as long as a web session
 * (config/env.ts `auth.cookie.expires`, in days, REFRESH_TOKEN_VALIDITY_DAYS).
 */
export function refreshTokenSecondsOf(auth: AuthSettings): number {
  return auth.cookie.expires * 86_400;
}

/** The user pool and MCP app client the server signs readers in with. */
export function userPoolClientOf(settings: AuthorizationServerSettings, trust: UserPoolTrust = {}): UserPoolClient {
  const { auth } = settings;
  return {
    hostedUi: settings.oauth.hostedUi,
    identityEndpoint:
      auth.mode === 'local' ? `${auth.userPoolEndpoint}/` : `https://cognito-idp.${auth.region}.amazonaws.com/`,
    issuer: userPoolIssuer(auth),
    clientId: settings.oauth.clientId,
    redirectUri: `${settings.siteUrl}${MCP_OAUTH_CALLBACK_PATH}`,
    jwks: trust.jwks,
    ca: trust.hostedUiCa,
  };
}

/**
 * The options of ./authorizationServer.ts `createAuthorizationServer` for `settings`, on `store`.
 *
 * @param secret - at least 32 characters, the same in every instance (MCP_OAUTH_SECRET, or on AWS the site
 *   stack's Secrets Manager secret).
 */
export function authorizationServerOptionsOf(
  settings: AuthorizationServerSettings,
  store: OAuthStore,
  secret: string,
  trust: UserPoolTrust = {},
): AuthorizationServerOptions {
  return {
    siteUrl: settings.siteUrl,
    store,
    userPool: userPoolClientOf(settings, trust),
    secret,
    accessTokenSeconds: settings.oauth.accessTokenSeconds,
    refreshTokenSeconds: refreshTokenSecondsOf(settings.auth),
    localMode: settings.auth.mode === 'local',
  };
}
