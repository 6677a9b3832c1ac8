/**
 * Compression of the built site, done once after the build, never per request: every text
 * file gets a brotli (`.br`, quality by {@link brotliQualityOf}) and a gzip (`.gz`, level 9) sibling,
 * which the gate serves by `Accept-Encoding` (server/gate/compression.ts). A sibling is written only when
 * it is smaller than the file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ENCODINGS } from '../rules/buildFiles';

/**
 * Files worth compressing: HTML, JS, CSS, JSON (search index included), XML (feeds, sitemap), SVG, text, YAML
 * (the API description to download).
 */
export const COMPRESSIBLE = /\.(html?|m?js|css|json|xml|xsl|svg|txt|md|map|webmanifest|ya?ml)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The brotli quality for a built file. Quality 11, brotli's densest and many times slower than 7, only
 * where it pays back: the content-hashed `assets/` (immutable, cached by browsers, and by
 * {@link COMPRESSION_CACHE_DIR} from one build to the next) and the search index (fetched whole by every
 * reader who searches). Quality 7 for the pages, their Markdown copies and the feeds, which every build
 * rewrites: 11 makes them only slightly smaller and turns seconds of a large site's build into minutes
 * (`npm run bench:scale` builds such a site).
 *
 * @param name - the file's path in the build, with `/` (e.g. `assets/js/main.1a2b3c4d.js`).
 */
export function brotliQualityOf(name: string): 7 | 11 {
  return name.startsWith('assets/') || /^search-index[^/]*\.json$/.test(name) ? 11 : 7;
}

/** The brotli (at `quality`, default 11) and gzip (level 9) encodings of `body` (bytes). */
export async function compressBoth(body: Buffer, quality = 11): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
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
  /** Files whose encodings came from the cache of the previous build. */
  cached: number;
}

/**
 * Where `npm run build` keeps the encodings of its last build, by content hash: a rebuild
 * compresses only what changed (hashed assets and most pages come back byte for byte). Holds the last
 * build's files only; git-ignored with node_modules.
 */
export const COMPRESSION_CACHE_DIR = path.resolve(__dirname, '../node_modules/.cache/portal-compress');

/** Encodings read from and written to a cache folder, by the SHA-256 of the body and the settings. */
function encodingCache(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const used = new Set<string>();
  // The settings are part of the key: a change of quality or level is a new entry, never a stale one.
  const keyOf = (body: Buffer, quality: number) =>
    crypto.createHash('sha256').update(`br${quality}-gz9\0`).update(body).digest('hex');
  return {
    get(body: Buffer, quality: number): { br: Buffer; gzip: Buffer } | undefined {
      const key = keyOf(body, quality);
      used.add(key);
      try {
        return { br: fs.readFileSync(path.join(dir, `${key}.br`)), gzip: fs.readFileSync(path.join(dir, `${key}.gz`)) };
      } catch {
        return undefined;
      }
    },
    set(body: Buffer, quality: number, encoded: { br: Buffer; gzip: Buffer }): void {
      const key = keyOf(body, quality);
      fs.writeFileSync(path.join(dir, `${key}.br`), encoded.br);
      fs.writeFileSync(path.join(dir, `${key}.gz`), encoded.gzip);
    },
    /** Removes what this build did not use, so the cache stays the size of one build. */
    prune(): void {
      for (const name of fs.readdirSync(dir))
        if (!used.has(name.replace(/\.(br|gz)$/, ''))) fs.rmSync(path.join(dir, name));
    },
  };
}

/**
 * Writes `.br` and `.gz` beside each of `files` (relative to `dir`, with `/`), replacing older ones, and removes
 * a stale sibling where compression no longer pays. Runs up to `concurrency` files at once on
 * libuv's thread pool.
 *
 * @param bodyOf - a file's bytes when the caller has them already (a page just rewritten), so it is
 *   not read again; `undefined` reads the file.
 * @param cacheDir - a folder of encodings by content hash ({@link COMPRESSION_CACHE_DIR}): a file whose
 *   bytes it holds is not compressed again; afterwards it holds exactly this run's. Unset: no cache.
 */
export async function compressFiles(
  dir: string,
  files: string[],
  bodyOf: (file: string) => Buffer | undefined = () => undefined,
  concurrency = 8,
  cacheDir?: string,
): Promise<CompressionReport> {
  let bytes = 0;
  let brotliBytes = 0;
  let cached = 0;
  let next = 0;
  const cache = cacheDir ? encodingCache(cacheDir) : undefined;
  async function worker() {
    while (next < files.length) {
      const name = files[next++];
      const file = path.join(dir, name);
      const body = bodyOf(name) ?? fs.readFileSync(file);
      const quality = brotliQualityOf(name);
      let encoded = cache?.get(body, quality);
      if (encoded) cached += 1;
      else {
        encoded = await compressBoth(body, quality);
        cache?.set(body, quality, encoded);
      }
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
  cache?.prune();
  return { files: files.length, bytes, brotliBytes, cached };
}

/** {@link compressFiles} over every compressible file of `dir` (the bench's anchor sites use it). */
export function precompressDir(dir: string): Promise<CompressionReport> {
  return compressFiles(dir, compressibleFiles(dir));
}
