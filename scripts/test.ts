/**
 * `npm test`: every check of the portal, the quick ones two at a time (this machine has two
 * cores; each is single-threaded), then the unit tests, then the browser tests, with how long each took.
 * A failing check stops the run after its group, with its output; the output of a check that passes is
 * printed whole when it ends, so two checks never interleave their lines.
 *
 * Steps: typecheck, lint, format:check, lint:openapi, check:docs (in parallel), test:unit, test:e2e.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * The checks that read the sources and write nothing another one reads, in the order they start:
 * `typecheck` first writes the contract's types (`npm run types`), which lint's import resolver reads, so
 * lint starts last, once the quick ones beside typecheck have ended.
 */
const STATIC_CHECKS = ['typecheck', 'format:check', 'lint:openapi', 'check:docs', 'lint'];

/** How many checks run at once: one per core, at least one, at most two (each is single-threaded). */
const PARALLEL = Math.max(1, Math.min(2, os.availableParallelism()));

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

/** Runs `npm run -s <script>`; with `quiet`, its output is kept and returned instead of shown live. */
function run(script: string, quiet: boolean): Promise<Outcome> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) =>
      resolve({
        script,
        code: code ?? 1,
        seconds: (performance.now() - began) / 1000,
        output: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

const report = ({ script, code, seconds }: Outcome) =>
  console.log(`[test] ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);

async function main(): Promise<number> {
  const began = performance.now();
  const queue = [...STATIC_CHECKS];
  const failed: Outcome[] = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let script = queue.shift(); script; script = queue.shift()) {
        const outcome = await run(script, true);
        if (outcome.output.trim())
          process.stdout.write(outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`);
        report(outcome);
        if (outcome.code !== 0) failed.push(outcome);
      }
    }),
  );
  if (failed.length) {
    console.error(`[test] failed: ${failed.map((f) => f.script).join(', ')} (output above)`);
    return 1;
  }
  for (const script of ['test:unit', 'test:e2e']) {
    const outcome = await run(script, false);
    report(outcome);
    if (outcome.code !== 0) return outcome.code;
  }
  console.log(`[test] all passed in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  return 0;
}

main().then((code) => process.exit(code));
