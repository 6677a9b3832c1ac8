/**
 * The hosted-UI OAuth endpoints the local identity service lacks, as Cognito's behave for a
 * user pool with an OIDC identity provider: `/oauth2/authorize` sends the browser to the IdP when the site
 * names it (`identity_provider`), else to the pool's own sign-in page (`/login`: username and password, then
 * a TOTP code if the user has one, ./loginPage.ts); `/oauth2/idpresponse` exchanges the IdP's code, federates
 * the person into the pool (./federation.ts) and sends the site its own code, as a successful sign-in at
 * `/login` does; `/oauth2/token` redeems that code (PKCE S256) for the pool's tokens of the client, and
 * `/logout` returns to the site. A Fastify app, served over TLS by ./index.ts, since Amplify always
 * builds `https://<domain>` URLs.
 */
import crypto from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import { addHostCheck } from '../../server/gate/hosts';
import { addOriginCheck } from '../origins';
import { CodeStore, federatedAttributes, federatedUsername, type IdpClaims } from './federation';
import {
  INCORRECT_CODE,
  loginPage,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  pageHeaders,
  SIGN_IN_EXPIRED,
  signInMessage,
  totpPage,
} from './loginPage';

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
type Pending = AuthorizationRequest & { expires: number };

/** How long a browser may take at the IdP, in ms. */
const PENDING_LIFETIME_MS = 10 * 60 * 1000;

/**
 * How long the TOTP step of a sign-in may take, in ms, and how many wrong codes it allows; then the sign-in
 * starts again (Cognito: a sign-in session lasts 3 minutes by default, `AuthSessionValidity`).
 */
const TOTP_STEP_LIFETIME_MS = 3 * 60 * 1000;
const TOTP_STEP_TRIES = 5;

/** Largest form body `/login` and `/login/totp` read, in bytes: a username, a password and a few names. */
const FORM_BODY_LIMIT_BYTES = 4096;

/** The pool's own sign-in, as the site names it in `identity_provider` (or leaves it out). */
const COGNITO_PROVIDER = 'COGNITO';

/** An OAuth error page or body, as Cognito answers invalid requests. */
const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

/**
 * An error no route answers itself (the pool's data files, an IdP that cannot be reached): logged with its
 * details, answered as OAuth's `server_error` without them, so no answer names a path of this machine.
 * Fastify's own client errors (a malformed body) keep its answer.
 */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode !== undefined && error.statusCode < 500) return reply.send(error);
  console.error(`[hostedUi] ${request.method} ${request.routeOptions.url ?? request.url} failed:`, error);
  return oauthError(reply, 500, 'server_error', 'the local hosted UI failed: its console says why');
}

/** What the hosted UI's routes share: the options, the clock, and the flows in progress. */
interface HostedUi {
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
interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scope: string;
}

/**
 * @throws {Error} when the IdP's discovery document cannot be read (on the first sign-in, not at build).
 */
export async function buildHostedUi(options: HostedUiOptions): Promise<FastifyInstance> {
  // Typed as the plain-HTTP instance: the routes are the same either way.
  const app = (
    options.https ? Fastify({ logger: false, https: options.https }) : Fastify({ logger: false })
  ) as FastifyInstance;
  // A page rebound to this machine by DNS gets nothing, like from the other local services.
  addHostCheck(app, LOOPBACK_HOSTNAMES);
  // The portal sends the browser here and the IdP sends it back (top-level navigations, from any site, as
  // to Cognito's hosted UI); a fetch or form post of another site's page is refused before any route.
  addOriginCheck(
    app,
    { service: 'the local hosted UI', allowedOrigins: options.allowedOrigins, navigations: true },
    options.https ? 'https' : 'http',
  );
  // Amplify redeems the code from the portal's page with fetch; like Cognito's token endpoint, answer it
  // with CORS for the portal's origins.
  await app.register(cors, { origin: [...options.allowedOrigins] });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler(answerError);
  let discovery: ReturnType<HostedUi['idp']> | undefined;
  const ui: HostedUi = {
    options,
    now: options.now ?? Date.now,
    codes: new CodeStore(),
    pending: new Map(),
    refreshTokens: new Map(),
    idpResponse: `${options.baseUrl}/oauth2/idpresponse`,
    idp: () =>
      (discovery ??= fetch(`${provider(options).issuer}/.well-known/openid-configuration`).then((r) => {
        if (!r.ok) throw new Error(`the identity provider's discovery answered ${r.status}`);
        return r.json();
      })),
    client: (id) => options.clients.find((c) => c.clientId === id),
    totpSteps: new Map(),
  };
  addAuthorize(app, ui);
  addLogin(app, ui);
  addIdpResponse(app, ui);
  addToken(app, ui);
  addLogout(app, ui);
  return app;
}

