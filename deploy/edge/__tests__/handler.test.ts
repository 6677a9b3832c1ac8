/**
 * @jest-environment node
 *
 * The edge handler against CloudFront viewer-request events: the same verdicts as the Fastify gate, for
 * every kind of visitor and token, and the bucket object it asks for (a page's HTML or its Markdown copy).
 */
import crypto from 'node:crypto';
import type { CloudFrontRequest, CloudFrontResultResponse } from 'aws-lambda';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { ISSUER, localAuth, mintToken, forgedToken, sessionCookie } from '../../../tests/support/gate';
import { viewerRequest } from '../events';
import { createHandler } from '../handler';

const handler = createHandler({
  auth: localAuth,
  jwks: LOCAL_JWKS,
  publicPaths: ['/login', '/login/', '/assets/js/login.1a2b.js', '/img/logo.svg'],
  signInRoute: '/login',
  pagesWithoutMarkdown: ['404.html', 'login/index.html', 'search/index.html'],
});

const event = viewerRequest;

const status = (result: CloudFrontRequest | CloudFrontResultResponse) =>
  'status' in result ? Number(result.status) : 'continue';
/** The bucket object a request goes on for, or the status the edge answers itself. */
const objectOf = (result: CloudFrontRequest | CloudFrontResultResponse) =>
  'status' in result ? Number(result.status) : result.uri;
const locationOf = (result: CloudFrontRequest | CloudFrontResultResponse) =>
  'status' in result ? result.headers?.location?.[0].value : undefined;
const signedIn = (claims: Record<string, unknown> = {}, options = {}) =>
  sessionCookie({ accessToken: mintToken(claims, options) });
const past = Math.floor(Date.now() / 1000) - 60;

describe('anonymous visitors', () => {
  it("get the sign-in page's object for a page, at the page's own address, and their token stays here", async () => {
    const result = (await handler(
      event('/docs/api/getting-started', { querystring: 'tab=curl', authorization: 'Basic eDp5' }),
    )) as CloudFrontRequest;
    expect([result.uri, result.querystring, result.headers.authorization]).toEqual([
      '/login/index.html',
      'tab=curl',
      undefined,
    ]);
    expect(objectOf(await handler(event('/no/such/page')))).toBe('/login/index.html');
  });

  it('from a script (no Accept, or the wildcard alone) get 401 for a page, never the sign-in page', async () => {
    for (const accept of ['*/*', 'application/json']) {
      expect([accept, status(await handler(event('/docs/api/getting-started', { accept })))]).toEqual([accept, 401]);
    }
  });

  it('get 401 with no body for a content chunk or the search index', async () => {
    for (const uri of ['/assets/js/9f3a.js', '/search-index.json', '/sitemap.xml']) {
      const result = await handler(event(uri, { accept: '*/*' }));
      expect([uri, status(result), (result as CloudFrontResultResponse).body]).toEqual([uri, 401, undefined]);
    }
  });

  it('receive the sign-in page and its assets from the bucket', async () => {
    const page = (await handler(event('/login'))) as CloudFrontRequest;
    expect(page.uri).toBe('/login/index.html');
    const asset = (await handler(event('/assets/js/login.1a2b.js', { accept: '*/*' }))) as CloudFrontRequest;
    expect(asset.uri).toBe('/assets/js/login.1a2b.js');
  });
});

