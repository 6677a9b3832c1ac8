/**
 * `npm run bench:dev`: the writers' loop, ours against plain Docusaurus in the same run.
 *
 * Each site is a copy under `.bench/` (bench/sites/index.ts): ours (`npm start`: the contract bundle, the
 * API pages, the local services, then `docusaurus start`) and the plain scaffold over the same docs
 * (`docusaurus start`, the same bundler setting, `future.faster`). For each, in turn:
 * - **first start**: from the command until a doc page answers 200, with the site's caches empty
 *   (`.docusaurus/`, the bundler's persistent cache; ours also its generated pages and Node's compile
 *   cache) — a fresh clone's first `npm start`;
 * - **restart**: the same again with the caches the first start left — every later `npm start` (the median
 *   of {@link RESTARTS}); for ours also when every local service answers (they start once the first page
 *   is compiled, bar the identity service: scripts/with-local-services.ts), printed beside the table;
 * - **edit → browser**: Chromium on the doc page (ours signed in as the local demo user), then a sentence
 *   appended to the doc's file; the time from the write until the browser shows the sentence, the median of
 *   {@link EDITS} edits.
 *
 * Prints each figure and its ratio to plain; exits 1 when a ratio is above its bound ({@link MAX_RATIO}).
 * Ports: ours its usual ones (3000, 3001, 4010, 9229, 9230, 9240), plain 3100; all must be free.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { portalEnv } from '../config/env';
import { COMPILE_CACHE_DIR } from '../scripts/compileCache';
import { preparePlain, prepareOurs } from './sites';
import { median } from './measure/stats';
import { waitForHttp } from '../scripts/waitForHttp';

/**
 * The bound on each of our figures, as a ratio to plain Docusaurus's: a writer's restart and edit within 1.3×;
 * the first start of a fresh clone, which also bundles the contract, generates the API pages and starts the
 * local services, within 2×.
 */
export const MAX_RATIO = { firstStartS: 2, restartS: 1.3, editS: 1.3 } as const;
/** Edits timed per site. */
const EDITS = 5;
/** Restarts timed per site (starts vary from one to the next on a busy machine). */
const RESTARTS = 3;

/** The doc the writer edits, and its page. */
const DOC = { file: 'docs/api/rate-limits.mdx', page: '/docs/api/rate-limits' };
/** How long a start or an edit may take before the bench gives up (ms). */
const TIMEOUT_MS = 300_000;

