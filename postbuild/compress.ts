/**
 * Compression of the built site, done once after the build, never per request: every text
 * file gets a brotli (`.br`, quality by {@link brotliQualityOf}) and a gzip (`.gz`, level 9) sibling,
 * which the gate serves by `Accept-Encoding` (server/gate/compression.ts). A sibling is written only when
 * it is smaller than the file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { ENCODINGS } from '../rules/buildFiles';

/**
 * Files worth compressing: HTML, JS, CSS, JSON (search index included), XML (feeds, sitemap), SVG, text, YAML
 * (the API description to download).
 */
export const COMPRESSIBLE = /\.(html?|m?js|css|json|xml|xsl|svg|txt|md|map|webmanifest|ya?ml)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The search plugin's index files (`search-index.json`, or one per docs instance). */
const SEARCH_INDEX = /^search-index[^/]*\.json$/;

/**
 * Whether the post-build steps leave `name` as the bundler wrote it: the content-hashed `assets/` and the
 * search index. These are compressed while the steps run (postbuild/run.ts); the pages, their Markdown copies
 * and the CSP hash list are written by the steps and compressed after them.
 *
 * @param name - the file's path in the build, with `/` (e.g. `assets/js/main.1a2b3c4d.js`).
 */
export function isBundlerOutput(name: string): boolean {
  return name.startsWith('assets/') || SEARCH_INDEX.test(name);
}

/** Size from which a bundler file is large (bytes): the entry scripts, stylesheets and vendor chunks. */
export const LARGE_FILE_BYTES = 64 * 1024;

/**
 * The brotli quality for a built file, the level that pays for itself on it (the measurements behind it:
 * handbook/performance.md, "Cost at scale"). Quality 10 where every reader pays for the bytes: the large
 * hashed assets (the entry scripts, vendor chunks and stylesheets of every first load; immutable, and kept by
 * {@link COMPRESSION_CACHE_DIR} from one build to the next) and the search index (fetched whole by every
 * reader who searches); 11 costs far more time for little more. Quality 5 for the rest: each small chunk is
 * one page's, fetched by that page's readers only, and the pages, their Markdown copies and the feeds are
 * rewritten by every build, where quality 10's few per cent cost most of the build's last step at scale.
 *
 * @param name - the file's path in the build, with `/` (e.g. `assets/js/main.1a2b3c4d.js`).
 * @param bytes - the file's size.
 */
export function brotliQualityOf(name: string, bytes: number): 5 | 10 {
  if (SEARCH_INDEX.test(name)) return 10;
  return name.startsWith('assets/') && bytes >= LARGE_FILE_BYTES ? 10 : 5;
}

/**
 * The brotli (at `quality`, 0–11) and gzip (level 9) encodings of `body` (bytes), one after the other on
 * libuv's thread pool, so a file takes one thread.
 */
