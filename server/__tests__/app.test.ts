/**
 * @jest-environment node
 *
 * The server gate through `app.inject()`: what an anonymous request gets, which tokens
 * open the gate, the security headers, and requests built to escape the build folder.
 */
import crypto from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../../config/env';
import { buildApp } from '../app';
import { createAccessTokenVerifier } from '../gate/verifier';
import {
  buildTestApp,
  forgedToken,
  INLINE_SCRIPT,
  ISSUER,
  localAuth,
  localJwks,
  makeBuild,
  mintToken,
  SECRET,
  sessionCookie,
} from '../../tests/support/gate';

let buildDir: string;
let app: FastifyInstance;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  buildDir = makeBuild();
  app = await buildTestApp(buildDir);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const withToken = (accessToken: string, extra: { refreshToken?: string } = {}) => ({
  ...html,
  cookie: sessionCookie({ accessToken, ...extra }),
});

describe('anonymous requests', () => {
  it('for Markdown copies and llms.txt get 401 with no body, never the sign-in page', async () => {
    for (const url of ['/llms.txt', '/docs/document_format/schema.md']) {
      const response = await get(url, html);
      expect([url, response.statusCode, response.body]).toEqual([url, 401, '']);
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });

  it("get the sign-in page at a page's own address, as /login answers, and none of the page", async () => {
    const signIn = await get('/login', html);
    for (const url of ['/docs/document_format/schema?tab=json', '/no/such/page', '/docs/document_format/schema.html']) {
      const response = await get(url, html);
      expect([url, response.statusCode, response.headers['x-gate'], response.headers.location]).toEqual([
        url,
        200,
        'anonymous',
        undefined,
      ]);
      expect(response.body).toBe(signIn.body);
      expect(response.body).not.toContain(SECRET);
      for (const header of ['content-type', 'cache-control', 'etag', 'vary', 'content-security-policy'])
        expect([url, header, response.headers[header]]).toEqual([url, header, signIn.headers[header]]);
    }
    // HEAD as GET: the sign-in page's headers, no body.
    const head = await app.inject({ method: 'HEAD', url: '/docs/document_format/schema', headers: html });
    expect([head.statusCode, head.headers.etag, head.body]).toEqual([200, signIn.headers.etag, '']);
  });

  it('from a script (no Accept, or the wildcard alone) get 401 with no body for a page, never HTML', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Record<string, string>[]) {
      const response = await get('/docs/document_format/schema', headers);
      expect([headers, response.statusCode, response.body]).toEqual([headers, 401, '']);
    }
  });

  it.each(['/assets/js/content-chunk.js', '/search-index.json', '/sitemap.xml', '/blog/rss.xml'])(
    'get 401 with no body for %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each([
    '/login',
    '/assets/js/main.js',
    '/assets/js/login-chunk.js',
    '/assets/css/styles.css',
    '/img/favicon.svg',
    '/img/logo.svg',
  ])('receive the sign-in page and its assets: %s', async (url) => {
    const response = await get(url, html);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(SECRET);
  });
});

