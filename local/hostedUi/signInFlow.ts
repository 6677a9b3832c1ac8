/**
 * What the local hosted UI's routes share (./app.ts builds the app): the user pool's side of a sign-in, the
 * options, the flows in progress, and checking a site's authorization request and sending the site its code
 * as Cognito's hosted UI does.
 */
import type { FastifyReply } from 'fastify';
import type { CodeStore } from './federation';

/**
 * What a username and password come to at the sign-in form (local/identity/passwordSignIn.ts decides):
 * - `signed-in`: the password is right and nothing more is needed;
 * - `totp-required`: the password is right, and the user's authenticator code comes next;
 * - `incorrect`: no such user, a wrong password, or a federated user: one answer for all;
 * - the others: the password is right, but the user is disabled, must reset or change the password, has not
 *   confirmed the account, signs in with an SMS code, or must set up MFA first (the form does none of these).
 *
 * `username` is the pool's own name of the user, which the tokens carry.
 */
export type PasswordCheck =
  | { result: 'incorrect' }
  | {
      result:
        | 'signed-in'
        | 'totp-required'
        | 'disabled'
        | 'reset-required'
        | 'new-password-required'
        | 'unconfirmed'
        | 'sms-mfa-required'
        | 'mfa-setup-required';
      username: string;
    };

/** The user pool side: what the local identity service does for the hosted UI. */
export interface PoolAdapter {
  /** Checks a username (or alias) and password against the pool, as `InitiateAuth` does. */
  authenticate(username: string, password: string): Promise<PasswordCheck>;
  /** Whether `code` is the current TOTP code of the user's authenticator. */
  verifyTotp(username: string, code: string): Promise<boolean>;
  /** Creates the federated user, or updates its attributes when it exists. */
  upsertFederatedUser(username: string, attributes: Record<string, string>): Promise<void>;
  /** The pool's ID, access and refresh tokens for `username` and app client `clientId`. */
  tokensFor(
    username: string,
    clientId: string,
  ): Promise<{ idToken: string; accessToken: string; refreshToken: string }>;
}

/** Options of {@link buildHostedUi}. */
export interface HostedUiOptions {
  /** This hosted UI's origin, e.g. `https://localhost:9230`. */
  baseUrl: string;
  /** The pool's app clients and where they may be sent back to. */
  clients: { clientId: string; callbackUrls: string[]; logoutUrls: string[] }[];
  /**
   * The portal's origins (../origins.ts `portalOrigins`): their pages may redeem a code at `/oauth2/token`,
   * with the CORS grant. Another site's page gets only the top-level navigations of the sign-in flow.
   */
  allowedOrigins: readonly string[];
  /**
   * The custom OIDC provider, as the pool names it (e.g. `RegDataIdP`), and how to reach it; the sign-in page
   * links to it. Without one (LOCAL_SSO=off), only the pool's own sign-in runs and `identity_provider` other
   * than `COGNITO` is refused.
   */
  provider?: { name: string; issuer: string; clientId: string; clientSecret: string };
  pool: PoolAdapter;
  /** Current time in ms (tests pass their own). */
  now?: () => number;
  /** Serve over TLS with this key and certificate (./certificate.ts); plain HTTP without (tests). */
  https?: { key: string; cert: string };
}

/** A browser on its way through the IdP: what the site asked for. */
export type Pending = AuthorizationRequest & { expires: number };

/** How long a browser may take at the IdP, in ms. */
export const PENDING_LIFETIME_MS = 10 * 60 * 1000;

/**
 * How long the TOTP step of a sign-in may take, in ms, and how many wrong codes it allows; then the sign-in
 * starts again (Cognito: a sign-in session lasts 3 minutes by default, `AuthSessionValidity`).
 */
export const TOTP_STEP_LIFETIME_MS = 3 * 60 * 1000;
export const TOTP_STEP_TRIES = 5;