export async function compressBoth(body: Buffer, quality: number): Promise<{ br: Buffer; gzip: Buffer }> {
  const br = await brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  return { br, gzip: await gzip(body, { level: 9 }) };
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
 * Where `npm run build` keeps the encodings of the bundler's files ({@link isBundlerOutput}: the hashed assets,
 * which come back byte for byte from one build to the next, and the search index), by content hash: a rebuild
 * compresses them again only when they changed, and ./plugin.ts fills it during `docusaurus build`. The pages
 * and Markdown copies, which every build rewrites (each page names the new runtime's hash), have no entry.
 * Holds the last build's entries only; git-ignored with node_modules.
 */
export const COMPRESSION_CACHE_DIR = path.resolve(__dirname, '../node_modules/.cache/portal-compress');

type Encoded = { br: Buffer; gzip: Buffer };

/**
 * Encodings read from and written to a cache folder, one file per body and settings, named by their SHA-256:
 * the brotli encoding's length (4 bytes, big-endian), the brotli encoding, the gzip encoding. The folder is
 * listed once, so a build whose files are all new opens no file it does not write.
 */
function encodingCache(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const present = new Set(fs.readdirSync(dir));
  const used = new Set<string>();
  // The settings are part of the key: a change of quality or level is a new entry, never a stale one.
  const keyOf = (body: Buffer, quality: number) =>
    crypto.createHash('sha256').update(`br${quality}-gz9\0`).update(body).digest('hex');
  return {
    get(body: Buffer, quality: number): Encoded | undefined {
      const key = keyOf(body, quality);
      used.add(key);
      if (!present.has(key)) return undefined;
      try {
        const entry = fs.readFileSync(path.join(dir, key));
        const brBytes = entry.readUInt32BE(0);
        return { br: entry.subarray(4, 4 + brBytes), gzip: entry.subarray(4 + brBytes) };
      } catch {
        return undefined;
      }
    },
    set(body: Buffer, quality: number, encoded: Encoded): void {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(encoded.br.length);
      fs.writeFileSync(path.join(dir, keyOf(body, quality)), Buffer.concat([length, encoded.br, encoded.gzip]));
    },
    /** Removes what this build did not use, so the cache stays the size of one build. */
    prune(): void {
      for (const name of fs.readdirSync(dir)) if (!used.has(name)) fs.rmSync(path.join(dir, name), { force: true });
    },
  };
}

/** Compression of a build's files, given in batches as they become final. */
export interface Compression {
  /** Queues `files` (relative to the build folder, with `/`); returns at once. */
  add(files: string[]): void;
  /**
   * Waits for every queued file, then leaves the cache holding exactly this run's encodings.
   *
   * @throws the first error a file met (e.g. it could not be read or written); the other files still finish.
   */
  done(): Promise<CompressionReport>;
}

/** How {@link startCompression} runs. */
export interface CompressionOptions {
  /**
   * A folder of encodings by content hash ({@link COMPRESSION_CACHE_DIR}): a file whose bytes it holds is not
   * compressed again; after {@link Compression.done} it holds exactly this run's. Unset: no cache.
   */
  cacheDir?: string;
  /** Files at once until `done`, from when on one per core; default one per core. Fewer leaves cores to other work. */
  concurrency?: number;
  /**
   * Whether `done` removes the cache entries this compression did not use; default true. False for a
   * compression of part of a build (./compressAssets.ts), whose cache the build's last step prunes.
   */
  prune?: boolean;
}

/** Cores the machine gives this process. */
const CORES = os.availableParallelism();

/**
 * Writes the brotli and gzip copies of `name` (under `dir`) where they are smaller than the file, removes those
 * that are not, takes the encodings from `cache` for the bundler's files, and counts the file in `report`.
 */
async function compressFile(
  dir: string,
  name: string,
  cache: ReturnType<typeof encodingCache> | undefined,
  report: CompressionReport,
): Promise<void> {
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  const quality = brotliQualityOf(name, body.length);
  // What every build rewrites (pages, Markdown copies) is new each time: an entry would only cost.
  const kept = isBundlerOutput(name) ? cache : undefined;
  let encoded = kept?.get(body, quality);
  if (encoded) report.cached += 1;
  else {
    encoded = await compressBoth(body, quality);
    kept?.set(body, quality, encoded);
  }
  report.files += 1;
  report.bytes += body.length;
  for (const { coding, suffix } of ENCODINGS) {
    const data = coding === 'br' ? encoded.br : encoded.gzip;
    if (data.length < body.length) fs.writeFileSync(file + suffix, data);
    else fs.rmSync(file + suffix, { force: true });
  }
  report.brotliBytes += Math.min(encoded.br.length, body.length);
}

/**
 * Starts compressing the build in `dir`: writes `.br` and `.gz` beside each file given to
 * {@link Compression.add}, replacing older ones, and removes a stale sibling where compression no longer pays.
 * Compresses `concurrency` files at once on libuv's thread pool (one thread each). Each file's next step runs
 * in a callback of this thread's event loop, so a thread that holds its loop (a long synchronous pass) holds
 * its compression too: {@link startBuildCompression} runs one in a worker thread.
 */
export function startCompression(
  dir: string,
  { cacheDir, concurrency = CORES, prune = true }: CompressionOptions = {},
): Compression {
  const report: CompressionReport = { files: 0, bytes: 0, brotliBytes: 0, cached: 0 };
  const cache = cacheDir ? encodingCache(cacheDir) : undefined;
  const queue: string[] = [];
  const running = new Set<Promise<void>>();
  let width = Math.max(1, concurrency);
  let failure: { error: unknown } | undefined;

  async function worker(): Promise<void> {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      try {
        await compressFile(dir, name, cache, report);
      } catch (error) {
        failure ??= { error };
      }
    }
  }

  function fill(): void {
    while (running.size < width && queue.length > 0) {
      const run: Promise<void> = worker().finally(() => running.delete(run));
      running.add(run);
    }
  }

  return {
    add(files) {
      queue.push(...files);
      fill();
    },
    async done() {
      width = Math.max(width, CORES);
      fill();
      while (running.size > 0) await Promise.all(running);
      if (failure) throw failure.error;
      if (prune) cache?.prune();
      return { ...report };
    },
  };
}