/** The IdP of `options`. @throws {Error} without one: its routes are reached only when it is configured. */
function provider(options: HostedUiOptions): NonNullable<HostedUiOptions['provider']> {
  if (!options.provider) throw new Error('the local hosted UI runs without an identity provider');
  return options.provider;
}

/** A query or form value given once; a repeated or missing one is `undefined`. */
const one = (values: Record<string, unknown>, name: string): string | undefined =>
  typeof values[name] === 'string' ? values[name] : undefined;

/**
 * Checks a site's authorization request as Cognito's `/oauth2/authorize` does: a known client, one of its
 * callback URLs, `response_type=code`, and a PKCE challenge with method S256.
 *
 * @returns the request, or the OAuth error to answer with 400.
 */
function authorizationRequest(
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
function requestQuery(request: AuthorizationRequest, extra: Record<string, string> = {}): string {
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
function sendCode(reply: FastifyReply, ui: HostedUi, request: AuthorizationRequest, username: string) {
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

/**
 * `/oauth2/authorize`: checks the site's request (client, callback, PKCE S256), then sends the browser to the IdP
 * it names (`identity_provider`), or to the pool's own sign-in page (`/login`, with the same request) when it
 * names none or `COGNITO`, as Cognito's hosted UI does.
 */
function addAuthorize(app: FastifyInstance, ui: HostedUi): void {
  app.get('/oauth2/authorize', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const checked = authorizationRequest(ui, q);
    if ('error' in checked) return oauthError(reply, 400, checked.error, checked.description);
    const named = one(q, 'identity_provider');
    if (named === undefined || named === COGNITO_PROVIDER) {
      return reply.redirect(`/login?${requestQuery(checked)}`, 302);
    }
    const idp = ui.options.provider;
    if (named !== idp?.name) {
      const allowed = [COGNITO_PROVIDER, ...(idp ? [idp.name] : [])].join(' or ');
      return oauthError(reply, 400, 'invalid_request', `identity_provider must be ${allowed} (or left out)`);
    }
    const key = crypto.randomBytes(24).toString('base64url');
    ui.pending.set(key, { ...checked, expires: ui.now() + PENDING_LIFETIME_MS });
    const target = new URL((await ui.idp()).authorization_endpoint);
    target.search = new URLSearchParams({
      client_id: idp.clientId,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: ui.idpResponse,
      state: key,
    }).toString();
    return reply.redirect(target.toString(), 302);
  });
}

/**
 * `/login`: the pool's own sign-in page for a checked authorization request (its query), and its form: a right
 * username and password send the browser back to the site with a code, or on to the TOTP step for a user with an
 * authenticator (`/login/totp`); anything else shows the form again with what went wrong, the same message
 * for an unknown user as for a wrong password.
 */
function addLogin(app: FastifyInstance, ui: HostedUi): void {
  const sso = (request: AuthorizationRequest) =>
    ui.options.provider && {
      name: ui.options.provider.name,
      href: `/oauth2/authorize?${requestQuery(request, { identity_provider: ui.options.provider.name })}`,
    };
  // A form shown again with an error is a page like any other (200, as Cognito's hosted UI answers): the
  // browser logs no failed load, and the error is on the page.
  const form = (reply: FastifyReply, request: AuthorizationRequest, error?: string, username?: string) =>
    reply
      .code(200)
      .headers(pageHeaders(new URL(request.redirectUri).origin))
      .send(loginPage({ action: `/login?${requestQuery(request)}`, error, username, sso: sso(request) }));
  const totpForm = (reply: FastifyReply, request: AuthorizationRequest, session: string, error?: string) =>
    reply
      .code(200)
      .headers(pageHeaders(new URL(request.redirectUri).origin))
      .send(totpPage({ action: '/login/totp', session, error }));

  app.get('/login', async (request, reply) => {
    const checked = authorizationRequest(ui, request.query as Record<string, unknown>);
    if ('error' in checked) return oauthError(reply, 400, checked.error, checked.description);
    return form(reply, checked);
  });

  app.post('/login', { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request, reply) => {
    const checked = authorizationRequest(ui, request.query as Record<string, unknown>);
    if ('error' in checked) return oauthError(reply, 400, checked.error, checked.description);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = (one(body, 'username') ?? '').slice(0, MAX_USERNAME_LENGTH + 1);
    const password = one(body, 'password') ?? '';
    if (!username || !password) return form(reply, checked, 'Enter your username and password.', username);
    const check =
      username.length > MAX_USERNAME_LENGTH || password.length > MAX_PASSWORD_LENGTH
        ? ({ result: 'incorrect' } as const)
        : await ui.options.pool.authenticate(username, password);
    if (check.result === 'signed-in') return sendCode(reply, ui, checked, check.username);
    if (check.result === 'totp-required') {
      for (const [key, step] of ui.totpSteps) if (step.expires < ui.now()) ui.totpSteps.delete(key);
      const session = crypto.randomBytes(24).toString('base64url');
      ui.totpSteps.set(session, {
        username: check.username,
        request: checked,
        expires: ui.now() + TOTP_STEP_LIFETIME_MS,
        tries: 0,
      });
      return totpForm(reply, checked, session);
    }
    const shown = check.result === 'incorrect' ? username.slice(0, MAX_USERNAME_LENGTH) : check.username;
    return form(reply, checked, signInMessage(check.result), shown);
  });

  app.post('/login/totp', { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const session = one(body, 'session') ?? '';
    const step = ui.totpSteps.get(session);
    if (!step || step.expires < ui.now() || step.tries >= TOTP_STEP_TRIES) {
      ui.totpSteps.delete(session);
      if (!step) return oauthError(reply, 400, 'invalid_request', 'unknown sign-in session: sign in again');
      return form(reply, step.request, SIGN_IN_EXPIRED, step.username);
    }
    const code = (one(body, 'code') ?? '').trim();
    if (!(await ui.options.pool.verifyTotp(step.username, code))) {
      step.tries += 1;
      return totpForm(reply, step.request, session, INCORRECT_CODE);
    }
    ui.totpSteps.delete(session);
    return sendCode(reply, ui, step.request, step.username);
  });
}

/** `/oauth2/idpresponse`: the IdP's answer; federates the person and sends the site its own code. */
function addIdpResponse(app: FastifyInstance, ui: HostedUi): void {
  app.get('/oauth2/idpresponse', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const waiting = q.state ? ui.pending.get(q.state) : undefined;
    if (q.state) ui.pending.delete(q.state);
    if (!waiting || waiting.expires < ui.now())
      return oauthError(reply, 400, 'invalid_request', 'unknown or expired state');
    if (!q.code) {
      // As Cognito does: the IdP's refusal goes back to the site, where Amplify reports it.
      const back = new URL(waiting.redirectUri);
      back.searchParams.set('error', q.error === 'access_denied' ? 'access_denied' : 'server_error');
      back.searchParams.set(
        'error_description',
        q.error_description ?? q.error ?? 'the identity provider sent no code',
      );
      if (waiting.state) back.searchParams.set('state', waiting.state);
      return reply.redirect(back.toString(), 302);
    }
    const exchanged = await idpClaims(ui, q.code);
    if ('error' in exchanged) return oauthError(reply, 400, exchanged.error, exchanged.description);
    const { claims } = exchanged;
    const { name } = provider(ui.options);
    const username = federatedUsername(name, claims.sub);
    await ui.options.pool.upsertFederatedUser(username, federatedAttributes(name, claims, ui.now()));
    return sendCode(reply, ui, waiting, username);
  });
}

/**
 * Redeems the IdP's code at its token endpoint with the client secret and reads the ID token it returns.
 *
 * @returns the claims, or the OAuth error and why they cannot be used.
 */
async function idpClaims(
  ui: HostedUi,
  code: string,
): Promise<{ claims: IdpClaims } | { error: 'invalid_grant' | 'invalid_token'; description: string }> {
  const idp = provider(ui.options);
  const token = await fetch((await ui.idp()).token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${idp.clientId}:${idp.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ui.idpResponse,
    }).toString(),
  });
  if (!token.ok)
    return { error: 'invalid_grant', description: `the identity provider refused the code (${token.status})` };
  // Received straight from the IdP's token endpoint with the client secret (OIDC Core §3.1.3.7): the
  // issuer, audience and expiry are checked here.
  const claims = JSON.parse(
    Buffer.from(String((await token.json()).id_token).split('.')[1] ?? '', 'base64url').toString(),
  ) as IdpClaims & {
    iss?: string;
    aud?: string | string[];
    exp?: number;
  };
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== idp.issuer || !audience.includes(idp.clientId) || (claims.exp ?? 0) * 1000 < ui.now()) {
    return { error: 'invalid_token', description: 'the identity provider sent an ID token for someone else' };
  }
  return { claims };
}

