/**
 * Sign-in: the user pool and app clients the portal signs readers in with, the cookies Amplify keeps their tokens
 * in, the hosted UI's OAuth settings, and the pool an operator's commands act on.
 */
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { trimTrailing } from '../../rules/text';
import type { LocalSsoSettings } from './local';
import { ConfigError, type Env, read, readGroup, readList, readPort, readUrl } from './read';

/**
 * How long a session lasts without a password, in days: the refresh token validity of the web app
 * client the AWS stack creates (deploy/stack.ts) and the expiry of the cookies Amplify keeps the tokens
 * in, so no cookie outlives the refresh token it holds. Cognito's default is 30 days.
 */
export const REFRESH_TOKEN_VALIDITY_DAYS = 30;

/** Cognito user pool ids are `<region>_<id>`, e.g. `eu-west-2_AbC123xyz` (AWS Cognito API reference). */
const USER_POOL_ID = /^([a-z]{2}(?:-gov)?-[a-z]+-\d)_[0-9A-Za-z]+$/;

/**
 * Fixed identifiers of the local identity service: an AWS-shaped user pool id and an app
 * client id that cognito-local accepts. Tokens it issues are signed with a key shipped inside the npm
 * package, so they are trusted only in local mode.
 */
export const LOCAL_USER_POOL_ID = 'us-east-1_LocalDev1';
export const LOCAL_APP_CLIENT_ID = 'portallocalappclient000001';

/**
 * The local pool's app client for MCP sign-in (what COGNITO_MCP_CLIENT_ID names in a deploy): the portal's
 * authorization server signs readers in through the hosted UI with it on behalf of AI tools, so their tokens
 * are never a web session's (server/oauth).
 */
export const LOCAL_MCP_CLIENT_ID = 'portallocalmcpclient000001';

/** How sign-in is wired: `local` runs our own cognito-local; `cognito` talks to a real user pool. */
export type AuthMode = 'local' | 'cognito';

/** The Cognito/Amplify settings the browser needs (spec §3.2 "Auth configuration"). */
export interface AuthSettings {
  mode: AuthMode;
  /** AWS region, e.g. `eu-west-2`; taken from the user pool id. */
  region: string;
  userPoolId: string;
  /** The web app client id (no client secret: browsers cannot keep one). */
  userPoolClientId: string;
  /**
   * The app client for scripts (COGNITO_SCRIPTS_CLIENT_ID): the only one allowed the
   * USER_PASSWORD_AUTH flow, so scripts can get an access token for `Authorization: Bearer` while the browser's client allows SRP only. The gates accept access tokens of either client.
   */
  scriptsClientId?: string;
  /** Set only in local mode: where Amplify sends Cognito API calls instead of AWS. */
  userPoolEndpoint?: string;
  /**
   * The user pool group whose members alone may read (COGNITO_READERS_GROUP): an access token without it in its
   * `cognito:groups` claim opens nothing, in every runtime that verifies tokens (server/gate/verifier.ts), and a
   * signed-in reader outside it gets 403. Unset (the default, and production): every user of the pool reads. A
   * branch's preview sets it to the reviewers group (deploy/preview).
   */
  readersGroup?: string;
  /**
   * Where Amplify keeps the tokens: cookies, so the server gate sees them on every request.
   * Path `/` (every page's script must read them); {@link REFRESH_TOKEN_VALIDITY_DAYS} days, not the
   * library's 365 (spec §9), so no cookie outlives its refresh token; `secure` whenever the site is
   * served over HTTPS (off only for a plain-http site on a host other than localhost, where browsers
   * would drop secure cookies); `sameSite: 'strict'`: no cross-site request, not even a
   * top-level link from mail or another site, carries the tokens. Such a link lands on the sign-in page
   * (public), which finds the session in the cookies and moves on to the page client-side; the
   * single-sign-on return also lands there, so Strict costs the SSO flow nothing.
   */
  cookie: { path: string; expires: number; secure: boolean; sameSite: 'lax' | 'strict' | 'none' };
  /**
   * The user pool's password policy, so the sign-in views explain a rejected password before any call
   * (spec §5.2 messages). Default: Cognito's default policy, which the local pool uses too.
   */
  passwordPolicy: {
    minLength: number;
    requireLowercase: boolean;
    requireUppercase: boolean;
    requireNumbers: boolean;
    requireSpecialCharacters: boolean;
  };
  /** Issuer shown by authenticator apps for the TOTP set-up QR code (spec §2.3, default `AWSCognito`). */
  totpIssuer: string;
  /** OAuth settings for the "{product} SSO" button (spec §2.3, §3.2): code flow, scopes email and openid. */
  oauth: {
    /** Hosted-UI domain without scheme, e.g. `auth.example.com`; empty disables the SSO button. */
    domain: string;
    redirectSignIn: string[];
    redirectSignOut: string[];
    /** Name of the custom identity provider configured in the user pool. */
    customProvider: string;
  };
}

