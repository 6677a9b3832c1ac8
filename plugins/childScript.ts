/**
 * A TypeScript script of the repository run in a child process (through tsx) from a plugin's `postBuild`:
 * Docusaurus runs every plugin's `postBuild` at once on its own thread, where the search plugin indexes the
 * pages for seconds, so work done in a child uses the core that leaves idle.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs `script` with `args` in `cwd` and waits for it.
 *
 * @returns what it printed on stdout (at most 1 MiB).
 * @throws {Error} with what it printed on stderr (or why it could not start) when it exits with another code than 0.
 */
export async function runScript(script: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [require.resolve('tsx/cli'), script, ...args], {
      cwd,
      maxBuffer: 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(stderr?.trim() || message);
  }
}