/** `/oauth2/token`: redeems the site's code (PKCE) or a refresh token for the pool's tokens. */
function addToken(app: FastifyInstance, ui: HostedUi): void {
  app.post('/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    let grant: { username: string; clientId: string };
    if (body.grant_type === 'authorization_code') {
      const redeemed = ui.codes.redeem(
        body.code ?? '',
        { clientId: body.client_id ?? '', redirectUri: body.redirect_uri ?? '', codeVerifier: body.code_verifier },
        ui.now(),
      );
      if ('error' in redeemed) return oauthError(reply, 400, redeemed.error, redeemed.reason);
      grant = redeemed;
    } else if (body.grant_type === 'refresh_token') {
      const known = ui.refreshTokens.get(body.refresh_token ?? '');
      if (!known || known.clientId !== body.client_id)
        return oauthError(reply, 400, 'invalid_grant', 'unknown refresh token');
      grant = known;
    } else {
      return oauthError(reply, 400, 'unsupported_grant_type', 'authorization_code or refresh_token');
    }
    const tokens = await ui.options.pool.tokensFor(grant.username, grant.clientId);
    ui.refreshTokens.set(tokens.refreshToken, { username: grant.username, clientId: grant.clientId });
    return reply.header('cache-control', 'no-store').send({
      id_token: tokens.idToken,
      access_token: tokens.accessToken,
      ...(body.grant_type === 'authorization_code' ? { refresh_token: tokens.refreshToken } : {}),
      token_type: 'Bearer',
      expires_in: 3600,
    });
  });
}

/** `/logout`: back to one of the client's sign-out URLs. */
function addLogout(app: FastifyInstance, ui: HostedUi): void {
  app.get('/logout', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const known = ui.client(q.client_id);
    if (!known || !q.logout_uri || !known.logoutUrls.includes(q.logout_uri)) {
      return oauthError(reply, 400, 'invalid_request', 'logout_uri is not a sign-out URL of this client');
    }
    return reply.redirect(q.logout_uri, 302);
  });
}
