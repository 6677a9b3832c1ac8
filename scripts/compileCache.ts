/**
 * Node's on-disk compile cache for `npm start` (the writers' loop): V8's compiled code of every
 * module a process loads is kept between runs, so the next start compiles none of it again. Node's public
 * API (Node docs, "Module compile cache": `module.enableCompileCache(dir)` and `NODE_COMPILE_CACHE`,
 * Node 22.1 and later); the cache is keyed by each file's content, so an upgraded package is compiled again.
 * `npm run bench:dev` measures the restarts it speeds up.
 */
import module from 'node:module';
import path from 'node:path';

/** Where the cache lives, relative to the site: git-ignored, and gone with `node_modules`. */
export const COMPILE_CACHE_DIR = path.join('node_modules', '.cache', 'node-compile-cache');

/**
 * Turns the cache on for this process (modules loaded from now on) and returns the environment for a
 * child process that uses it too: this process's own, plus `NODE_COMPILE_CACHE` (a child does not
 * inherit `module.enableCompileCache`).
 *
 * @param siteDir - the site's root directory.
 */
export function enableCompileCache(siteDir: string): NodeJS.ProcessEnv {
  const dir = path.resolve(siteDir, COMPILE_CACHE_DIR);
  // Typed here: @types/node 20, which the repository pins, predates the function (Node 24 and 26 have it).
  (module as { enableCompileCache?: (cacheDir: string) => unknown }).enableCompileCache?.(dir);
  // eslint-disable-next-line no-restricted-properties -- passed on to a child whole, not read here
  return { ...process.env, NODE_COMPILE_CACHE: dir };
}