/** What {@link readAuth} takes from the settings read before it. */
export interface AuthContext {
  /** COGNITO_USER_POOL_ID; undefined means local mode. */
  userPoolId: string | undefined;
  /** The local identity service's port (LOCAL_IDENTITY_PORT). */
  identityPort: number;
  siteUrl: string;
  localSso: LocalSsoSettings;
  /** The SSO button's provider name unless COGNITO_CUSTOM_PROVIDER says otherwise. */
  productName: string;
}

/**
 * The sign-in settings: the local identity service's pool when COGNITO_USER_POOL_ID is unset, else that user
 * pool's ({@link readUserPool}), with the cookies, password policy, TOTP issuer, OAuth and readers group of both.
 *
 * @throws {ConfigError} naming the variable when a value is malformed or a required one is missing.
 */
export function readAuth(
  env: Env,
  { userPoolId, identityPort, siteUrl, localSso, productName }: AuthContext,
): AuthSettings {
  const shared = {
    cookie: cookieOptions(siteUrl),
    passwordPolicy: readPasswordPolicy(env),
    totpIssuer: read(env, 'TOTP_ISSUER') ?? 'AWSCognito',
    oauth: readOAuth(env, siteUrl, localSso, productName),
    readersGroup: readGroup(env, 'COGNITO_READERS_GROUP'),
  };
  return userPoolId === undefined
    ? {
        mode: 'local',
        region: 'us-east-1',
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: LOCAL_APP_CLIENT_ID,
        userPoolEndpoint: `http://localhost:${identityPort}`,
        ...shared,
      }
    : { mode: 'cognito', ...readUserPool(env, userPoolId), ...shared };
}

/**
 * The user pool's issuer (the `iss` of its tokens, and where OpenID Connect Discovery lives): Cognito's
 * `https://cognito-idp.<region>.amazonaws.com/<pool id>`, or the local identity service's
 * `http://localhost:<port>/<pool id>`.
 */
export function userPoolIssuer(auth: AuthSettings): string {
  return auth.mode === 'local'
    ? `${auth.userPoolEndpoint}/${auth.userPoolId}`
    : `https://cognito-idp.${auth.region}.amazonaws.com/${auth.userPoolId}`;
}