describe('signed-in visitors', () => {
  it('get the page as the bucket holds it: a route is its index.html', async () => {
    const cookie = signedIn();
    expect(((await handler(event('/docs/api/getting-started', { cookie }))) as CloudFrontRequest).uri).toBe(
      '/docs/api/getting-started/index.html',
    );
    expect(((await handler(event('/', { cookie }))) as CloudFrontRequest).uri).toBe('/index.html');
    expect(
      ((await handler(event('/docs/Archived/Our%20taxonomies%20and%20themes%20old', { cookie }))) as CloudFrontRequest)
        .uri,
    ).toBe('/docs/Archived/Our%20taxonomies%20and%20themes%20old/index.html');
    expect(((await handler(event('/assets/js/9f3a.js', { cookie, accept: '*/*' }))) as CloudFrontRequest).uri).toBe(
      '/assets/js/9f3a.js',
    );
  });

  it('are sent to the plain path from .html and /index (spec §2.1), keeping the query', async () => {
    const cookie = signedIn();
    const result = await handler(event('/docs/document_format/schema.html', { cookie, querystring: 'a=1' }));
    expect([status(result), locationOf(result)]).toEqual([301, '/docs/document_format/schema?a=1']);
    expect(locationOf(await handler(event('/blog/index', { cookie })))).toBe('/blog');
  });

  it('with an expired access token and a refresh token go to sign-in, which renews the session', async () => {
    const cookie = sessionCookie({ accessToken: mintToken({ exp: past }), refreshToken: 'opaque-refresh-token' });
    expect(objectOf(await handler(event('/docs/x', { cookie })))).toBe('/login/index.html');
    expect(status(await handler(event('/assets/js/9f3a.js', { cookie, accept: '*/*' })))).toBe(401);
  });
});

describe('scripts with an Authorization: Bearer access token, as the gate does', () => {
  it('get Markdown and llms.txt from the bucket, without their token reaching it', async () => {
    for (const uri of ['/llms.txt', '/docs/services/interrogator.md']) {
      const result = (await handler(
        event(uri, { accept: '*/*', authorization: `Bearer ${mintToken()}` }),
      )) as CloudFrontRequest;
      expect([uri, result.uri, result.headers.authorization]).toEqual([uri, uri, undefined]);
    }
  });

  it.each([
    ['an expired token', mintToken({ iat: past - 3600, exp: past })],
    ['an ID token', mintToken({ token_use: 'id', aud: localAuth.userPoolClientId })],
    ['a forged token', forgedToken()],
  ])('refuse %s with 401 and an invalid_token challenge', async (_name, token) => {
    const result = (await handler(
      event('/llms-full.txt', { accept: '*/*', authorization: `Bearer ${token}` }),
    )) as CloudFrontResultResponse;
    expect([status(result), result.body]).toEqual([401, undefined]);
    expect(result.headers?.['www-authenticate']?.[0].value).toBe('Bearer error="invalid_token"');
  });

  it('anonymous: 401 for Markdown and llms.txt, never the sign-in page', async () => {
    for (const uri of ['/llms.txt', '/docs/services/interrogator.md']) {
      expect([uri, status(await handler(event(uri)))]).toEqual([uri, 401]);
    }
  });
});

describe('a page asked for as Markdown (rules/negotiation.ts), as the gate chooses', () => {
  const MARKDOWN = 'text/markdown';
  const uriOf = async (uri: string, options: Parameters<typeof event>[1]) => {
    const result = await handler(event(uri, options));
    return 'status' in result ? Number(result.status) : result.uri;
  };

  it('is its Markdown copy from the bucket, for a script’s token or a browser session', async () => {
    const authorization = `Bearer ${mintToken()}`;
    expect(await uriOf('/docs/api/getting-started', { accept: MARKDOWN, authorization })).toBe(
      '/docs/api/getting-started.md',
    );
    expect(await uriOf('/docs/api/getting-started/', { accept: 'text/markdown, text/html', authorization })).toBe(
      '/docs/api/getting-started.md',
    );
    expect(await uriOf('/', { accept: MARKDOWN, cookie: signedIn() })).toBe('/index.md');
    expect(
      await uriOf('/docs/Archived/Our%20taxonomies%20and%20themes%20old', { accept: MARKDOWN, cookie: signedIn() }),
    ).toBe('/docs/Archived/Our%20taxonomies%20and%20themes%20old.md');
  });

  it('is the HTML for a browser, for */*, and for a page the build has no copy of', async () => {
    const cookie = signedIn();
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    expect(await uriOf('/docs/x', { accept: browser, cookie })).toBe('/docs/x/index.html');
    expect(await uriOf('/docs/x', { accept: '*/*', cookie })).toBe('/docs/x/index.html');
    expect(await uriOf('/login', { accept: MARKDOWN })).toBe('/login/index.html');
    expect(await uriOf('/search', { accept: MARKDOWN, cookie })).toBe('/search/index.html');
    expect(await uriOf('/404.html', { accept: MARKDOWN, cookie })).toBe('/404.html');
    expect(await uriOf('/assets/js/9f3a.js', { accept: MARKDOWN, cookie })).toBe('/assets/js/9f3a.js');
  });

  it('changes no access decision: anonymous gets 401, or sign-in when it accepts HTML too', async () => {
    expect(await uriOf('/docs/x', { accept: MARKDOWN })).toBe(401);
    expect(await uriOf('/docs/x', { accept: 'text/markdown, text/html;q=0.5' })).toBe('/login/index.html');
    expect(await uriOf('/docs/x', { accept: MARKDOWN, authorization: 'Bearer not.a.jwt' })).toBe(401);
    expect(await uriOf('/docs/x.html', { accept: MARKDOWN, cookie: signedIn() })).toBe(301);
  });
});

