/**
 * The hosted-UI OAuth endpoints the local identity service lacks, as Cognito's behave for a
 * user pool with an OIDC identity provider: `/oauth2/authorize` sends the browser to the IdP,
 * `/oauth2/idpresponse` exchanges the IdP's code, federates the person into the pool (./federation.ts) and
 * sends the site its own code, `/oauth2/token` redeems that code (PKCE S256) for the pool's tokens, and
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

/** The user pool side: what the local identity service does for the hosted UI. */
export interface PoolAdapter {
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
  /** The custom OIDC provider, as the pool names it (e.g. `RegDataIdP`), and how to reach it. */
  provider: { name: string; issuer: string; clientId: string; clientSecret: string };
  pool: PoolAdapter;
  /** Current time in ms (tests pass their own). */
  now?: () => number;
  /** Serve over TLS with this key and certificate (./certificate.ts); plain HTTP without (tests). */
  https?: { key: string; cert: string };
}

/** A browser on its way through the IdP: what the site asked for. */
interface Pending {
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scope: string;
  expires: number;
}

/** How long a browser may take at the IdP, in ms. */
const PENDING_LIFETIME_MS = 10 * 60 * 1000;

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
      (discovery ??= fetch(`${options.provider.issuer}/.well-known/openid-configuration`).then((r) => {
        if (!r.ok) throw new Error(`the identity provider's discovery answered ${r.status}`);
        return r.json();
      })),
    client: (id) => options.clients.find((c) => c.clientId === id),
  };
  addAuthorize(app, ui);
  addIdpResponse(app, ui);
  addToken(app, ui);
  addLogout(app, ui);
  return app;
}

/** `/oauth2/authorize`: checks the site's request (client, callback, PKCE S256, provider) and sends the browser to the IdP. */
function addAuthorize(app: FastifyInstance, ui: HostedUi): void {
  app.get('/oauth2/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const known = ui.client(q.client_id);
    if (!known) return oauthError(reply, 400, 'invalid_request', 'unknown client_id');
    if (!q.redirect_uri || !known.callbackUrls.includes(q.redirect_uri)) {
      return oauthError(reply, 400, 'invalid_request', 'redirect_uri is not a callback URL of this client');
    }
    if (q.response_type !== 'code') return oauthError(reply, 400, 'unsupported_response_type', 'only code');
    if (!q.code_challenge || q.code_challenge_method !== 'S256') {
      return oauthError(reply, 400, 'invalid_request', 'a PKCE code_challenge with method S256 is required');
    }
    if (q.identity_provider !== ui.options.provider.name) {
      return oauthError(reply, 400, 'invalid_request', `identity_provider must be ${ui.options.provider.name}`);
    }
    const key = crypto.randomBytes(24).toString('base64url');
    ui.pending.set(key, {
      clientId: known.clientId,
      redirectUri: q.redirect_uri,
      state: q.state,
      codeChallenge: q.code_challenge,
      scope: q.scope ?? 'openid email',
      expires: ui.now() + PENDING_LIFETIME_MS,
    });
    const target = new URL((await ui.idp()).authorization_endpoint);
    target.search = new URLSearchParams({
      client_id: ui.options.provider.clientId,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: ui.idpResponse,
      state: key,
    }).toString();
    return reply.redirect(target.toString(), 302);
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
    const username = federatedUsername(ui.options.provider.name, claims.sub);
    await ui.options.pool.upsertFederatedUser(
      username,
      federatedAttributes(ui.options.provider.name, claims, ui.now()),
    );
    const code = ui.codes.issue(
      {
        username,
        clientId: waiting.clientId,
        redirectUri: waiting.redirectUri,
        codeChallenge: waiting.codeChallenge,
        scope: waiting.scope,
      },
      ui.now(),
    );
    const back = new URL(waiting.redirectUri);
    back.searchParams.set('code', code);
    if (waiting.state) back.searchParams.set('state', waiting.state);
    return reply.redirect(back.toString(), 302);
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
  const token = await fetch((await ui.idp()).token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${ui.options.provider.clientId}:${ui.options.provider.clientSecret}`).toString('base64')}`,
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
  if (
    claims.iss !== ui.options.provider.issuer ||
    !audience.includes(ui.options.provider.clientId) ||
    (claims.exp ?? 0) * 1000 < ui.now()
  ) {
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
