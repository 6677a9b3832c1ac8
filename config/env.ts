/**
 * The portal's configuration, read from the environment exactly once; nothing else reads `process.env`.
 * A value that is present but malformed throws at start-up, naming the variable, so a broken deployment
 * stops the build instead of shipping a portal nobody can sign in to. Every variable is documented in
 * `.env.example`. A `.env` file in the working directory is read first ({@link loadDotEnv}), so every npm
 * script (each runs in the project folder) sees the same configuration.
 */
import fs from 'node:fs';
import { parseEnv as parseDotEnv } from 'node:util';
import { CUSTOMER_BASE_PATH } from '../rules/contract';
import { acceptedHostnames, isLoopbackHostname, isLoopbackInterface, LOOPBACK_HOSTNAMES } from '../rules/hosts';
import { SIGN_IN_ROUTE } from '../rules/routes';
import { trimTrailing } from '../rules/text';

/** Raised when an environment variable is present but unusable; the message names the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error in ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readUrl(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(name, `"${value}" is not an http(s) URL (e.g. https://example.com).`);
  }
  return trimTrailing(value, '/');
}

/** An http(s) URL or a `mailto:` address, or `undefined` when unset. */
function readContact(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (!['http:', 'https:', 'mailto:'].includes(protocol))
    throw new ConfigError(
      name,
      `"${value}" is neither an http(s) URL nor a mailto: address (e.g. mailto:api@example.com).`,
    );
  return value;
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(name, `"${raw}" is not a TCP port (1-65535).`);
  }
  return port;
}

