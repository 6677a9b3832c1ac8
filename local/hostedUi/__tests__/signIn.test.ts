/**
 * @jest-environment node
 *
 * The local hosted UI's own sign-in (no identity provider, as with LOCAL_SSO=off) in front of a real local
 * identity service: the MCP app client's code flow as the portal's authorization server runs it (authorize →
 * sign-in form → callback with a code → token endpoint), then its refresh at the identity service, and what
 * each step refuses.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { generate } from 'cognito-local/lib/services/totp';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { LOCAL_MCP_CLIENT_ID } from '../../../config/env';
import { cognitoCall } from '../../../tests/support/cognito';
import { CROSS_SITE_NAVIGATION, FOREIGN } from '../../__tests__/browser';
import { localMcpClient } from '../../identity/default';
import { LOCAL_JWKS } from '../../identity/jwks';
import { startLocalIdentity, type LocalIdentity } from '../../identity';
import { buildHostedUi } from '../app';
import { INCORRECT_CODE, INCORRECT_CREDENTIALS, SIGN_IN_EXPIRED, SIGN_IN_LABELS } from '../loginPage';

const POOL = 'us-east-1_TestPool1';
const WEB = 'testappclient0000000000001';
const MCP = localMcpClient({ siteUrl: 'http://localhost:3000', sitePort: 3000 });
const CALLBACK = 'http://localhost:3000/oauth/callback';
const HOSTED_UI = 'http://localhost:9230';
const PASSWORD = 'Passw0rd!Local';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const verifier = crypto.randomBytes(32).toString('base64url');
const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');

let dataDir: string;
let identity: LocalIdentity;
let app: FastifyInstance;

const user = (username: string, extra: object = {}) => ({
  username,
  password: PASSWORD,
  attributes: { email: username, email_verified: 'true' },
  ...extra,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosted-ui-sign-in-'));
  identity = await startLocalIdentity({
    port: 0,
    dataDir,
    userPoolId: POOL,
    appClientId: WEB,
    mcpClient: MCP,
    logLevel: 'silent',
    users: [
      user('demo@example.com'),
      user('reader@example.com'),
      user('totp@example.com', { mfa: { totpSecret: TOTP_SECRET } }),
      user('sms@example.com', { mfa: { sms: true } }),
      user('new-password@example.com', { status: 'FORCE_CHANGE_PASSWORD' }),
    ],
  });
  app = await buildHostedUi({
    baseUrl: 'https://localhost:9230',
    clients: [
      { clientId: WEB, callbackUrls: ['http://localhost:3000/login'], logoutUrls: ['http://localhost:3000/login'] },
      { ...MCP, logoutUrls: [] },
    ],
    allowedOrigins: ['http://localhost:3000'],
    pool: identity.pool,
  });
});

afterAll(async () => {
  await app.close();
  await identity.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The authorization request the portal's authorization server sends the browser with. */
