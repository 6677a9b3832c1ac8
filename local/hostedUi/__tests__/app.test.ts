/**
 * @jest-environment node
 *
 * The local hosted UI's OAuth endpoints with a stand-in IdP (discovery and token endpoint) and
 * pool: the authorize → IdP → idpresponse → site → token round trip, and what it refuses.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CROSS_SITE_NAVIGATION, crossSiteFetch, FOREIGN, preflight } from '../../__tests__/browser';
import { buildHostedUi } from '../app';

const PORTAL = 'http://localhost:3000';
const SITE = `${PORTAL}/login`;
const verifier = crypto.randomBytes(32).toString('base64url');
const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

let idp: http.Server;
let issuer: string;
let idTokenClaims: Record<string, unknown>;
let app: FastifyInstance;
const users = new Map<string, Record<string, string>>();
/** When set, the pool fails with it, as cognito-local's data store does when a data file is gone. */
let poolFailure: Error | undefined;

beforeAll(async () => {
  idp = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      return void res.end(
        JSON.stringify({ authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` }),
      );
    }
    if (
      req.url === '/token' &&
      req.headers.authorization === `Basic ${Buffer.from('hosted-ui:secret').toString('base64')}`
    ) {
      return void res.end(
        JSON.stringify({ id_token: `${base64url({ alg: 'RS256' })}.${base64url(idTokenClaims)}.sig` }),
      );
    }
    res.writeHead(401).end();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  app = await buildHostedUi({
    baseUrl: 'https://localhost:9230',
    clients: [{ clientId: 'web', callbackUrls: [SITE], logoutUrls: ['http://localhost:3000/'] }],
    allowedOrigins: [PORTAL, 'http://127.0.0.1:3000'],
    provider: { name: 'RegDataIdP', issuer, clientId: 'hosted-ui', clientSecret: 'secret' },
    pool: {
      authenticate: () => Promise.reject(new Error('the IdP path checks no password')),
      verifyTotp: () => Promise.reject(new Error('the IdP path checks no code')),
      async upsertFederatedUser(username, attributes) {
        if (poolFailure) throw poolFailure;
        users.set(username, attributes);
      },
      async tokensFor(username) {
        return { idToken: `id-${username}`, accessToken: `access-${username}`, refreshToken: crypto.randomUUID() };
      },
    },
  });
});

afterAll(() => new Promise((resolve) => idp.close(resolve)));

beforeEach(() => {
  idTokenClaims = {
    iss: issuer,
    aud: 'hosted-ui',
    exp: Math.floor(Date.now() / 1000) + 60,
    sub: 'f3b1',
    email: 'sso.demo@example.com',
    email_verified: true,
  };
});

/** authorize → (IdP) → idpresponse, as the browser navigates from the portal and back; returns the site's return URL. */
async function roundTrip(params: Record<string, string> = {}) {
  const authorize = await app.inject({
    method: 'GET',
    headers: CROSS_SITE_NAVIGATION,
    url: `/oauth2/authorize?${new URLSearchParams({ client_id: 'web', redirect_uri: SITE, response_type: 'code', state: 'site-state', code_challenge: challenge, code_challenge_method: 'S256', identity_provider: 'RegDataIdP', scope: 'openid email', ...params })}`,
  });
  if (authorize.statusCode !== 302) return { authorize };
  const atIdp = new URL(authorize.headers.location as string);
  const back = await app.inject({
    method: 'GET',
    headers: CROSS_SITE_NAVIGATION,
    url: `/oauth2/idpresponse?code=idp-code&state=${atIdp.searchParams.get('state')}`,
  });
  return { authorize, atIdp, back };
}

/** The token request, as Amplify sends it with fetch from the page at `origin` (default: the portal's). */
const token = (body: Record<string, string>, origin = PORTAL) =>
  app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { ...crossSiteFetch(origin), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

it('federates the person as <Provider>_<sub> and gives the site tokens for its code and verifier', async () => {
  const { atIdp, back } = await roundTrip();
  expect(`${atIdp!.origin}${atIdp!.pathname}`).toBe(`${issuer}/auth`);
  expect(atIdp!.searchParams.get('redirect_uri')).toBe('https://localhost:9230/oauth2/idpresponse');
  const site = new URL(back!.headers.location as string);
  expect([site.origin + site.pathname, site.searchParams.get('state')]).toEqual([SITE, 'site-state']);
  expect(users.get('RegDataIdP_f3b1')).toMatchObject({ email: 'sso.demo@example.com' });
  const tokens = await token({
    grant_type: 'authorization_code',
    client_id: 'web',
    redirect_uri: SITE,
    code: site.searchParams.get('code')!,
    code_verifier: verifier,
  });
  expect(JSON.parse(tokens.body)).toMatchObject({
    id_token: 'id-RegDataIdP_f3b1',
    access_token: 'access-RegDataIdP_f3b1',
    token_type: 'Bearer',
  });
  const refreshed = await token({
    grant_type: 'refresh_token',
    client_id: 'web',
    refresh_token: JSON.parse(tokens.body).refresh_token,
  });
  expect(JSON.parse(refreshed.body).access_token).toBe('access-RegDataIdP_f3b1');
});

it('refuses a tampered PKCE verifier, and a code twice', async () => {
  const { back } = await roundTrip();
  const code = new URL(back!.headers.location as string).searchParams.get('code')!;
  const tampered = await token({
    grant_type: 'authorization_code',
    client_id: 'web',
    redirect_uri: SITE,
    code,
    code_verifier: `${verifier}x`.slice(1),
  });
  expect([tampered.statusCode, JSON.parse(tampered.body).error]).toEqual([400, 'invalid_grant']);
  const again = await token({
    grant_type: 'authorization_code',
    client_id: 'web',
    redirect_uri: SITE,
    code,
    code_verifier: verifier,
  });
  expect(again.statusCode).toBe(400);
});

it('refuses a tampered or replayed state at idpresponse', async () => {
  const { atIdp, back } = await roundTrip();
  expect(back!.statusCode).toBe(302);
  const idpResponse = (state: string) =>
    app.inject({ method: 'GET', url: `/oauth2/idpresponse?code=idp-code&state=${state}` });
  expect((await idpResponse('forged')).statusCode).toBe(400);
  // The round trip used the state: a replay is refused.
  expect((await idpResponse(atIdp!.searchParams.get('state')!)).statusCode).toBe(400);
});

it.each([
  ['an unknown client', { client_id: 'other' }],
  ['a redirect URI the client does not list', { redirect_uri: 'https://evil.example/cb' }],
  ['no PKCE', { code_challenge_method: 'plain' }],
  ['another identity provider', { identity_provider: 'Google' }],
])('refuses to start with %s', async (_name, params) => {
  const { authorize } = await roundTrip(params);
  expect(authorize.statusCode).toBe(400);
});

it("shows the pool's own sign-in form, with a link to the IdP, when the site names no identity provider", async () => {
  const { authorize } = await roundTrip({ identity_provider: '' });
  // An empty identity_provider is neither COGNITO nor the IdP's name.
  expect(authorize.statusCode).toBe(400);
  const query = new URLSearchParams({
    client_id: 'web',
    redirect_uri: SITE,
    response_type: 'code',
    state: 'site-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const toForm = await app.inject({ method: 'GET', headers: CROSS_SITE_NAVIGATION, url: `/oauth2/authorize?${query}` });
  expect(toForm.statusCode).toBe(302);
  const form = await app.inject({ method: 'GET', headers: CROSS_SITE_NAVIGATION, url: toForm.headers.location! });
  const sso = /<a class="sso" href="([^"]+)">RegDataIdP single sign-on<\/a>/.exec(form.body);
  expect(sso).not.toBeNull();
  // The link is the same request with the IdP named: it leads to the IdP, as the SSO button's does.
  const viaLink = await app.inject({
    method: 'GET',
    headers: CROSS_SITE_NAVIGATION,
    url: sso![1]!.replaceAll('&amp;', '&'),
  });
  const atIdp = new URL(viaLink.headers.location as string);
  expect([viaLink.statusCode, `${atIdp.origin}${atIdp.pathname}`]).toEqual([302, `${issuer}/auth`]);
});

it("sends the IdP's refusal back to the site with the site's state, as Cognito does", async () => {
  const authorize = await app.inject({
    method: 'GET',
    url: `/oauth2/authorize?${new URLSearchParams({
      client_id: 'web',
      redirect_uri: SITE,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      identity_provider: 'RegDataIdP',
      state: 'site-state',
    })}`,
  });
  const key = new URL(authorize.headers.location as string).searchParams.get('state')!;
  const back = await app.inject({
    method: 'GET',
    url: `/oauth2/idpresponse?error=access_denied&error_description=${encodeURIComponent('User cancelled')}&state=${key}`,
  });
  const site = new URL(back.headers.location as string);
  expect([back.statusCode, site.origin + site.pathname]).toEqual([302, SITE]);
  expect(Object.fromEntries(site.searchParams)).toEqual({
    error: 'access_denied',
    error_description: 'User cancelled',
    state: 'site-state',
  });
});

it('refuses an ID token issued for another client', async () => {
  idTokenClaims = { ...idTokenClaims, aud: 'someone-else' };
  const { back } = await roundTrip();
  expect([back!.statusCode, JSON.parse(back!.body).error]).toEqual([400, 'invalid_token']);
});

it('signs out back to a listed sign-out URL only', async () => {
  const ok = await app.inject({
    method: 'GET',
    headers: CROSS_SITE_NAVIGATION,
    url: `/logout?client_id=web&logout_uri=${encodeURIComponent('http://localhost:3000/')}`,
  });
  expect([ok.statusCode, ok.headers.location]).toEqual([302, 'http://localhost:3000/']);
  const bad = await app.inject({
    method: 'GET',
    url: `/logout?client_id=web&logout_uri=${encodeURIComponent('https://evil.example/')}`,
  });
  expect(bad.statusCode).toBe(400);
});

it("lets the portal's pages read the token answer (CORS for their origins only), as Cognito does", async () => {
  const tokenPreflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/oauth2/token',
      headers: preflight(origin, 'POST', 'content-type'),
    });
  for (const origin of [PORTAL, 'http://127.0.0.1:3000']) {
    const granted = await tokenPreflight(origin);
    expect([granted.statusCode, granted.headers['access-control-allow-origin']]).toEqual([204, origin]);
  }
  const { back } = await roundTrip();
  const code = new URL(back!.headers.location as string).searchParams.get('code')!;
  const redeemed = await token({
    grant_type: 'authorization_code',
    client_id: 'web',
    redirect_uri: SITE,
    code,
    code_verifier: verifier,
  });
  expect([redeemed.statusCode, redeemed.headers['access-control-allow-origin']]).toEqual([200, PORTAL]);
});

it("refuses another site's fetch or form post with 403 and no grant, but not the sign-in flow's navigations", async () => {
  const { back } = await roundTrip();
  const code = new URL(back!.headers.location as string).searchParams.get('code')!;
  const redeem = {
    grant_type: 'authorization_code',
    client_id: 'web',
    redirect_uri: SITE,
    code,
    code_verifier: verifier,
  };
  const refused = [
    await app.inject({ method: 'OPTIONS', url: '/oauth2/token', headers: preflight(FOREIGN, 'POST', 'content-type') }),
    // A form-encoded POST needs no preflight: without the refusal, the code would be spent.
    await token(redeem, FOREIGN),
    // Nor may another site post a form to it, or frame its pages.
    await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { ...CROSS_SITE_NAVIGATION, origin: FOREIGN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(redeem).toString(),
    }),
    await app.inject({
      method: 'GET',
      url: '/logout?client_id=web',
      headers: { ...CROSS_SITE_NAVIGATION, 'sec-fetch-dest': 'iframe' },
    }),
  ];
  for (const answer of refused) {
    expect([answer.statusCode, answer.headers['access-control-allow-origin'], answer.body]).toEqual([
      403,
      undefined,
      expect.stringMatching(/^Forbidden: the local hosted UI answers only the portal \(http:\/\/localhost:3000, /),
    ]);
  }
  // The code is still there for the portal.
  expect((await token(redeem)).statusCode).toBe(200);
});

it('answers a page rebound to this machine by DNS with 421', async () => {
  const rebound = await app.inject({
    method: 'GET',
    url: '/logout?client_id=web',
    headers: { host: 'rebind.example:9230' },
  });
  expect([rebound.statusCode, rebound.body]).toEqual([421, expect.stringMatching(/^Misdirected request/)]);
});

it("answers a failure of the pool's data files as server_error, its path in the console only", async () => {
  const file = '/srv/portal/.local/identity/us-east-1_LocalDev1.json';
  poolFailure = Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), {
    code: 'ENOENT',
    path: file,
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const { back } = await roundTrip();
    expect([back!.statusCode, JSON.parse(back!.body)]).toEqual([
      500,
      { error: 'server_error', error_description: expect.any(String) },
    ]);
    expect(back!.body).not.toMatch(/ENOENT|\/srv\//);
    expect(logged.mock.calls.flat()).toContain(poolFailure);
  } finally {
    poolFailure = undefined;
    logged.mockRestore();
  }
});
