/**
 * @jest-environment node
 *
 * The build compresses only the bundler's files that changed since the previous build: their encodings are
 * kept by content hash, a changed file is compressed anew (never served stale), and the cache holds the
 * last build's entries only. Each file gets the brotli quality that pays for itself on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { compressFiles, LARGE_FILE_BYTES, startCompression } from '../compress';

const text = (n: number) => `<p>${'regulatory content '.repeat(200)}${n}</p>`;

/** A build folder with `files`, each holding `text(its index)`. */
function buildWith(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-build-'));
  files.forEach((name, n) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text(n));
  });
  return dir;
}

test('a rebuild reuses the encodings of unchanged hashed assets and compresses the changed one', async () => {
  const files = ['assets/js/a.js', 'assets/js/b.js', 'assets/css/c.css'];
  const dir = buildWith(files);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));

  expect((await compressFiles(dir, files, cacheDir)).cached).toBe(0);
  expect(fs.readdirSync(cacheDir)).toHaveLength(3);
  expect((await compressFiles(dir, files, cacheDir)).cached).toBe(3);

  fs.writeFileSync(path.join(dir, 'assets/js/b.js'), text(42));
  const report = await compressFiles(dir, files, cacheDir);
  expect(report.cached).toBe(2);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/js/b.js.br'))).toString()).toBe(text(42));
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/js/b.js.gz'))).toString()).toBe(text(42));
  // The old b.js's encodings are gone: one build's worth.
  expect(fs.readdirSync(cacheDir)).toHaveLength(3);
});

test('pages, which every build rewrites, are compressed without a cache entry', async () => {
  const files = ['index.html', 'docs/x/index.html', 'docs/x.md'];
  const dir = buildWith(files);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));
  const report = await compressFiles(dir, files, cacheDir);
  expect(report.files).toBe(3);
  expect(fs.readdirSync(cacheDir)).toEqual([]);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'docs/x/index.html.br'))).toString()).toBe(text(1));
});

test("the assets compressed during the build leave the cache's other entries to the last step, which keeps only its build's", async () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));
  const previous = buildWith(['search-index.json', 'assets/js/old.js']);
  await compressFiles(previous, ['search-index.json', 'assets/js/old.js'], cacheDir);

  // The next build: the same search index, a new asset.
  const dir = buildWith(['search-index.json', 'assets/js/new.js']);
  fs.writeFileSync(path.join(dir, 'assets/js/new.js'), text(7));
  const duringBuild = startCompression(dir, { cacheDir, prune: false });
  duringBuild.add(['assets/js/new.js']);
  expect((await duringBuild.done()).cached).toBe(0);
  expect(fs.readdirSync(cacheDir)).toHaveLength(3);

  const lastStep = await compressFiles(dir, ['search-index.json', 'assets/js/new.js'], cacheDir);
  expect(lastStep.cached).toBe(2);
  expect(fs.readdirSync(cacheDir)).toHaveLength(2);
});

test('large hashed assets and the search index get brotli 10, small chunks and pages brotli 5, and every copy decodes to the file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-quality-'));
  // Text brotli 5 and 10 encode differently: varied words, not one repeated phrase.
  const text = (bytes: number) =>
    Array.from({ length: bytes }, (_, n) => `t${(n * 7919) % 100_003} `)
      .join('')
      .slice(0, bytes);
  const large = text(LARGE_FILE_BYTES);
  const small = text(LARGE_FILE_BYTES - 1);
  const bodies: Record<string, string> = {
    'assets/js/main.0123abcd.js': large,
    'assets/js/4f2a.89ab12cd.js': small,
    'search-index.json': small,
    'docs/page/index.html': large,
    'docs/page.md': small,
  };
  for (const [name, body] of Object.entries(bodies)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  await compressFiles(dir, Object.keys(bodies));
  const atQuality = (body: string, quality: number) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  expect(atQuality(large, 10).equals(atQuality(large, 5))).toBe(false);
  const br = (name: string) => fs.readFileSync(path.join(dir, `${name}.br`));
  const expected: Record<string, number> = {
    'assets/js/main.0123abcd.js': 10,
    'assets/js/4f2a.89ab12cd.js': 5,
    'search-index.json': 10,
    'docs/page/index.html': 5,
    'docs/page.md': 5,
  };
  for (const [name, quality] of Object.entries(expected)) {
    expect({ name, quality, same: br(name).equals(atQuality(bodies[name], quality)) }).toEqual({
      name,
      quality,
      same: true,
    });
    expect(zlib.brotliDecompressSync(br(name)).toString()).toBe(bodies[name]);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).toString()).toBe(bodies[name]);
  }
});