/** The hosted UI's domain, provider and redirect URLs (COGNITO_OAUTH_DOMAIN, COGNITO_REDIRECT_*). */
function readOAuth(env: Env, siteUrl: string, localSso: LocalSsoSettings, productName: string): AuthSettings['oauth'] {
  const oauth = {
    domain: localSso.enabled
      ? `localhost:${localSso.hostedUiPort}`
      : trimTrailing((read(env, 'COGNITO_OAUTH_DOMAIN') ?? '').replace(/^https?:\/\//, ''), '/'),
    redirectSignIn: readList(env, 'COGNITO_REDIRECT_SIGN_IN'),
    redirectSignOut: readList(env, 'COGNITO_REDIRECT_SIGN_OUT'),
    customProvider: read(env, 'COGNITO_CUSTOM_PROVIDER') ?? productName,
  };
  // The sign-in page, not `/`: the gate lets `/login?code=…&state=…` through to Amplify's OAuth listener,
  // where at a gated `/` the sign-in page in its place would start at `/login?next=…`, the code lost in `next`.
  if (oauth.redirectSignIn.length === 0) oauth.redirectSignIn = [`${siteUrl}${SIGN_IN_ROUTE}`];
  if (oauth.redirectSignOut.length === 0) oauth.redirectSignOut = [`${siteUrl}${SIGN_IN_ROUTE}`];
  for (const [name, urls] of [
    ['COGNITO_REDIRECT_SIGN_IN', oauth.redirectSignIn],
    ['COGNITO_REDIRECT_SIGN_OUT', oauth.redirectSignOut],
  ] as const) {
    for (const url of urls) readUrl({ [name]: url }, name, url);
  }
  return oauth;
}

/** The user pool's password policy: COGNITO_PASSWORD_MIN_LENGTH (6 to 99), every character class. */
function readPasswordPolicy(env: Env): AuthSettings['passwordPolicy'] {
  const minLength = Number(read(env, 'COGNITO_PASSWORD_MIN_LENGTH') ?? 8);
  if (!Number.isInteger(minLength) || minLength < 6 || minLength > 99) {
    throw new ConfigError('COGNITO_PASSWORD_MIN_LENGTH', "give the user pool's minimum password length, 6 to 99.");
  }
  return {
    minLength,
    requireLowercase: true,
    requireUppercase: true,
    requireNumbers: true,
    requireSpecialCharacters: true,
  };
}

/** The cookies Amplify keeps the tokens in: as long as the refresh token, `Secure` but on plain localhost. */
function cookieOptions(siteUrl: string): AuthSettings['cookie'] {
  const site = new URL(siteUrl);
  return {
    path: '/',
    expires: REFRESH_TOKEN_VALIDITY_DAYS,
    secure: site.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(site.hostname),
    sameSite: 'strict' as const,
  };
}

/**
 * The region of the user pool `userPoolId`: COGNITO_REGION, or the pool id's prefix.
 *
 * @throws {ConfigError} when `userPoolId` is not of the form `<region>_<id>`.
 */
function userPoolRegion(env: Env, userPoolId: string): string {
  const match = USER_POOL_ID.exec(userPoolId);
  if (!match) {
    throw new ConfigError(
      'COGNITO_USER_POOL_ID',
      `"${userPoolId}" is not a user pool id of the form <region>_<id>, e.g. eu-west-2_AbC123xyz.`,
    );
  }
  return read(env, 'COGNITO_REGION') ?? match[1];
}

/**
 * A real user pool: COGNITO_USER_POOL_ID (its region from its prefix unless COGNITO_REGION says
 * otherwise), COGNITO_APP_CLIENT_ID (required), COGNITO_SCRIPTS_CLIENT_ID (optional).
 *
 * @throws {ConfigError} for a malformed pool id, a missing app client id, or the local pool's id.
 */
function readUserPool(env: Env, userPoolId: string) {
  const region = userPoolRegion(env, userPoolId);
  const userPoolClientId = read(env, 'COGNITO_APP_CLIENT_ID');
  if (!userPoolClientId) {
    throw new ConfigError(
      'COGNITO_APP_CLIENT_ID',
      'it is required when COGNITO_USER_POOL_ID is set: give the web app client id of that user pool.',
    );
  }
  if (userPoolId === LOCAL_USER_POOL_ID) {
    throw new ConfigError(
      'COGNITO_USER_POOL_ID',
      `${LOCAL_USER_POOL_ID} is the local identity service's pool; unset the variable to run in local mode.`,
    );
  }
  return {
    region,
    userPoolId,
    userPoolClientId,
    scriptsClientId: read(env, 'COGNITO_SCRIPTS_CLIENT_ID'),
  };
}

/** The user pool an operator's commands act on (`npm run users`, scripts/users). */
export type OperatorPool =
  | {
      mode: 'local';
      userPoolId: string;
      /** The local identity service, e.g. `http://localhost:9229`. */ endpoint: string;
    }
  | { mode: 'cognito'; userPoolId: string; region: string };

/**
 * The user pool of `env` for an operator's commands: COGNITO_USER_POOL_ID's (region from its prefix unless
 * COGNITO_REGION says otherwise), or the local identity service's when it is unset. Reads the pool's variables
 * alone: managing users needs no app client.
 *
 * @throws {ConfigError} for a malformed pool id or a malformed LOCAL_IDENTITY_PORT.
 */
export function operatorPool(env: Env): OperatorPool {
  const userPoolId = read(env, 'COGNITO_USER_POOL_ID');
  if (userPoolId === undefined) {
    return {
      mode: 'local',
      userPoolId: LOCAL_USER_POOL_ID,
      endpoint: `http://localhost:${readPort(env, 'LOCAL_IDENTITY_PORT', 9229)}`,
    };
  }
  return { mode: 'cognito', userPoolId, region: userPoolRegion(env, userPoolId) };
}