const authorizeQuery = (params: Record<string, string | undefined> = {}) =>
  new URLSearchParams(
    Object.entries({
      client_id: LOCAL_MCP_CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email',
      state: 'as-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

/** The browser's navigation from the portal to the hosted UI, following its redirect to the sign-in page. */
async function openSignIn(params: Record<string, string | undefined> = {}) {
  const authorize = await app.inject({
    method: 'GET',
    url: `/oauth2/authorize?${authorizeQuery(params)}`,
    headers: { ...CROSS_SITE_NAVIGATION, host: 'localhost:9230' },
  });
  if (authorize.statusCode !== 302) return { authorize };
  const page = await app.inject({
    method: 'GET',
    url: authorize.headers.location as string,
    headers: { ...CROSS_SITE_NAVIGATION, host: 'localhost:9230' },
  });
  return { authorize, page, html: parse(page.body) };
}

/** Posts a sign-in page's form as the browser does (a same-origin form post), with `fields` filled by label. */
async function submit(html: ReturnType<typeof parse>, fields: Record<string, string>, origin = HOSTED_UI) {
  const form = html.querySelector('form')!;
  const body = new URLSearchParams();
  for (const input of form.querySelectorAll('input')) {
    const label = html.querySelector(`label[for="${input.id}"]`)?.text;
    body.set(input.getAttribute('name')!, label ? (fields[label] ?? '') : (input.getAttribute('value') ?? ''));
  }
  return app.inject({
    method: 'POST',
    url: form.getAttribute('action')!,
    headers: {
      host: 'localhost:9230',
      origin,
      'sec-fetch-site': origin === HOSTED_UI ? 'same-origin' : 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: body.toString(),
  });
}

const signIn = async (username: string, password: string) => {
  const { html } = await openSignIn();
  return submit(html!, { [SIGN_IN_LABELS.username]: username, [SIGN_IN_LABELS.password]: password });
};

/** The authorization server redeeming a code server to server (no Origin), as at Cognito's token endpoint. */
const redeem = (code: string, overrides: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: LOCAL_MCP_CLIENT_ID,
      redirect_uri: CALLBACK,
      code,
      code_verifier: verifier,
      ...overrides,
    }).toString(),
  });

const refresh = (refreshToken: string) =>
  cognitoCall(identity.url, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: LOCAL_MCP_CLIENT_ID,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

/** The error the page shows, or undefined. */
const shownError = (body: string) => parse(body).querySelector('[role="alert"]')?.text;

it("registers the MCP app client's callback on each of the portal's origins", () => {
  expect(MCP).toEqual({
    clientId: LOCAL_MCP_CLIENT_ID,
    callbackUrls: [CALLBACK, 'http://127.0.0.1:3000/oauth/callback', 'http://[::1]:3000/oauth/callback'],
  });
  expect(localMcpClient({ siteUrl: 'http://localhost:8080', sitePort: 4000 }).callbackUrls).toEqual([
    'http://localhost:8080/oauth/callback',
    'http://localhost:4000/oauth/callback',
    'http://127.0.0.1:4000/oauth/callback',
    'http://[::1]:4000/oauth/callback',
  ]);
});

it('sends an authorization request without identity_provider (or COGNITO) to a labelled sign-in form', async () => {
  for (const identityProvider of [undefined, 'COGNITO']) {
    const { authorize, page, html } = await openSignIn({ identity_provider: identityProvider });
    expect([authorize.statusCode, new URL(authorize.headers.location as string, HOSTED_UI).pathname]).toEqual([
      302,
      '/login',
    ]);
    expect(page!.statusCode).toBe(200);
    const fields = html!
      .querySelectorAll('input')
      .map((input) => [html!.querySelector(`label[for="${input.id}"]`)?.text, input.getAttribute('type')]);
    expect(fields).toEqual([
      [SIGN_IN_LABELS.username, 'text'],
      [SIGN_IN_LABELS.password, 'password'],
    ]);
    expect(html!.querySelector('button[type="submit"]')?.text).toBe(SIGN_IN_LABELS.submit);
    // No script at all, and a CSP that allows none: the page works where inline script is refused.
    expect(html!.querySelectorAll('script')).toHaveLength(0);
    expect(page!.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
    expect(page!.headers['content-security-policy']).not.toMatch(/script-src|unsafe-inline/);
    // The browser's form post must carry the page's own origin (`no-referrer` would make it `null`, refused).
    expect(page!.headers['referrer-policy']).toBe('same-origin');
    // Without the local IdP there is no single sign-on link.
    expect(html!.querySelectorAll('a')).toHaveLength(0);
  }
});

it('signs the demo user in for the MCP app client: a code for its callback with the state, redeemed for its tokens', async () => {
  const back = await signIn('demo@example.com', PASSWORD);
  expect(back.statusCode).toBe(302);
  const callback = new URL(back.headers.location as string);
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  expect(callback.searchParams.get('state')).toBe('as-state');

  const tokens = await redeem(callback.searchParams.get('code')!);
  expect(tokens.statusCode).toBe(200);
  const { access_token, id_token, refresh_token } = JSON.parse(tokens.body);
  const verifier = JwtRsaVerifier.create({ issuer: identity.issuer, audience: null });
  verifier.cacheJwks(LOCAL_JWKS);
  expect(await verifier.verify(access_token)).toMatchObject({
    token_use: 'access',
    client_id: LOCAL_MCP_CLIENT_ID,
    username: 'demo@example.com',
  });
  expect(await verifier.verify(id_token)).toMatchObject({ aud: LOCAL_MCP_CLIENT_ID, email: 'demo@example.com' });
  expect(refresh_token).toEqual(expect.any(String));
  // A code is good once.
  expect((await redeem(callback.searchParams.get('code')!)).statusCode).toBe(400);
});

it('refuses a code redeemed without the PKCE verifier or for another client', async () => {
  for (const overrides of [{ code_verifier: '' }, { client_id: WEB }] as Record<string, string>[]) {
    const back = await signIn('demo@example.com', PASSWORD);
    const code = new URL(back.headers.location as string).searchParams.get('code')!;
    const refused = await redeem(code, overrides);
    expect([refused.statusCode, JSON.parse(refused.body).error]).toEqual([400, 'invalid_grant']);
  }
});

it('answers a wrong password and an unknown user with the same message, and sends no code', async () => {
  const wrong = await signIn('demo@example.com', 'not-the-password');
  const unknown = await signIn('nobody@example.com', PASSWORD);
  for (const answer of [wrong, unknown]) {
    expect([answer.statusCode, answer.headers.location, shownError(answer.body)]).toEqual([
      200,
      undefined,
      INCORRECT_CREDENTIALS,
    ]);
    const html = parse(answer.body);
    expect(html.querySelector('title')?.text).toMatch(/^Error: /);
    expect(html.querySelector('#password')?.getAttribute('aria-describedby')).toBe('error');
  }
  // The pages differ only in the username typed, which is shown again; never the password.
  expect(wrong.body.replace('demo@example.com', 'nobody@example.com')).toBe(unknown.body);
  expect(wrong.body).not.toContain('not-the-password');
});

it('tells a user whose password is right what else the sign-in needs, and only then', async () => {
  const needsNewPassword = await signIn('new-password@example.com', PASSWORD);
  expect(shownError(needsNewPassword.body)).toMatch(/must first choose a new password/);
  const sms = await signIn('sms@example.com', PASSWORD);
  expect(shownError(sms.body)).toMatch(/texted code.*demo user/);
  const wrong = await signIn('new-password@example.com', 'not-the-password');
  expect(shownError(wrong.body)).toBe(INCORRECT_CREDENTIALS);
});

it('asks a user with an authenticator for the TOTP code, refuses a wrong one, and signs them in with the right one', async () => {
  const step = await signIn('totp@example.com', PASSWORD);
  expect([step.statusCode, step.headers.location]).toEqual([200, undefined]);
  const codeField = { [SIGN_IN_LABELS.code]: '000000' };
  const wrong = await submit(parse(step.body), codeField);
  expect([wrong.statusCode, wrong.headers.location, shownError(wrong.body)]).toEqual([200, undefined, INCORRECT_CODE]);
  const back = await submit(parse(wrong.body), { [SIGN_IN_LABELS.code]: generate(TOTP_SECRET) });
  const callback = new URL(back.headers.location as string);
  expect([back.statusCode, callback.searchParams.get('state')]).toEqual([302, 'as-state']);
  const tokens = JSON.parse((await redeem(callback.searchParams.get('code')!)).body);
  expect(decomposeUnverifiedJwt(tokens.access_token).payload).toMatchObject({ username: 'totp@example.com' });
});

it('starts the sign-in again after five wrong TOTP codes', async () => {
  let answer = await signIn('totp@example.com', PASSWORD);
  for (let i = 0; i < 5; i++) answer = await submit(parse(answer.body), { [SIGN_IN_LABELS.code]: '000000' });
  const fifthWrong = parse(answer.body);
  const after = await submit(fifthWrong, { [SIGN_IN_LABELS.code]: generate(TOTP_SECRET) });
  expect([after.headers.location, shownError(after.body)]).toEqual([undefined, SIGN_IN_EXPIRED]);
  expect(parse(after.body).querySelector('#password')).not.toBeNull();
});

it.each([
  ['a redirect URI the MCP client does not list', { redirect_uri: 'http://localhost:3000/login' }],
  ['a redirect URI of another site', { redirect_uri: 'https://evil.example/oauth/callback' }],
  ['no PKCE challenge', { code_challenge: undefined }],
  ['a PKCE method other than S256', { code_challenge_method: 'plain' }],
  ['an identity provider this hosted UI does not have', { identity_provider: 'RegData' }],
  ['an unknown client', { client_id: 'someoneelse' }],
])('refuses %s, at authorize and at the sign-in form alike', async (_name, params) => {
  const { authorize } = await openSignIn(params);
  expect([authorize.statusCode, authorize.headers.location]).toEqual([400, undefined]);
  if ('identity_provider' in params) return;
  // A form posted straight to /login with the same request sends no code anywhere either.
  const posted = await app.inject({
    method: 'POST',
    url: `/login?${authorizeQuery(params)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: 'demo@example.com', password: PASSWORD }).toString(),
  });
  expect([posted.statusCode, posted.headers.location]).toEqual([400, undefined]);
});

it("refuses another site's form post to the sign-in form with 403", async () => {
  const { html } = await openSignIn();
  const forged = await submit(
    html!,
    { [SIGN_IN_LABELS.username]: 'demo@example.com', [SIGN_IN_LABELS.password]: PASSWORD },
    FOREIGN,
  );
  expect([forged.statusCode, forged.headers.location]).toEqual([403, undefined]);
});

it("refreshes the MCP client's session at the identity service, and refuses it once the user is disabled", async () => {
  const back = await signIn('reader@example.com', PASSWORD);
  const code = new URL(back.headers.location as string).searchParams.get('code')!;
  const { refresh_token } = JSON.parse((await redeem(code)).body);

  const refreshed = await refresh(refresh_token);
  expect(refreshed.status).toBe(200);
  expect(decomposeUnverifiedJwt(refreshed.json.AuthenticationResult.AccessToken).payload).toMatchObject({
    client_id: LOCAL_MCP_CLIENT_ID,
    username: 'reader@example.com',
  });

  expect(
    (await cognitoCall(identity.url, 'AdminDisableUser', { UserPoolId: POOL, Username: 'reader@example.com' })).status,
  ).toBe(200);
  expect(await refresh(refresh_token)).toEqual({
    status: 400,
    json: { __type: 'NotAuthorizedException', message: 'User is disabled.' },
  });
  // Nor does the form sign them in again.
  const again = await signIn('reader@example.com', PASSWORD);
  expect([again.headers.location, shownError(again.body)]).toEqual([undefined, expect.stringMatching(/disabled/)]);
});
