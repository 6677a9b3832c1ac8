/**
 * @jest-environment node
 *
 * A page asked for with `Accept: text/markdown` (rules/negotiation.ts) through the Fastify gate's
 * `app.inject()`: its Markdown copy behind the same access decision as the page, `Vary: Accept` on every
 * page, the HTML where the build has no copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MAX_ACCEPT_LENGTH } from '../../rules/negotiation';
import { buildTestApp, makeBuild, mintToken, SECRET, sessionCookie } from '../../tests/support/gate';

let buildDir: string;
let app: FastifyInstance;

const PAGE = '/docs/document_format/schema';
const MARKDOWN = 'text/markdown';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

beforeAll(async () => {
  buildDir = makeBuild();
  // The build writes a brotli copy of each Markdown copy beside it (postbuild/compress.ts).
  const copy = path.join(buildDir, 'docs/document_format/schema.md');
  fs.writeFileSync(`${copy}.br`, zlib.brotliCompressSync(fs.readFileSync(copy)));
  app = await buildTestApp(buildDir);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const bearer = (accept: string, extra: Record<string, string> = {}) => ({
  accept,
  authorization: `Bearer ${mintToken()}`,
  ...extra,
});
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const varies = (headers: Record<string, unknown>) =>
  String(headers.vary)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('a page asked for as Markdown', () => {
  it('answers its Markdown copy to a script’s access token, as text/markdown in UTF-8', async () => {
    const response = await get(PAGE, bearer(MARKDOWN));
    expect([response.statusCode, response.headers['x-gate']]).toEqual([200, 'bearer']);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.body).toBe(fs.readFileSync(path.join(buildDir, 'docs/document_format/schema.md'), 'utf8'));
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(varies(response.headers)).toEqual(['accept', 'accept-encoding']);
  });

  it('answers it to a signed-in browser session too, and at the route with a trailing slash', async () => {
    const cookie = sessionCookie({ accessToken: mintToken() });
    for (const url of [PAGE, `${PAGE}/`]) {
      const response = await get(url, { accept: 'text/markdown, text/html;q=0.9', cookie });
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        200,
        'text/markdown; charset=utf-8',
      ]);
    }
  });

  it('sends the brotli copy to a client that accepts it, and revalidates with its own entity tag', async () => {
    const response = await get(PAGE, bearer(MARKDOWN, { 'accept-encoding': 'br' }));
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toContain(SECRET);
    const etag = String(response.headers.etag);
    const html = await get(PAGE, bearer(BROWSER, { 'accept-encoding': 'br' }));
    expect(html.headers.etag).not.toBe(etag);
    const again = await get(PAGE, bearer(MARKDOWN, { 'accept-encoding': 'br', 'if-none-match': etag }));
    expect(again.statusCode).toBe(304);
    expect(varies(again.headers)).toContain('accept');
  });

  it('answers HEAD with the copy’s headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: PAGE, headers: bearer(MARKDOWN) });
    expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
      200,
      'text/markdown; charset=utf-8',
      '',
    ]);
  });

  it('keeps the spec §2.1 redirect of .html and /index first', async () => {
    const response = await get(`${PAGE}.html`, bearer(MARKDOWN));
    expect([response.statusCode, response.headers.location]).toEqual([301, PAGE]);
  });
});

describe('the HTML stays', () => {
  it.each([
    ['a browser', BROWSER],
    ['no Accept header', undefined],
    ['*/*', '*/*'],
    ['HTML named first among equals', 'text/html, text/markdown'],
    ['a header over its bound', `text/markdown, ${'x'.repeat(MAX_ACCEPT_LENGTH)}`],
  ])('for %s, with Vary: Accept', async (_who, accept) => {
    const headers = { authorization: `Bearer ${mintToken()}`, ...(accept === undefined ? {} : { accept }) };
    const response = await get(PAGE, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<p>${SECRET}</p>`);
    expect(varies(response.headers)).toEqual(['accept', 'accept-encoding']);
  });

  it('for a page the build has no Markdown copy of (HTML, not 406)', async () => {
    for (const url of ['/', '/login']) {
      const response = await get(url, bearer(MARKDOWN));
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(varies(response.headers)).toContain('accept');
    }
  });

  it('for files that are not pages: they are what they are', async () => {
    const response = await get('/llms.txt', bearer(MARKDOWN));
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('the access decision does not change', () => {
  it('anonymous: 401 with no body when only Markdown is accepted, as for the .md file', async () => {
    for (const url of [PAGE, `${PAGE}.md`]) {
      const response = await get(url, { accept: MARKDOWN });
      expect([url, response.statusCode, response.body]).toEqual([url, 401, '']);
    }
  });

  it('anonymous: the sign-in page, as HTML, when HTML is accepted too, as for a browser', async () => {
    const accept = 'text/markdown, text/html;q=0.5';
    const response = await get(PAGE, { accept });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(response.body).toBe((await get('/login', { accept })).body);
    expect(response.body).not.toContain(SECRET);
  });

  it('an invalid bearer token: 401 with its challenge, never the copy', async () => {
    const response = await get(PAGE, { accept: MARKDOWN, authorization: 'Bearer not.a.jwt' });
    expect([response.statusCode, response.body]).toEqual([401, '']);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });
});