/** Largest form body `/login` and `/login/totp` read, in bytes: a username, a password and a few names. */
export const FORM_BODY_LIMIT_BYTES = 4096;

/** The pool's own sign-in, as the site names it in `identity_provider` (or leaves it out). */
export const COGNITO_PROVIDER = 'COGNITO';

/** An OAuth error page or body, as Cognito answers invalid requests. */
export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

/** What the hosted UI's routes share: the options, the clock, and the flows in progress. */
export interface HostedUi {
  options: HostedUiOptions;
  now: () => number;
  codes: CodeStore;
  pending: Map<string, Pending>;
  refreshTokens: Map<string, { username: string; clientId: string }>;
  /** Where the IdP sends the browser back: this hosted UI's `/oauth2/idpresponse`. */
  idpResponse: string;
  /** The IdP's endpoints, from its discovery document (read once, on the first sign-in). */
  idp(): Promise<{ authorization_endpoint: string; token_endpoint: string }>;
  /** The app client of an id, if the pool has it. */
  client(id: unknown): HostedUiOptions['clients'][number] | undefined;
  /** Sign-ins whose password was right, waiting for the TOTP code: session → who and for what. */
  totpSteps: Map<string, { username: string; request: AuthorizationRequest; expires: number; tries: number }>;
}

/** A site's authorization request, checked: an app client's, to one of its callback URLs, with PKCE S256. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scope: string;
}

/** The IdP of `options`. @throws {Error} without one: its routes are reached only when it is configured. */
export function provider(options: HostedUiOptions): NonNullable<HostedUiOptions['provider']> {
  if (!options.provider) throw new Error('the local hosted UI runs without an identity provider');
  return options.provider;
}

/** A query or form value given once; a repeated or missing one is `undefined`. */
export const one = (values: Record<string, unknown>, name: string): string | undefined =>
  typeof values[name] === 'string' ? values[name] : undefined;

/**
 * Checks a site's authorization request as Cognito's `/oauth2/authorize` does: a known client, one of its
 * callback URLs, `response_type=code`, and a PKCE challenge with method S256.
 *
 * @returns the request, or the OAuth error to answer with 400.
 */
export function authorizationRequest(
  ui: HostedUi,
  q: Record<string, unknown>,
): AuthorizationRequest | { error: string; description: string } {
  const known = ui.client(one(q, 'client_id'));
  if (!known) return { error: 'invalid_request', description: 'unknown client_id' };
  const redirectUri = one(q, 'redirect_uri');
  if (!redirectUri || !known.callbackUrls.includes(redirectUri)) {
    return { error: 'invalid_request', description: 'redirect_uri is not a callback URL of this client' };
  }
  if (one(q, 'response_type') !== 'code') return { error: 'unsupported_response_type', description: 'only code' };
  const codeChallenge = one(q, 'code_challenge');
  if (!codeChallenge || one(q, 'code_challenge_method') !== 'S256') {
    return { error: 'invalid_request', description: 'a PKCE code_challenge with method S256 is required' };
  }
  return {
    clientId: known.clientId,
    redirectUri,
    state: one(q, 'state'),
    codeChallenge,
    scope: one(q, 'scope') ?? 'openid email',
  };
}

/** The query of `request` again, as the sign-in page's form and links carry it. */
export function requestQuery(request: AuthorizationRequest, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    ...(request.state ? { state: request.state } : {}),
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    scope: request.scope,
    ...extra,
  }).toString();
}

/** Sends the browser back to the site with a code for `username`, and the site's state. */
export function sendCode(reply: FastifyReply, ui: HostedUi, request: AuthorizationRequest, username: string) {
  const code = ui.codes.issue(
    {
      username,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.scope,
    },
    ui.now(),
  );
  const back = new URL(request.redirectUri);
  back.searchParams.set('code', code);
  if (request.state) back.searchParams.set('state', request.state);
  return reply.redirect(back.toString(), 302);
}
