/**
 * Runs ESLint's Node API with the project's own configuration, for the tests of the lint's rules. It runs
 * in a child Node process: ESLint loads eslint.config.mjs with a dynamic `import()`, which jest's module
 * runtime refuses without `--experimental-vm-modules`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * @param script - an ES module run from the repository's root: it reads `input` as JSON from stdin and
 *   prints its answer as JSON on stdout.
 * @returns the script's answer.
 * @throws {Error} with ESLint's stderr when the script fails.
 */
export function eslintInChild<T>(script: string, input: unknown): T {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`ESLint failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as T;
}