function readList(env: Env, name: string): string[] {
  return (read(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function readMfa(env: Env): 'OPTIONAL' | 'ON' {
  const value = read(env, 'LOCAL_IDENTITY_MFA') ?? 'OPTIONAL';
  if (value !== 'OPTIONAL' && value !== 'ON')
    throw new ConfigError('LOCAL_IDENTITY_MFA', `"${value}" is not OPTIONAL or ON.`);
  return value;
}

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

/** Settings of the local identity service (cognito-local wrapper in `local/identity`). */
export interface LocalIdentitySettings {
  /** TCP port; default 9229, cognito-local's own default. */
  port: number;
  /** Folder of the service's data files; unset means `.local/identity` in the project. */
  dataDir?: string;
  /**
   * MFA of the local user pool when it is created: `OPTIONAL` (default; users with MFA get a code step)
   * or `ON` (every user without MFA sets up TOTP at sign-in, as with a Cognito pool that requires MFA).
   */
  mfa: 'OPTIONAL' | 'ON';
  /** The demo user seeded on start. The password is for the local service only. */
  demoUsername: string;
  demoPassword: string;
}

/** The local sandbox API (local/sandbox), started with the portal in local mode. */
export interface LocalSandboxSettings {
  /** TCP port; default 4010, the contract's "Local sandbox" server. */
  port: number;
  /** The SQLite file of the sample corpus; unset means `.local/sandbox/corpus.db` in the project. */
  dbFile?: string;
}

/**
 * The local stand-ins for single sign-on: an OpenID Connect IdP (local/idp) and the user
 * pool's hosted-UI OAuth endpoints (local/hostedUi, over TLS because Amplify builds `https://<domain>`).
 */
export interface LocalSsoSettings {
  /**
   * Whether single sign-on runs locally (the IdP behind the local hosted UI, for the SSO button): in local mode unless
   * LOCAL_SSO=off or COGNITO_OAUTH_DOMAIN names another hosted UI; always false with a real user pool. The local
   * hosted UI runs in local mode either way, for MCP sign-in (local/index.ts).
   */
  enabled: boolean;
  /** Port of the local IdP (IDP_PORT, default 9240); its issuer is `http://localhost:<port>`. */
  idpPort: number;
  /** Port of the local hosted UI (HOSTED_UI_PORT, default 9230), served at `https://localhost:<port>`. */
  hostedUiPort: number;
}

/** The AWS deployment (deploy/). */
export interface DeploySettings {
  /** Folder of the bundled edge handler (EDGE_BUNDLE_DIR; default `deploy/dist/edge`). */
  edgeBundleDir?: string;
  /**
   * A file holding the user pool's JWKS (COGNITO_JWKS_FILE), for `npm run deploy:build` and the gate
   * (`npm run serve`) without network access to Cognito, or to pin the keys; unset, the keys are fetched
   * from the pool's `/.well-known/jwks.json`.
   */
  jwksFile?: string;
  /**
   * The site's own domain and its ACM certificate in us-east-1 (DEPLOY_DOMAIN_NAME and
   * DEPLOY_CERTIFICATE_ARN, both or neither). With them CloudFront enforces TLS 1.2 (TLSv1.2_2021);
   * without, the distribution's `*.cloudfront.net` certificate also accepts TLS 1.0 and 1.1.
   */
  customDomain?: { domainName: string; certificateArn: string };
  /** Where branch previews are deployed (`npm run deploy:preview`), or undefined where they are not set up. */
  preview?: PreviewSettings;
}

/**
 * Branch previews (deploy/preview): PREVIEW_DOMAIN, PREVIEW_CERTIFICATE_ARN and PREVIEW_HOSTED_ZONE_ID, all three
 * or none, and PREVIEW_REVIEWERS_GROUP.
 */
export interface PreviewSettings {
  /** The domain under which each preview gets its own name, `<branch>.<domain>`, e.g. `preview.docs.example.com`. */
  domain: string;
  /** An ACM certificate in us-east-1 for `*.<domain>` (CloudFront uses no other region). */
  certificateArn: string;
  /** The Route 53 hosted zone of `domain`, where each preview stack writes its name's alias records. */
  hostedZoneId: string;
  /** The user pool group whose members alone may read a preview (default `portal-reviewers`). */
  reviewersGroup: string;
}

/** The MCP server (server/mcp). */
export interface McpSettings {
  /**
   * Where its `call_api` tool sends requests, with the caller's own token: the local sandbox in local mode;
   * with a user pool, the provider's API (`<API_HOST>/api/v1/customer`) only when MCP_CALL_API=provider,
   * else `null` (the tool says calls are off). Unset or `off` is the default: an agent tries the API
   * against the provider only where the portal's operator chose so.
   */
  callApiBase: string | null;
  /**
   * Port of the MCP server `npm start` runs beside the dev server, which proxies `/mcp` to it
   * (MCP_DEV_PORT, default 3001; `npm run serve` and deployments serve `/mcp` themselves).
   */
  devPort: number;
  /** Sign-in for AI tools through the portal's authorization server (server/oauth), or undefined where it is off. */
  oauth?: McpOAuthSettings;
}

/**
 * The portal's OAuth authorization server for MCP clients (server/oauth): on in local mode (the local hosted
 * UI and the local pool's MCP app client), and with a user pool when COGNITO_MCP_CLIENT_ID names its MCP app
 * client and COGNITO_OAUTH_DOMAIN its hosted UI. Off, AI tools send a pasted access token.
 */
export interface McpOAuthSettings {
  /** The user pool's app client for AI tools' sign-in (COGNITO_MCP_CLIENT_ID; local: {@link LOCAL_MCP_CLIENT_ID}). */
  clientId: string;
  /** The hosted UI's origin: `https://<COGNITO_OAUTH_DOMAIN>`, or the local one's. */
  hostedUi: string;
  /**
   * At least 32 characters that derive the server's cookie keys and signing key (MCP_OAUTH_SECRET); unset, the
   * single-process gate draws one and keeps it in {@link dataDir}. A deployment on AWS passes its own.
   */
  secret?: string;
  /** Folder of the gate's SQLite store and drawn secret (MCP_OAUTH_DATA_DIR; default `.local/oauth`). */
  dataDir?: string;
  /**
   * How long an AI tool's access token lasts, in seconds (MCP_OAUTH_ACCESS_TOKEN_SECONDS, 5 to 86400,
   * default 3600; a few seconds only in tests of the refresh); its refresh token lasts as long as a web session's ({@link REFRESH_TOKEN_VALIDITY_DAYS}).
   */
  accessTokenSeconds: number;
}

/** Everything the portal reads from the environment, typed. */
export interface PortalEnv {
  /** Product name shown in the title, navbar and "{product} SSO" button. */
  productName: string;
  tagline: string;
  /** Public URL of the site; Docusaurus `url`. */
  siteUrl: string;
  /** The provider's website, linked from the navbar (spec §1, §2.1). */
  providerWebsite: string;
  /**
   * Where customers contact the provider to obtain access details (spec §1): an http(s) URL or a
   * `mailto:` address (PROVIDER_CONTACT). The API reference's contact and every `<ProviderContact>` in the
   * MDX docs link to it (Markdown pages link to Getting started's). Required for a build with a user pool
   * ({@link customerBuildError}); unset in local mode, they give no address and the build warns.
   */
  providerContact?: string;
  /**
   * The product API host, e.g. `https://api.example.com`; the OpenAPI document lives at
   * `<apiHost>/api/v1/openapi.json` (spec §7.1). Required for a build with a user pool
   * ({@link customerBuildError}); unset in local mode, the contract's own server URL is kept (the sandbox comes
   * first) and `npm run openapi:fetch` has nothing to fetch.
   */
  apiHost?: string;
  /**
   * Base of the "Edit this page" links of docs and posts (EDIT_URL), e.g.
   * `https://github.com/acme/portal/edit/main/`; Docusaurus appends the file's path from the site folder
   * (`docs/services/interrogator.mdx`). Unset: no edit links.
   */
  editUrl?: string;
  /** Port of the site in development and of `npm run serve`. */
  sitePort: number;
  /** Interface `npm run serve` listens on (default `localhost`; `0.0.0.0` in a container). */
  siteHost: string;
  /**
   * The `Host` names the gate, the dev server and the MCP server answer; any other gets 421 (403 from the
   * dev server), against DNS rebinding (rules/hosts.ts). The loopback names, and in Cognito mode also
   * SITE_URL's host name, the name a deployment is reached by. A proxy in front must pass one of them.
   */
  acceptedHostnames: readonly string[];
  auth: AuthSettings;
  localIdentity: LocalIdentitySettings;
  localSandbox: LocalSandboxSettings;
  /** Single sign-on run locally: the local IdP and hosted UI started with the portal. */
  localSso: LocalSsoSettings;
  deploy: DeploySettings;
  /** The MCP server at `/mcp`. */
  mcp: McpSettings;
  /**
   * Reader insights (server/insights): the folder of the gate's SQLite store (INSIGHTS_DATA_DIR; default
   * `.local/insights` in the repository, git-ignored), and the DynamoDB table of a deployment on AWS that
   * `npm run insights -- --aws` reads (INSIGHTS_TABLE, the stack's `InsightsTableName` output).
   */
  insights: { dataDir?: string; table?: string };
  /**
   * UNSAFE_LOCAL_IDENTITY=1: let `npm run serve` on a non-loopback HOST, and `npm run deploy:build`,
   * run in local mode all the same, trusting the local identity service's public signing key. For the
   * tests only; see {@link localIdentityRefusal}.
   */
  unsafeLocalIdentity: boolean;
  /**
   * BENCH_PORT (default 3300): the first of the ports the benchmarks' own servers listen on (bench/sites/ports.ts
   * gives each its offset), so a benchmark runs beside a portal on the usual ports, and a second checkout's
   * benchmarks beside the first's with another BENCH_PORT.
   */
  benchPort: number;
  /**
   * BUILD_COPIES (`on`, the default, or `off`): whether `npm run build` writes the copies made from the finished
   * pages and assets, which no page's HTML or script depends on: each page's Markdown copy with `llms.txt`,
   * `llms-full.txt` and the MCP server's search file (plugins/markdown-export), and the brotli and gzip copies of
   * every text file (postbuild/compress.ts). `off` is for the test suite's extra builds, whose tests read none of
   * them (`npm run build:scale`, tests/e2e/hostile-description.spec.ts); a build for a user pool refuses it
   * ({@link customerBuildError}).
   */
  buildCopies: boolean;
}

/**
 * Parses the environment into {@link PortalEnv}.
 *
 * Local mode is chosen when `COGNITO_USER_POOL_ID` is unset; then Amplify talks to the local identity
 * service at `http://localhost:<LOCAL_IDENTITY_PORT>`. With `COGNITO_USER_POOL_ID` set, the app client
 * id is required as well.
 *
 * @param env - usually `process.env`; tests pass their own record.
 * @throws {ConfigError} naming the variable when a value is malformed or a required one is missing.
 */
export function parseEnv(env: Env): PortalEnv {
  const sitePort = readPort(env, 'PORT', 3000);
  const siteUrl = readUrl(env, 'SITE_URL', `http://localhost:${sitePort}`);
  const identityPort = readPort(env, 'LOCAL_IDENTITY_PORT', 9229);
  const productName = read(env, 'PRODUCT_NAME') ?? 'RegData';
  const userPoolId = read(env, 'COGNITO_USER_POOL_ID');
  const localSso = readLocalSso(env, userPoolId === undefined);
  const shared = {
    cookie: cookieOptions(siteUrl),
    passwordPolicy: readPasswordPolicy(env),
    totpIssuer: read(env, 'TOTP_ISSUER') ?? 'AWSCognito',
    oauth: readOAuth(env, siteUrl, localSso, productName),
    readersGroup: readGroup(env, 'COGNITO_READERS_GROUP'),
  };
  const auth: AuthSettings =
    userPoolId === undefined
      ? {
          mode: 'local',
          region: 'us-east-1',
          userPoolId: LOCAL_USER_POOL_ID,
          userPoolClientId: LOCAL_APP_CLIENT_ID,
          userPoolEndpoint: `http://localhost:${identityPort}`,
          ...shared,
        }
      : { mode: 'cognito', ...readUserPool(env, userPoolId), ...shared };

  return {
    productName,
    tagline: read(env, 'TAGLINE') ?? 'Transforming how the world consumes regulatory information',
    siteUrl,
    providerWebsite: readUrl(env, 'PROVIDER_WEBSITE', 'https://www.example.com'),
    providerContact: readContact(env, 'PROVIDER_CONTACT'),
    apiHost: read(env, 'API_HOST') === undefined ? undefined : readUrl(env, 'API_HOST', ''),
    editUrl: read(env, 'EDIT_URL') === undefined ? undefined : `${readUrl(env, 'EDIT_URL', '')}/`,
    sitePort,
    siteHost: read(env, 'HOST') ?? 'localhost',
    acceptedHostnames: auth.mode === 'cognito' ? acceptedHostnames(siteUrl) : LOOPBACK_HOSTNAMES,
    auth,
    localIdentity: {
      port: identityPort,
      dataDir: read(env, 'LOCAL_IDENTITY_DATA_DIR'),
      mfa: readMfa(env),
      demoUsername: read(env, 'DEMO_USERNAME') ?? 'demo@example.com',
      demoPassword: read(env, 'DEMO_PASSWORD') ?? 'DemoPassw0rd!',
    },
    localSandbox: {
      port: readPort(env, 'SANDBOX_PORT', 4010),
      dbFile: read(env, 'SANDBOX_DB_FILE'),
    },
    localSso,
    deploy: {
      edgeBundleDir: read(env, 'EDGE_BUNDLE_DIR'),
      jwksFile: read(env, 'COGNITO_JWKS_FILE'),
      customDomain: readCustomDomain(env),
      preview: readPreview(env),
    },
    mcp: readMcp(env, auth, read(env, 'API_HOST') === undefined ? undefined : readUrl(env, 'API_HOST', '')),
    insights: { dataDir: read(env, 'INSIGHTS_DATA_DIR'), table: read(env, 'INSIGHTS_TABLE') },
    unsafeLocalIdentity: readUnsafeLocalIdentity(env),
    benchPort: readPort(env, 'BENCH_PORT', 3300),
    buildCopies: readBuildCopies(env),
  };
}

/** BUILD_COPIES: `on` (default) or `off` ({@link PortalEnv.buildCopies}). */
function readBuildCopies(env: Env): boolean {
  const value = (read(env, 'BUILD_COPIES') ?? 'on').toLowerCase();
  if (value !== 'on' && value !== 'off') throw new ConfigError('BUILD_COPIES', `"${value}" is not on or off.`);
  return value === 'on';
}

/** MCP_CALL_API (`off` or `provider`) and where `call_api` goes ({@link McpSettings}). */
function readMcp(env: Env, auth: AuthSettings, apiHost: string | undefined): McpSettings {
  const value = (read(env, 'MCP_CALL_API') ?? 'off').toLowerCase();
  if (value !== 'off' && value !== 'provider') {
    throw new ConfigError('MCP_CALL_API', `"${value}" is not off or provider.`);
  }
  const devPort = readPort(env, 'MCP_DEV_PORT', 3001);
  const oauth = readMcpOAuth(env, auth);
  if (auth.mode === 'local') {
    return {
      callApiBase: `http://localhost:${readPort(env, 'SANDBOX_PORT', 4010)}${CUSTOMER_BASE_PATH}`,
      devPort,
      oauth,
    };
  }
  if (value === 'off') return { callApiBase: null, devPort, oauth };
  if (!apiHost) throw new ConfigError('MCP_CALL_API', 'provider needs API_HOST, the provider API host to call.');
  return { callApiBase: `${apiHost}${CUSTOMER_BASE_PATH}`, devPort, oauth };
}

/** The MCP authorization server's settings (see {@link McpOAuthSettings}). */
function readMcpOAuth(env: Env, auth: AuthSettings): McpOAuthSettings | undefined {
  const seconds = Number(read(env, 'MCP_OAUTH_ACCESS_TOKEN_SECONDS') ?? 3600);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86_400)
    throw new ConfigError(
      'MCP_OAUTH_ACCESS_TOKEN_SECONDS',
      `"${read(env, 'MCP_OAUTH_ACCESS_TOKEN_SECONDS')}" is not a whole number of seconds from 5 to 86400.`,
    );
  const secret = read(env, 'MCP_OAUTH_SECRET');
  if (secret !== undefined && secret.length < 32)
    throw new ConfigError('MCP_OAUTH_SECRET', 'it must be at least 32 characters (e.g. `openssl rand -hex 32`).');
  const common = { secret, dataDir: read(env, 'MCP_OAUTH_DATA_DIR'), accessTokenSeconds: seconds };
  if (auth.mode === 'local')
    return {
      ...common,
      clientId: LOCAL_MCP_CLIENT_ID,
      hostedUi: `https://localhost:${readPort(env, 'HOSTED_UI_PORT', 9230)}`,
    };
  const clientId = read(env, 'COGNITO_MCP_CLIENT_ID');
  if (!clientId) return undefined;
  if (!auth.oauth.domain)
    throw new ConfigError(
      'COGNITO_MCP_CLIENT_ID',
      'AI tools sign in through the hosted UI: set COGNITO_OAUTH_DOMAIN too.',
    );
  return { ...common, clientId, hostedUi: `https://${auth.oauth.domain}` };
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

/** {@link operatorPool} of this process's environment. @throws {ConfigError} as {@link operatorPool}. */
export function currentOperatorPool(): OperatorPool {
  return operatorPool(process.env);
}

/** UNSAFE_LOCAL_IDENTITY: `1` or unset; anything else is a typo that must not pass silently. */
function readUnsafeLocalIdentity(env: Env): boolean {
  const value = read(env, 'UNSAFE_LOCAL_IDENTITY');
  if (value === undefined || value === '0') return false;
  if (value !== '1') throw new ConfigError('UNSAFE_LOCAL_IDENTITY', `"${value}" is not 1 (or unset).`);
  return true;
}

/**
 * What trusting the local identity service would serve: `npm run serve`, `npm start` (its MCP server
 * and sandbox trust the local key too) or a deployment (`deploy:build`, `deploy:synth`).
 */
export type LocalIdentityUse = 'serve' | 'start' | 'deploy';

/**
 * Why this configuration must not run in local mode for `use`, as one line naming what to set, or
 * `null` when it may. The local identity service's private signing key ships in the public cognito-local
 * package, so anyone can mint tokens it would accept: it is trusted only in a plainly local run, where
 * the site is this machine's and nothing else reaches it: `npm start` and `npm run serve` with a
 * loopback SITE_URL (a public one means a proxy brings others in, whatever the interface), `serve` also
 * bound to a loopback HOST. A deployment always refuses. UNSAFE_LOCAL_IDENTITY=1 lifts every refusal
 * (the tests' edge bundle).
 */
export function localIdentityRefusal(env: PortalEnv, use: LocalIdentityUse): string | null {
  if (env.auth.mode !== 'local' || env.unsafeLocalIdentity) return null;
  const trusts =
    'would trust the local identity service, whose signing key is public (it ships in the cognito-local package): set COGNITO_USER_POOL_ID and COGNITO_APP_CLIENT_ID';
  if (use === 'deploy') return `COGNITO_USER_POOL_ID is not set, so a deployment ${trusts} (handbook/deployment.md).`;
  const reasons: { where: string; fix: string }[] = [];
  if (use === 'serve' && !isLoopbackInterface(env.siteHost)) {
    reasons.push({ where: `on HOST=${env.siteHost}`, fix: 'HOST=localhost' });
  }
  if (!isLoopbackHostname(new URL(env.siteUrl).hostname)) {
    reasons.push({
      where: `for SITE_URL=${env.siteUrl}`,
      fix: `SITE_URL=http://localhost:${env.sitePort} (or unset)`,
    });
  }
  if (reasons.length === 0) return null;
  const command = use === 'serve' ? 'npm run serve' : 'npm start';
  return (
    `COGNITO_USER_POOL_ID is not set, so ${command} ${reasons.map((r) => r.where).join(' and ')} ${trusts}, ` +
    `or ${reasons.map((r) => r.fix).join(' and ')} for a local run.`
  );
}

/**
 * The settings customers' pages depend on, each with what readers get without it. Optional in local mode,
 * where the sandbox API stands in for the provider's and nobody but the portal's own people reads the pages.
 */
const CUSTOMER_SETTINGS: readonly { variable: string; set(env: PortalEnv): boolean; problem: string }[] = [
  {
    variable: 'API_HOST',
    set: (env) => env.apiHost !== undefined,
    problem:
      "give the provider's API host (e.g. https://api.example.com): without it the reference, every sample, " +
      '"Set up your terminal" and "Use my token" send customers to a host that does not exist.',
  },
  {
    variable: 'PROVIDER_CONTACT',
    set: (env) => env.providerContact !== undefined,
    problem:
      'give where customers ask for API access, an https URL or a mailto: address (e.g. mailto:api@example.com): ' +
      'without it every "contact the provider" is plain text with no address, the only way to API access.',
  },
  {
    variable: 'BUILD_COPIES',
    set: (env) => env.buildCopies,
    problem:
      "unset it (or set it to on): AI tools read the pages' Markdown copies and llms.txt, and the gate sends the " +
      'compressed copies; off is for the test suite only.',
  },
];

/**
 * Why the site must not be built for customers from this configuration, or `null` when it may: a build for
 * a user pool (COGNITO_USER_POOL_ID set) is the one customers read, so it needs every setting their pages
 * depend on (API_HOST, PROVIDER_CONTACT) and the copies made from them (BUILD_COPIES on). Local mode needs none.
 * `npm run gen-api` and the site's configuration (docusaurus.config.ts) throw it, so `npm run build` (and `deploy:build`, which builds a
 * missing site first) stops before any page is written; `npm run serve` of a finished build does not ask.
 *
 * @returns a {@link ConfigError} naming each missing variable and what to set, or `null`.
 */
export function customerBuildError(env: PortalEnv): ConfigError | null {
  if (env.auth.mode !== 'cognito') return null;
  const missing = CUSTOMER_SETTINGS.filter((setting) => !setting.set(env));
  if (missing.length === 0) return null;
  return new ConfigError(
    missing.map((setting) => setting.variable).join(' and '),
    `a build for a user pool (COGNITO_USER_POOL_ID) is read by customers: ${missing
      .map((setting) => `${setting.variable}: ${setting.problem}`)
      .join(' ')}`,
  );
}

/**
 * What a build of the site from `env` lacks that readers notice, one line each, for `docusaurus.config.ts` to
 * print ({@link warnOnce}): no PROVIDER_CONTACT (the docs' "contact the provider" gives no address), with a
 * user pool no COGNITO_SCRIPTS_CLIENT_ID (the sign-in samples name no app client), and BUILD_COPIES=off (no Markdown
 * or compressed copies).
 */
export function configWarnings(env: PortalEnv): string[] {
  const warnings: string[] = [];
  if (!env.providerContact)
    warnings.push(
      '[portal] PROVIDER_CONTACT is not set: "contact the provider" in the docs and the API reference give no ' +
        'address (.env.example says how to set it; a build with a user pool requires it).',
    );
  if (env.auth.mode === 'cognito' && !env.auth.scriptsClientId)
    warnings.push(
      "[portal] COGNITO_SCRIPTS_CLIENT_ID is not set: the docs' sign-in samples name no app client for scripts, " +
        'and tell readers to ask the provider for one (.env.example says how to set it).',
    );
  if (!env.buildCopies)
    warnings.push(
      '[portal] BUILD_COPIES=off: this build writes no Markdown copies, llms.txt or compressed copies; it is for ' +
        'the test suite only (.env.example).',
    );
  return warnings;
}

/** The warnings this process has printed, kept on `globalThis` so a configuration evaluated again prints none twice. */
const PRINTED_WARNINGS = Symbol.for('portal.config.printedWarnings');

/**
 * Prints `message` with `console.warn` unless this process has printed it already: Docusaurus evaluates the site's
 * configuration more than once in a run (at start, and again when content reloads), and each would repeat it.
 *
 * @returns whether it was printed now.
 */
export function warnOnce(message: string): boolean {
  const holder = globalThis as { [PRINTED_WARNINGS]?: Set<string> };
  const printed = (holder[PRINTED_WARNINGS] ??= new Set());
  if (printed.has(message)) return false;
  printed.add(message);
  console.warn(message);
  return true;
}

/** LOCAL_SSO (`on`/`off`), IDP_PORT and HOSTED_UI_PORT; enabled only in local mode without COGNITO_OAUTH_DOMAIN. */
function readLocalSso(env: Env, localMode: boolean): LocalSsoSettings {
  const flag = (read(env, 'LOCAL_SSO') ?? 'on').toLowerCase();
  if (flag !== 'on' && flag !== 'off') throw new ConfigError('LOCAL_SSO', `"${flag}" is not on or off.`);
  const idpPort = readPort(env, 'IDP_PORT', 9240);
  const hostedUiPort = readPort(env, 'HOSTED_UI_PORT', 9230);
  if (idpPort === hostedUiPort) throw new ConfigError('HOSTED_UI_PORT', `it must differ from IDP_PORT (${idpPort}).`);
  const enabled = localMode && flag === 'on' && read(env, 'COGNITO_OAUTH_DOMAIN') === undefined;
  return { enabled, idpPort, hostedUiPort };
}

/** ACM certificate ARNs; CloudFront takes certificates from us-east-1 only. */
const US_EAST_1_CERTIFICATE = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;

/** DEPLOY_DOMAIN_NAME and DEPLOY_CERTIFICATE_ARN, both or neither. */
function readCustomDomain(env: Env): DeploySettings['customDomain'] {
  const domainName = read(env, 'DEPLOY_DOMAIN_NAME');
  const certificateArn = read(env, 'DEPLOY_CERTIFICATE_ARN');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName) throw new ConfigError('DEPLOY_DOMAIN_NAME', 'is required with DEPLOY_CERTIFICATE_ARN.');
  if (!certificateArn) throw new ConfigError('DEPLOY_CERTIFICATE_ARN', 'is required with DEPLOY_DOMAIN_NAME.');
  if (!US_EAST_1_CERTIFICATE.test(certificateArn)) {
    throw new ConfigError(
      'DEPLOY_CERTIFICATE_ARN',
      `"${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region).`,
    );
  }
  return { domainName, certificateArn };
}

/**
 * A user pool group's name (Cognito's `GroupName`: 1 to 128 letters, marks, symbols, digits or punctuation, no
 * space), or undefined when unset.
 */
function readGroup(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && (value.length > 128 || !/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(value)))
    throw new ConfigError(name, `"${value}" is not a user pool group name (1 to 128 characters, no space).`);
  return value;
}

/** The default of PREVIEW_REVIEWERS_GROUP: the user pool group whose members may read previews. */
export const DEFAULT_REVIEWERS_GROUP = 'portal-reviewers';

/** A Route 53 hosted zone id, e.g. `Z0123456789ABCDEFGHIJ`. */
const HOSTED_ZONE_ID = /^Z[0-9A-Z]{1,32}$/;

/**
 * The longest PREVIEW_DOMAIN, in characters: a preview's name (`<label>.<domain>`, its label up to 63) stays
 * within DNS's 253.
 */
export const MAX_PREVIEW_DOMAIN_LENGTH = 189;

/** PREVIEW_DOMAIN, PREVIEW_CERTIFICATE_ARN and PREVIEW_HOSTED_ZONE_ID, all three or none ({@link PreviewSettings}). */
function readPreview(env: Env): PreviewSettings | undefined {
  const given = {
    PREVIEW_DOMAIN: read(env, 'PREVIEW_DOMAIN'),
    PREVIEW_CERTIFICATE_ARN: read(env, 'PREVIEW_CERTIFICATE_ARN'),
    PREVIEW_HOSTED_ZONE_ID: read(env, 'PREVIEW_HOSTED_ZONE_ID'),
  };
  const reviewersGroup = readGroup(env, 'PREVIEW_REVIEWERS_GROUP') ?? DEFAULT_REVIEWERS_GROUP;
  const names = Object.keys(given) as (keyof typeof given)[];
  if (names.every((name) => given[name] === undefined)) return undefined;
  const missing = names.find((name) => given[name] === undefined);
  if (missing)
    throw new ConfigError(missing, `is required with ${names.filter((name) => name !== missing).join(' and ')}.`);
  const {
    PREVIEW_DOMAIN: domain,
    PREVIEW_CERTIFICATE_ARN: certificateArn,
    PREVIEW_HOSTED_ZONE_ID: hostedZoneId,
  } = given;
  let hostname = '';
  try {
    hostname = new URL(`https://${domain}`).hostname;
  } catch {
    // Refused below.
  }
  if (hostname !== domain!.toLowerCase() || !hostname.includes('.') || hostname.length > MAX_PREVIEW_DOMAIN_LENGTH)
    throw new ConfigError(
      'PREVIEW_DOMAIN',
      `"${domain}" is not a domain name of at most ${MAX_PREVIEW_DOMAIN_LENGTH} characters (e.g. preview.docs.example.com).`,
    );
  if (!US_EAST_1_CERTIFICATE.test(certificateArn!))
    throw new ConfigError(
      'PREVIEW_CERTIFICATE_ARN',
      `"${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region).`,
    );
  if (!HOSTED_ZONE_ID.test(hostedZoneId!))
    throw new ConfigError('PREVIEW_HOSTED_ZONE_ID', `"${hostedZoneId}" is not a Route 53 hosted zone id (Z…).`);
  return { domain: hostname, certificateArn: certificateArn!, hostedZoneId: hostedZoneId!, reviewersGroup };
}

/** The file of variables {@link loadDotEnv} reads, in the working directory (npm runs every script in the project folder). */
export const DOT_ENV_FILE = '.env';

/**
 * Reads `file` into `env` when it exists, with Node's own parser (`util.parseEnv`, the format of
 * `node --env-file`: `NAME=value` lines, `#` comments, quoted values): a variable already in the environment
 * wins over the file, even when it is set empty, as with `node --env-file` and dotenv. Not read under a test runner
 * (NODE_ENV=test, which Jest sets), whose tests set the variables they mean.
 *
 * @returns whether the file was read.
 * @throws {Error} from Node when the file exists but cannot be read.
 */
export function loadDotEnv(env: Env = process.env, file: string = DOT_ENV_FILE): boolean {
  if (env.NODE_ENV === 'test' || !fs.existsSync(file)) return false;
  for (const [name, value] of Object.entries(parseDotEnv(fs.readFileSync(file, 'utf8')))) {
    if (!(name in env)) env[name] = value;
  }
  return true;
}

/**
 * The addresses the built pages call, each under the variable that sets it: the site's own URL (SITE_URL,
 * or `http://localhost:<PORT>` when unset), the identity service (LOCAL_IDENTITY_PORT, local mode), the
 * hosted UI (HOSTED_UI_PORT locally, else COGNITO_OAUTH_DOMAIN), the OAuth redirect URLs when they are not
 * SITE_URL's sign-in page (COGNITO_REDIRECT_SIGN_IN, COGNITO_REDIRECT_SIGN_OUT), the sandbox API (SANDBOX_PORT,
 * local mode) and the provider's API (API_HOST). `docusaurus build` bakes them into every page, so
 * `npm run build` records them (postbuild/buildIdentity.ts) and `npm run serve` refuses to serve the pages with
 * other values (server/builtFor.ts), which they would call in vain.
 */
export function bakedEndpoints(env: PortalEnv): Record<string, string> {
  const { auth } = env;
  const endpoints: Record<string, string> = { SITE_URL: env.siteUrl };
  if (auth.userPoolEndpoint) endpoints.LOCAL_IDENTITY_PORT = auth.userPoolEndpoint;
  if (auth.oauth.domain)
    endpoints[env.localSso.enabled ? 'HOSTED_UI_PORT' : 'COGNITO_OAUTH_DOMAIN'] = auth.oauth.domain;
  const signIn = `${env.siteUrl}${SIGN_IN_ROUTE}`;
  for (const [variable, urls] of [
    ['COGNITO_REDIRECT_SIGN_IN', auth.oauth.redirectSignIn],
    ['COGNITO_REDIRECT_SIGN_OUT', auth.oauth.redirectSignOut],
  ] as const)
    if (urls.length !== 1 || urls[0] !== signIn) endpoints[variable] = urls.join(',');
  if (auth.mode === 'local') endpoints.SANDBOX_PORT = `http://localhost:${env.localSandbox.port}`;
  if (env.apiHost) endpoints.API_HOST = env.apiHost;
  return endpoints;
}

/**
 * The ports a run listens on, each with the variable that sets it: the site's (PORT) for `serve` and `start`,
 * the MCP server beside the dev server (MCP_DEV_PORT) for `start`, and in local mode the local services'
 * (LOCAL_IDENTITY_PORT, SANDBOX_PORT, HOSTED_UI_PORT, and IDP_PORT while single sign-on runs locally).
 */
export function portsOf(env: PortalEnv, use: 'serve' | 'start'): { variable: string; port: number }[] {
  const ports = [{ variable: 'PORT', port: env.sitePort }];
  if (use === 'start') ports.push({ variable: 'MCP_DEV_PORT', port: env.mcp.devPort });
  if (env.auth.mode !== 'local') return ports;
  ports.push(
    { variable: 'LOCAL_IDENTITY_PORT', port: env.localIdentity.port },
    { variable: 'SANDBOX_PORT', port: env.localSandbox.port },
    { variable: 'HOSTED_UI_PORT', port: env.localSso.hostedUiPort },
  );
  if (env.localSso.enabled) ports.push({ variable: 'IDP_PORT', port: env.localSso.idpPort });
  return ports;
}

loadDotEnv();

/** The configuration of this process, parsed once on first import. */
export const portalEnv: PortalEnv = parseEnv(process.env);
