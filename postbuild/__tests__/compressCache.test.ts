/**
 * @jest-environment node
 *
 * The build's last step compresses only what changed since the previous build: encodings are
 * kept by content hash, a changed file is compressed anew (never served stale), and the cache holds the
 * last build's files only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { compressFiles } from '../compress';

const text = (n: number) => `<p>${'regulatory content '.repeat(200)}${n}</p>`;

test('a rebuild reuses the encodings of unchanged files and compresses the changed one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-build-'));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));
  const files = ['a.html', 'b.html', 'c.html'];
  files.forEach((name, n) => fs.writeFileSync(path.join(dir, name), text(n)));

  expect((await compressFiles(dir, files, undefined, 8, cacheDir)).cached).toBe(0);
  expect(fs.readdirSync(cacheDir)).toHaveLength(6);
  expect((await compressFiles(dir, files, undefined, 8, cacheDir)).cached).toBe(3);

  fs.writeFileSync(path.join(dir, 'b.html'), text(42));
  const report = await compressFiles(dir, files, undefined, 8, cacheDir);
  expect(report.cached).toBe(2);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'b.html.br'))).toString()).toBe(text(42));
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'b.html.gz'))).toString()).toBe(text(42));
  // The old b.html's encodings are gone: one build's worth.
  expect(fs.readdirSync(cacheDir)).toHaveLength(6);
});

test('hashed assets and the search index get brotli 11, pages brotli 7, and every copy decodes to the file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-quality-'));
  // Text brotli 7 and 11 encode differently: varied words, not one repeated phrase.
  const body = Array.from({ length: 3000 }, (_, n) => `term${(n * 7919) % 1013} `).join('');
  const files = ['assets/js/main.0123abcd.js', 'search-index.json', 'docs/page/index.html', 'docs/page.md'];
  for (const name of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  await compressFiles(dir, files);
  const atQuality = (quality: number) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  expect(atQuality(11).equals(atQuality(7))).toBe(false);
  const br = (name: string) => fs.readFileSync(path.join(dir, `${name}.br`));
  expect(br('assets/js/main.0123abcd.js').equals(atQuality(11))).toBe(true);
  expect(br('search-index.json').equals(atQuality(11))).toBe(true);
  expect(br('docs/page/index.html').equals(atQuality(7))).toBe(true);
  expect(br('docs/page.md').equals(atQuality(7))).toBe(true);
  for (const name of files) expect(zlib.brotliDecompressSync(br(name)).toString()).toBe(body);
});