describe('tokens the edge refuses, as the gate does', () => {
  it.each([
    ['an expired access token without a refresh token', () => signedIn({ exp: past })],
    [
      'a forged signature',
      () =>
        signedIn(
          {},
          {
            key: crypto
              .generateKeyPairSync('rsa', { modulusLength: 2048 })
              .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
          },
        ),
    ],
    ['alg: none', () => signedIn({}, { header: { alg: 'none' }, key: null })],
    ['a token of another app client', () => signedIn({ client_id: 'someotherclient' })],
    ['a token of another user pool', () => signedIn({ iss: ISSUER.replace('LocalDev1', 'Elsewhere9') })],
    ['an ID token in place of the access token', () => signedIn({ token_use: 'id' })],
    ['malformed cookies', () => 'CognitoIdentityServiceProvider.%E0%A4%A=; ;;==; LastAuthUser'],
    ['no cookie at all', () => ''],
  ])('%s: 401 for a chunk, sign-in for a page', async (_name, cookie) => {
    const value = cookie();
    expect(status(await handler(event('/assets/js/9f3a.js', { cookie: value, accept: '*/*' })))).toBe(401);
    expect(objectOf(await handler(event('/docs/x', { cookie: value })))).toBe('/login/index.html');
  });
});

describe('targets no page of the site needs', () => {
  it.each(['/docs/%2e%2e/%2e%2e/etc/passwd', '/docs/..%2f..%2fsecret', '/a%00b', '/docs/%E0%A4%A', '/docs\\..\\x'])(
    '%s: 400, even signed in',
    async (uri) => {
      expect(status(await handler(event(uri, { cookie: signedIn() })))).toBe(400);
    },
  );

  it('refuses a cookie header over 16 KB with 431', async () => {
    expect(status(await handler(event('/docs/x', { cookie: `a=${'x'.repeat(17 * 1024)}` })))).toBe(431);
  });

  it('refuses an Authorization header over 16 KB with 431, as the Fastify gate does (CloudFront passes 20 KB)', async () => {
    const authorization = `Bearer ${'a'.repeat(17 * 1024)}`;
    expect(status(await handler(event('/llms.txt', { accept: '*/*', authorization })))).toBe(431);
  });
});

describe('a preview open to its reviewers only (a readers group)', () => {
  const preview = createHandler({
    auth: { ...localAuth, readersGroup: 'portal-reviewers' },
    jwks: LOCAL_JWKS,
    publicPaths: ['/login', '/login/'],
    signInRoute: '/login',
    pagesWithoutMarkdown: ['login/index.html'],
  });

  it('a reviewer gets the page; a signed-in reader outside the group gets 403 saying why, with nothing cached', async () => {
    const reviewer = signedIn({ 'cognito:groups': ['portal-reviewers'] });
    expect(objectOf(await preview(event('/docs/x', { cookie: reviewer })))).toBe('/docs/x/index.html');
    const outsider = (await preview(event('/docs/x', { cookie: signedIn() }))) as CloudFrontResultResponse;
    expect([outsider.status, outsider.headers?.['cache-control']?.[0].value]).toEqual(['403', 'no-store']);
    expect(outsider.body).toMatch(/not in/);
    expect(objectOf(await preview(event('/login', { cookie: signedIn() })))).toBe('/login/index.html');
  });
});
