/**
 * Compression of the built site, done once after the build (issue #9), never per request: every text
 * file gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, which the gate serves by
 * `Accept-Encoding` (server/gate/compression.ts). A sibling is written only when it is smaller than
 * the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ENCODINGS } from '../rules/buildFiles';

/**
 * Files worth compressing: HTML, JS, CSS, JSON (search index included), XML (feeds, sitemap), SVG, text, YAML
 * (the API description to download, issue #27).
 */
export const COMPRESSIBLE = /\.(html?|m?js|css|json|xml|xsl|svg|txt|md|map|webmanifest|ya?ml)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The brotli and gzip encodings of `body` (bytes). */
export async function compressBoth(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** Every compressible file under `dir` (relative paths with `/`), compressed siblings excluded. */
export function compressibleFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => COMPRESSIBLE.test(name) && fs.statSync(path.join(dir, name)).isFile());
}

/** What {@link compressFiles} did: files compressed, their bytes before, and after brotli. */
export interface CompressionReport {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/**
 * Writes `.br` and `.gz` beside each of `files` (relative to `dir`), replacing older ones, and removes
 * a stale sibling where compression no longer pays. Runs up to `concurrency` files at once on
 * libuv's thread pool.
 *
 * @param bodyOf - a file's bytes when the caller has them already (a page just rewritten), so it is
 *   not read again; `undefined` reads the file.
 */
export async function compressFiles(
  dir: string,
  files: string[],
  bodyOf: (file: string) => Buffer | undefined = () => undefined,
  concurrency = 8,
): Promise<CompressionReport> {
  let bytes = 0;
  let brotliBytes = 0;
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const name = files[next++];
      const file = path.join(dir, name);
      const body = bodyOf(name) ?? fs.readFileSync(file);
      const encoded = await compressBoth(body);
      bytes += body.length;
      for (const { coding, suffix } of ENCODINGS) {
        const data = coding === 'br' ? encoded.br : encoded.gzip;
        if (data.length < body.length) fs.writeFileSync(file + suffix, data);
        else fs.rmSync(file + suffix, { force: true });
      }
      brotliBytes += Math.min(encoded.br.length, body.length);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { files: files.length, bytes, brotliBytes };
}

/** {@link compressFiles} over every compressible file of `dir` (the bench's anchor sites use it). */
export function precompressDir(dir: string): Promise<CompressionReport> {
  return compressFiles(dir, compressibleFiles(dir));
}
