/**
 * Bundles as `npm run gen-api` does (../bundle.ts `bundleContract`), for ./source.test.ts: one Node
 * process (with tsx; Redocly is ESM only, which jest's runtime does not load) answers each
 * `{ id, root, apiHost }` message with `{ id, log, warnings }`, what the build wrote to standard output and
 * error, or `{ id, error }`, until the parent disconnects. One process for every build the suite makes, so
 * Redocly and the sanitizer load once; the builds run one at a time, so each one's output is its own.
 */
import { bundleContract } from '../bundle';

/** Runs `build` with what it writes to standard output and error captured, not printed. */
async function captured(build: () => Promise<unknown>): Promise<{ log: string; warnings: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const { stdout, stderr } = process;
  const stdoutWrite = stdout.write;
  const stderrWrite = stderr.write;
  stdout.write = ((chunk: string | Uint8Array) => out.push(String(chunk)) > 0) as typeof stdout.write;
  stderr.write = ((chunk: string | Uint8Array) => err.push(String(chunk)) > 0) as typeof stderr.write;
  try {
    await build();
  } finally {
    stdout.write = stdoutWrite;
    stderr.write = stderrWrite;
  }
  return { log: out.join('').trim(), warnings: err.join('').trim() };
}

let queue: Promise<void> = Promise.resolve();
process.on('message', ({ id, root, apiHost }: { id: number; root: string; apiHost?: string }) => {
  queue = queue.then(async () => {
    try {
      process.send?.({ id, ...(await captured(() => bundleContract(root, { apiHost }))) });
    } catch (error) {
      process.send?.({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});
