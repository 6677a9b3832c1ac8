/**
 * @jest-environment node
 *
 * Compression in the gate: the build's brotli and gzip copies go to clients that accept
 * them, with `Vary: Accept-Encoding`; others get the plain body; ETag/304 and the 401 rule hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { compressibleFiles, precompressDir } from '../../postbuild/compress';
import { buildTestApp, makeBuild, mintToken, SECRET, sessionCookie } from '../../tests/support/gate';

let buildDir: string;
let app: FastifyInstance;
const PAGE = '/docs/document_format/schema';
const ASSET = '/assets/js/content-chunk.js';

beforeAll(async () => {
  buildDir = makeBuild();
  // Bodies large enough for compression to pay, like real pages and chunks.
  const filler = Array.from({ length: 400 }, (_, i) => `<p>Regulatory paragraph ${i}</p>`).join('');
  const page = path.join(buildDir, 'docs/document_format/schema/index.html');
  fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('</body>', `${filler}</body>`));
  fs.writeFileSync(path.join(buildDir, ASSET), `export default "${SECRET}";\n`.repeat(200));
  await precompressDir(buildDir);
  app = await buildTestApp(buildDir);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const signedIn = (extra: Record<string, string> = {}) => ({
  accept: 'text/html',
  cookie: sessionCookie({ accessToken: mintToken() }),
  ...extra,
});
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy of each text file that compression makes smaller', () => {
    expect(compressibleFiles(buildDir)).toEqual(expect.arrayContaining(['search-index.json', 'sitemap.xml']));
    const page = path.join(buildDir, 'docs/document_format/schema/index.html');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page}.br`))).toEqual(fs.readFileSync(page));
    expect(zlib.gunzipSync(fs.readFileSync(`${page}.gz`))).toEqual(fs.readFileSync(page));
    // A 4-byte file gains nothing from compression: no copy is kept.
    expect(fs.existsSync(path.join(buildDir, 'assets/js/main.js.br'))).toBe(false);
  });
});

describe('a signed-in request', () => {
  it.each([
    ['br', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ['gzip;q=0.5, br;q=1', 'br', zlib.brotliDecompressSync],
  ])('with Accept-Encoding "%s" gets the page and a JS chunk as %s', async (accepted, coding, decode) => {
    for (const url of [PAGE, ASSET]) {
      const response = await get(url, signedIn({ 'accept-encoding': accepted }));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toContain(SECRET);
    }
  });

  it('without Accept-Encoding, or accepting none of them, gets the plain body', async () => {
    for (const headers of [signedIn(), signedIn({ 'accept-encoding': 'identity' })]) {
      for (const url of [PAGE, ASSET]) {
        const response = await get(url, headers);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toContain(SECRET);
      }
    }
  });

  it('revalidates the compressed page with its own entity tag', async () => {
    const first = await get(PAGE, signedIn({ 'accept-encoding': 'br' }));
    const plain = await get(PAGE, signedIn());
    expect(first.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(PAGE, signedIn({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) }));
    expect(again.statusCode).toBe(304);
  });
});

describe('an anonymous request that accepts compression', () => {
  it("still gets 401 with no body for an asset, and for a page the sign-in page's own compressed copy", async () => {
    const asset = await get(ASSET, { accept: '*/*', 'accept-encoding': 'br, gzip' });
    expect(asset.statusCode).toBe(401);
    expect(asset.rawPayload.length).toBe(0);
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    const page = await get(PAGE, headers);
    const signIn = await get('/login', headers);
    expect([page.statusCode, page.headers['x-gate']]).toEqual([200, 'anonymous']);
    expect([page.headers['content-encoding'], page.headers.etag]).toEqual([
      signIn.headers['content-encoding'],
      signIn.headers.etag,
    ]);
    expect(page.rawPayload.equals(signIn.rawPayload)).toBe(true);
  });
});