/**
 * {@link startCompression} over `files` at once, waiting for them all.
 *
 * @param cacheDir - as in {@link CompressionOptions}.
 */
export function compressFiles(dir: string, files: string[], cacheDir?: string): Promise<CompressionReport> {
  const compression = startCompression(dir, { cacheDir });
  compression.add(files);
  return compression.done();
}

/** What the main thread tells postbuild/compressWorker.ts. */
export type CompressionMessage = { add: string[] } | { done: true };

/** What postbuild/compressWorker.ts answers `done` with. */
export type CompressionAnswer = { report: CompressionReport } | { error: string };

/** What postbuild/compressWorker.ts is started with: the build folder and the cache folder. */
export interface CompressionJob {
  dir: string;
  cacheDir?: string;
}

/**
 * Starts compressing a build in a worker thread with its own event loop, so the compression goes on while
 * the post-build steps hold the main thread's (their pass over the pages is synchronous). Starts with what
 * the steps leave as the bundler wrote it ({@link isBundlerOutput}); the steps add each file when it is final
 * (postbuild/pages.ts `finishPages`). One file at a time while the steps run, so they keep their core; every
 * core once `done` is called.
 *
 * @param cacheDir - as in {@link CompressionOptions}.
 * @throws (from `done`) the worker's error, or that it stopped before it finished.
 */
export function startBuildCompression(dir: string, cacheDir?: string): Compression {
  const worker = new Worker(new URL('./compressWorker.ts', pathToFileURL(__filename)), {
    workerData: { dir, cacheDir } satisfies CompressionJob,
  });
  const answer = new Promise<CompressionReport>((resolve, reject) => {
    worker.once('message', (message: CompressionAnswer) =>
      'report' in message ? resolve(message.report) : reject(new Error(message.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the compression worker stopped (exit code ${code}) before it finished`)),
    );
  });
  // Awaited by `done`; a build that fails before it must not report an unhandled rejection as well.
  answer.catch(() => undefined);
  const post = (message: CompressionMessage) => worker.postMessage(message);
  post({ add: compressibleFiles(dir).filter(isBundlerOutput) });
  return {
    add: (files) => post({ add: files }),
    done: () => {
      post({ done: true });
      return answer;
    },
  };
}

/** {@link compressFiles} over every compressible file of `dir` (the bench's anchor sites use it). */
export function precompressDir(dir: string): Promise<CompressionReport> {
  return compressFiles(dir, compressibleFiles(dir));
}

/**
 * A compression that compresses nothing: the build's last step with BUILD_COPIES=off (config/env.ts
 * `buildCopies`), for the test suite's extra builds, whose tests read no compressed copy. The gate then sends
 * every file as it is (server/app.ts serves a copy only where the build wrote one).
 */
export function noCompression(): Compression {
  return {
    add: () => undefined,
    done: () => Promise.resolve({ files: 0, bytes: 0, brotliBytes: 0, cached: 0 }),
  };
}