describe('signed-in requests', () => {
  it('get the page and its assets with a valid access token', async () => {
    const page = await get('/docs/document_format/schema', withToken(mintToken()));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SECRET);
    const chunk = await get('/assets/js/content-chunk.js', withToken(mintToken()));
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('revalidate a page with its entity tag (304 when unchanged)', async () => {
    const first = await get('/docs/document_format/schema', withToken(mintToken()));
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/docs/document_format/schema', {
      ...withToken(mintToken()),
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('get the not-found page with 404 for an unknown path', async () => {
    const response = await get('/no/such/page', withToken(mintToken()));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page Not Found');
  });

  it.each([
    ['/docs/document_format/schema.html', '/docs/document_format/schema'],
    ['/docs/document_format/schema/index', '/docs/document_format/schema'],
    ['/index.html', '/'],
  ])('are sent from %s to the plain path (spec §2.1)', async (url, plain) => {
    const response = await get(url, withToken(mintToken()));
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(plain);
  });
});

describe('scripts with an Authorization: Bearer access token', () => {
  const bearer = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const now = Math.floor(Date.now() / 1000);

  it('get Markdown, llms.txt and pages with the same access token the cookie would hold', async () => {
    const token = mintToken();
    const markdown = await get('/docs/document_format/schema.md', bearer(token));
    expect([markdown.statusCode, markdown.headers['x-gate']]).toEqual([200, 'bearer']);
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    expect(markdown.body).toContain(SECRET);
    expect((await get('/llms.txt', bearer(token))).statusCode).toBe(200);
    expect((await get('/docs/document_format/schema', bearer(token, html))).body).toContain(SECRET);
    // The scheme is case-insensitive (RFC 6750 §2.1).
    expect((await get('/llms.txt', { authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it.each([
    ['a forged token', forgedToken()],
    ['an expired token', mintToken({ iat: now - 7200, exp: now - 3600 })],
    ['an ID token', mintToken({ token_use: 'id', aud: localAuth.userPoolClientId })],
    ['no token after the scheme', ''],
  ])('refuse %s with 401, no body and an invalid_token challenge, pages included', async (_name, token) => {
    for (const url of ['/llms.txt', '/docs/document_format/schema.md', '/docs/document_format/schema']) {
      const response = await get(url, bearer(token, html));
      expect([url, response.statusCode, response.body]).toEqual([url, 401, '']);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('refuse an invalid bearer token even beside a valid session cookie', async () => {
    const response = await get('/llms.txt', { ...withToken(mintToken()), authorization: 'Bearer not.a.jwt' });
    expect(response.statusCode).toBe(401);
  });

  it('leave the sign-in page public, token or not', async () => {
    expect((await get('/login', bearer('not.a.jwt', html))).statusCode).toBe(200);
  });
});

describe('token attacks are refused', () => {
  const { privateKey: otherKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherPem = otherKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const now = Math.floor(Date.now() / 1000);

  it.each([
    ['a forged signature', mintToken({}, { key: otherPem })],
    ['alg none', mintToken({}, { header: { alg: 'none' }, key: null })],
    ['an expired token', mintToken({ iat: now - 7200, exp: now - 3600 })],
    ['another app client', mintToken({ client_id: 'someotherappclient00000001' })],
    ['another user pool as issuer', mintToken({ iss: `${localAuth.userPoolEndpoint}/us-east-1_OtherPool` })],
    ['an ID token in place of the access token', mintToken({ token_use: 'id', aud: localAuth.userPoolClientId })],
    ['a malformed token', 'not.a.jwt'],
  ])('%s', async (_name, token) => {
    const response = await get('/docs/document_format/schema', withToken(token));
    expect([response.statusCode, response.headers['x-gate']]).toEqual([200, 'anonymous']);
    expect(response.body).not.toContain(SECRET);
    const chunk = await get('/assets/js/content-chunk.js', { cookie: sessionCookie({ accessToken: token }) });
    expect(chunk.statusCode).toBe(401);
  });

  it('a malformed cookie header', async () => {
    const response = await get('/docs/document_format/schema', {
      ...html,
      cookie: '%%%=;;; =x; CognitoIdentityServiceProvider',
    });
    expect([response.statusCode, response.headers['x-gate']]).toEqual([200, 'anonymous']);
    expect(response.body).not.toContain(SECRET);
  });

  it('answers an expired session that can refresh with the sign-in page, where Amplify refreshes it', async () => {
    const expired = mintToken({ iat: now - 7200, exp: now - 3600 });
    const response = await get('/docs/document_format/schema', withToken(expired, { refreshToken: 'opaque-refresh' }));
    expect([response.statusCode, response.headers['x-gate']]).toEqual([200, 'refreshable']);
    expect(response.body).toBe((await get('/login', html)).body);
  });

  it('a Cognito-mode gate refuses tokens of the local identity service', async () => {
    const cognito = parseEnv({
      COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
      COGNITO_APP_CLIENT_ID: localAuth.userPoolClientId,
    }).auth;
    const verifier = await createAccessTokenVerifier(cognito, { hydrate: false });
    const check = await verifier.check(mintToken());
    expect(check.valid).toBe(false);
    expect(ISSUER).not.toContain('cognito-idp');
  });
});

describe('security headers (helmet)', () => {
  const expectHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`connect-src 'self' ${localAuth.userPoolEndpoint} https://api.acme.test`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it('are on a page response, and the CSP allows the inline script by its hash', async () => {
    const response = await get('/docs/document_format/schema', withToken(mintToken()));
    expectHeaders(response.headers);
    const hash = crypto.createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on a 401', async () => {
    const response = await get('/search-index.json');
    expect(response.statusCode).toBe(401);
    expectHeaders(response.headers);
  });

  it('include HSTS when served over TLS', async () => {
    const tlsApp = await buildTestApp(buildDir, { tls: true });
    const response = await tlsApp.inject({ method: 'GET', url: '/login' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await tlsApp.close();
  });
});

describe('hostile request targets get a 4xx and the server keeps serving', () => {
  // Dot segments are also resolved by the URL parser before the app sees them, so they end as 404.
  it.each([
    ['/../package.json', 404],
    ['/docs/%2e%2e/%2e%2e/package.json', 404],
    ['/assets%2Fjs%2Fcontent-chunk.js', 400],
    ['/docs%5c..%5cpackage.json', 400],
    ['/login%00.html', 400],
    ['/%E0%A4%A', 400],
    [`/docs/${'a'.repeat(5000)}`, 414],
  ])('%s', async (url, status) => {
    const response = await get(url, withToken(mintToken()));
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain(SECRET);
    expect((await get('/login')).statusCode).toBe(200);
  });

  it('raw dot segments and encoded slashes over a real socket get 400', async () => {
    const served = await buildTestApp(buildDir);
    await served.listen({ port: 0, host: '127.0.0.1' });
    const { port } = served.server.address() as AddressInfo;
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer.split('\r\n')[0]));
        socket.on('error', reject);
      });
    expect(await raw('/../../package.json')).toBe('HTTP/1.1 400 Bad Request');
    expect(await raw('/docs/%2e%2e/%2e%2e/package.json')).toBe('HTTP/1.1 400 Bad Request');
    expect(await raw('/assets%2Fjs%2Fcontent-chunk.js')).toBe('HTTP/1.1 400 Bad Request');
    expect(await raw('/login')).toBe('HTTP/1.1 200 OK');
    await served.close();
  });

  it('an oversized cookie header gets 431', async () => {
    const response = await get('/login', { cookie: `big=${'x'.repeat(20 * 1024)}` });
    expect(response.statusCode).toBe(431);
    expect((await get('/login')).statusCode).toBe(200);
  });
});

describe('a readers group (COGNITO_READERS_GROUP, as on a preview)', () => {
  it('a signed-in reader outside it gets 403 with the reason, not the page and not the sign-in page', async () => {
    const auth = { ...localAuth, readersGroup: 'portal-reviewers' };
    const gated = await buildApp({
      buildDir,
      appClientId: auth.userPoolClientId,
      verifier: await createAccessTokenVerifier(auth, { jwks: localJwks }),
      csp: { identity: [auth.userPoolEndpoint!], api: ['https://api.acme.test'] },
      tls: false,
    });
    try {
      const cookie = (groups: string[]) => sessionCookie({ accessToken: mintToken({ 'cognito:groups': groups }) });
      const outsider = await gated.inject({
        url: '/docs/document_format/schema',
        headers: { ...html, cookie: cookie(['writers']) },
      });
      expect([outsider.statusCode, outsider.headers['cache-control']]).toEqual([403, 'no-store']);
      expect(outsider.body).toMatch(/not in/);
      expect(outsider.body).not.toContain(SECRET);
      const reviewer = await gated.inject({
        url: '/docs/document_format/schema',
        headers: { ...html, cookie: cookie(['portal-reviewers']) },
      });
      expect(reviewer.statusCode).toBe(200);
    } finally {
      await gated.close();
    }
  });
});
