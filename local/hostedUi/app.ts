/**
 * The hosted-UI OAuth endpoints the local identity service lacks, as Cognito's behave for a
 * user pool with an OIDC identity provider: `/oauth2/authorize` sends the browser to the IdP when the site
 * names it (`identity_provider`), else to the pool's own sign-in page (`/login`: username and password, then
 * a TOTP code if the user has one, ./loginPage.ts); `/oauth2/idpresponse` exchanges the IdP's code, federates
 * the person into the pool (./federation.ts) and sends the site its own code, as a successful sign-in at
 * `/login` does; `/oauth2/token` redeems that code (PKCE S256) for the pool's tokens of the client, and
 * `/logout` returns to the site. A Fastify app, served over TLS by ./index.ts, since Amplify always
 * builds `https://<domain>` URLs. The sign-in routes are ./signInRoutes.ts; what the routes share is ./signInFlow.ts.
 */
import crypto from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import { addHostCheck } from '../../server/gate/hosts';
import { addOriginCheck } from '../origins';
import { CodeStore } from './federation';
import {
  authorizationRequest,
  COGNITO_PROVIDER,
  oauthError,
  one,
  PENDING_LIFETIME_MS,
  provider,
  requestQuery,
  type HostedUi,
  type HostedUiOptions,
} from './signInFlow';
import { addIdpResponse, addLogin } from './signInRoutes';

export type { HostedUiOptions, PasswordCheck, PoolAdapter } from './signInFlow';

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
