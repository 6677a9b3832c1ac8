/**
 * `npm run check:docs`: the writers' checks in seconds, without a build or a browser. First
 * the source checks of scripts/docs-check (front matter, links and anchors, `<ApiSample>` requests, placeholder
 * text, sidebar), each problem as `file:line: what to fix`; then the docs' fact tests (tests/docs, jest).
 * Exits 1 when anything fails; prints how long it took. `npm test` runs it.
 *
 * Usage: tsx scripts/check-docs.ts [--root <site folder>]  (another site's sources; its fact tests are not run)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkDocs } from './docs-check/check';
import { formatProblem, readSources } from './docs-check/sources';

const ROOT = path.resolve(__dirname, '..');

function main(): number {
  const started = Date.now();
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1] ?? '.') : ROOT;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the site's own sidebars.ts, loaded by tsx
  const sidebars = require(path.join(root, 'sidebars.ts')).default as Record<string, unknown>;
  const sources = readSources(root);
  const problems = checkDocs(root, sources, sidebars);
  for (const problem of problems) console.log(formatProblem(problem));
  const sourceMs = Date.now() - started;
  console.log(
    `check:docs: ${sources.length} pages, ${problems.length} problem${problems.length === 1 ? '' : 's'} (${sourceMs} ms)` +
      (root === ROOT ? '; now the fact tests (tests/docs)…' : ''),
  );
  if (root !== ROOT) return problems.length === 0 ? 0 : 1;
  const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--silent', 'tests/docs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const ok = problems.length === 0 && jest.status === 0;
  console.log(`check:docs: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`check:docs: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
