/**
 * The two ways a person signs in at the local hosted UI: the pool's own sign-in page (`/login`, then a TOTP
 * code for a user with an authenticator, ./loginPage.ts), and the IdP's answer (`/oauth2/idpresponse`), which
 * federates the person into the pool (./federation.ts). Both end by sending the site its code.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { federatedAttributes, federatedUsername, type IdpClaims } from './federation';
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
import {
  authorizationRequest,
  FORM_BODY_LIMIT_BYTES,
  oauthError,
  one,
  provider,
  requestQuery,
  sendCode,
  TOTP_STEP_LIFETIME_MS,
  TOTP_STEP_TRIES,
  type AuthorizationRequest,
  type HostedUi,
} from './signInFlow';

/**
 * `/login`: the pool's own sign-in page for a checked authorization request (its query), and its form: a right
 * username and password send the browser back to the site with a code, or on to the TOTP step for a user with an
 * authenticator (`/login/totp`); anything else shows the form again with what went wrong, the same message
 * for an unknown user as for a wrong password.
 */
export function addLogin(app: FastifyInstance, ui: HostedUi): void {
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
export function addIdpResponse(app: FastifyInstance, ui: HostedUi): void {
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
