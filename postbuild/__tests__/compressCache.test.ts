/**
 * @jest-environment node
 *
 * The build's last step compresses only what changed since the previous build (issue #28): encodings are
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
