/**
 * `npm run build:scale` (budgets at scale): builds the portal over 3× today's content in
 * `.bench/scale-budgets` (git-ignored; bench/sites/index.ts), for the byte budgets that
 * tests/e2e/budgets.spec.ts checks at scale. The content is synthetic and deterministic
 * (bench/sites/scale.ts), so the bytes are too; times stay in `npm run bench:scale`. `npm run test:e2e`
 * runs it after the portal's own build.
 *
 * It runs the contract bundle and the API pages (`npm run gen-api`), then Docusaurus' build
 * (`npm run build:site`), as `npm run build` does; not the post-build pass, which changes neither the scripts a page loads first
 * nor the global stylesheet, only how they are linked and compressed. With BUILD_COPIES=off (config/env.ts
 * `buildCopies`): the budgets read the bundler's scripts and stylesheets, its manifests and three pages' HTML,
 * never the Markdown copies nor the compressed copies, which are made from those files after the bundler is
 * done and change none of them. Without the bundler's persistent cache: this copy's modules are under another
 * path than the suite's, so the cache would find few of them, yet writing it would take the place of the suite's
 * own (node_modules is linked, and Docusaurus names the cache by mode and locale only).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SCALE_BUDGETS } from './budgets';
import { prepareOurs } from '../../bench/sites';

/** Runs a command in `cwd`, its output shown; throws naming it when it fails. */
function run(cwd: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, BUILD_COPIES: 'off', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (see above)`);
}

try {
  const began = performance.now();
  const dir = prepareOurs(SCALE_BUDGETS.factor, path.basename(SCALE_BUDGETS.siteDir));
  run(dir, 'npm', ['run', '-s', 'gen-api']);
  run(dir, 'npm', ['run', '-s', 'build:site']);
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  console.log(`build:scale: the portal at ${SCALE_BUDGETS.factor}× its content, built in ${dir} (${seconds} s).`);
} catch (error) {
  console.error(`build:scale: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