/** Signs the local demo user in through the sign-in form, as a writer does, and waits for the page behind it. */
async function signInAsDemoUser(page: Page): Promise<void> {
  const username = page.getByLabel('Username');
  await username.waitFor({ timeout: TIMEOUT_MS });
  await username.fill(portalEnv.localIdentity.demoUsername);
  await page.getByLabel('Password', { exact: true }).fill(portalEnv.localIdentity.demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('[data-auth-gate="open"]').waitFor({ timeout: TIMEOUT_MS });
}

interface Site {
  name: 'plain' | 'ours';
  dir: string;
  port: number;
  command: [string, ...string[]];
  /** The bundler's persistent caches and Docusaurus's generated files: emptied for the first start. */
  caches: string[];
  signIn?: (page: Page) => Promise<void>;
  /** The last service the site starts beside its dev server, if any: answering means all are up. */
  lastService?: string;
}

interface Figures {
  firstStartS: number;
  restartS: number;
  editS: number;
  /** Restart until {@link Site.lastService} answers (median), when the site has one. */
  servicesS?: number;
}

/**
 * Starts the site's dev server; resolves once its doc page answers, with the seconds that took (and, with
 * `services`, once its last service answers too, with the seconds to that).
 */
async function start(
  site: Site,
  services = false,
): Promise<{ child: ChildProcess; seconds: number; servicesS?: number }> {
  const began = performance.now();
  const child = spawn(site.command[0], site.command.slice(1), {
    cwd: site.dir,
    stdio: 'ignore',
    detached: true, // its own process group, stopped whole by stop()
  });
  await waitForHttp(`http://localhost:${site.port}${DOC.page}`, {
    timeoutMs: TIMEOUT_MS,
    intervalMs: 100,
    status: 200,
    gaveUp: () => (child.exitCode === null ? undefined : `the server exited (code ${child.exitCode}) before answering`),
  });
  const seconds = (performance.now() - began) / 1000;
  if (!services || !site.lastService) return { child, seconds };
  await waitForHttp(site.lastService, { timeoutMs: TIMEOUT_MS, intervalMs: 100 });
  return { child, seconds, servicesS: (performance.now() - began) / 1000 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

/** The median edit-to-browser time (s) on a started site. */
async function timeEdits(site: Site): Promise<number> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const file = path.join(site.dir, DOC.file);
  const original = fs.readFileSync(file, 'utf8');
  try {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${site.port}${DOC.page}`);
    await site.signIn?.(page);
    await page.locator('article h1').waitFor({ timeout: TIMEOUT_MS });
    const times: number[] = [];
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const sentence = `Edited by the dev bench, edit ${edit} at ${Date.now()}.`;
      const began = performance.now();
      fs.writeFileSync(file, `${original}\n${sentence}\n`);
      await page.getByText(sentence).waitFor({ timeout: TIMEOUT_MS });
      times.push((performance.now() - began) / 1000);
    }
    return median(times);
  } finally {
    fs.writeFileSync(file, original);
    await browser.close();
  }
}

async function measure(site: Site): Promise<Figures> {
  for (const cache of site.caches) fs.rmSync(path.join(site.dir, cache), { recursive: true, force: true });
  console.log(`${site.name}: first start…`);
  const first = await start(site);
  let editS: number;
  try {
    console.log(`${site.name}: edits…`);
    editS = await timeEdits(site);
  } finally {
    await stop(first.child);
  }
  const restarts: number[] = [];
  const services: number[] = [];
  for (let i = 1; i <= RESTARTS; i++) {
    console.log(`${site.name}: restart ${i} of ${RESTARTS}…`);
    const again = await start(site, true);
    await stop(again.child);
    restarts.push(again.seconds);
    if (again.servicesS !== undefined) services.push(again.servicesS);
  }
  return {
    firstStartS: first.seconds,
    restartS: median(restarts),
    editS,
    servicesS: services.length ? median(services) : undefined,
  };
}

async function main(): Promise<number> {
  const oursDir = prepareOurs(1, 'dev-ours');
  const plainDir = preparePlain('dev-plain', oursDir);
  // The bundler's persistent cache lives in node_modules/.cache/rspack, which the copies link: plain's is the
  // plain anchor's own; ours is the repository's (emptied here; the next build or start refills it).
  const sites: Site[] = [
    {
      name: 'plain',
      dir: plainDir,
      port: 3100,
      command: ['npx', 'docusaurus', 'start', '--port', '3100', '--host', 'localhost', '--no-open'],
      caches: ['.docusaurus', 'node_modules/.cache/rspack'],
    },
    {
      name: 'ours',
      dir: oursDir,
      port: 3000,
      command: ['npm', 'start'],
      caches: ['.docusaurus', 'generated', 'node_modules/.cache/rspack', COMPILE_CACHE_DIR],
      // The MCP server (MCP_DEV_PORT), started last.
      lastService: 'http://localhost:3001/',
      signIn: signInAsDemoUser,
    },
  ];
  const results: Record<string, Figures> = {};
  for (const site of sites) results[site.name] = await measure(site);
  const { plain, ours } = results;
  const rows = (['firstStartS', 'restartS', 'editS'] as const).map((key) => ({
    figure: { firstStartS: 'first start s', restartS: 'restart s', editS: 'edit → browser s' }[key],
    plain: plain[key].toFixed(1),
    ours: ours[key].toFixed(1),
    'ours / plain': (ours[key] / plain[key]).toFixed(2),
    bound: `${MAX_RATIO[key]}×`,
  }));
  console.table(rows);
  if (ours.servicesS !== undefined)
    console.log(`ours: every local service answers ${ours.servicesS.toFixed(1)} s after npm start (restart, median).`);
  const over = rows.filter((row) => Number(row['ours / plain']) > Number.parseFloat(row.bound));
  if (over.length) {
    console.error(`bench:dev: above its bound: ${over.map((row) => `${row.figure} (${row.bound} plain)`).join(', ')}`);
    return 1;
  }
  console.log('bench:dev: every figure within its bound (restart and edit 1.3×, first start 2× plain Docusaurus).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:dev: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
