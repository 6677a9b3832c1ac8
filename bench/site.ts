/**
 * `npm run bench`: the portal's one performance report (CONTRIBUTING.md "For engineers", Figures: speed and size targets
 * live here, as ratios to anchors measured in the same run, not in timed tests).
 *
 * 1. Builds ours (`npm run build`, skipped with `--no-build`) and the two anchors of bench/sites/anchors.ts
 *    (`plain` Docusaurus scaffold, `stock` scaffold + openapi-docs 5.2.0), timing each build.
 * 2. Serves ours through the gate (`npm run serve`, local identity service) and the anchors with the
 *    same kind of static server (bench/sites/staticServer.ts), all with the same precompressed files.
 * 3. Signs in as the demo user, then for `/`, a doc page, `/api` and an API operation page (and each
 *    anchor's counterpart) prints, on a cold cache:
 *    - first-load JS and CSS: every script and stylesheet the page fetches for itself until the network is
 *      idle, each file once, each body gzip -9, in KB (1000 bytes); not the prefetches of other pages' files
 *      (requests with `Sec-Purpose: prefetch`, which the browser sends for `<link rel="prefetch">`), on either
 *      side: they load when the browser is idle, for a page the reader may open next;
 *    - bytes transferred: every response's encoded body, in KB;
 *    - Lighthouse 13.5 desktop (from npm, Debian's Chromium): performance score, LCP and TBT in ms, each
 *      the median of `--runs N` runs (default 3; Lighthouse's docs on variability advise a median of
 *      several runs, as one run swings widely on a shared machine);
 *    - the manifest figure that `npm test` budgets (bench/measure/firstLoad.ts);
 *    and each figure's ratio to its anchor; also how long the sign-in click takes to show content (ms).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { portalEnv } from '../config/env';
import { BUNDLED_SPEC_PATH } from '../config/openapi';
import { buildAnchor, type Anchor } from './sites/anchors';
import { firstLoad } from './measure/firstLoad';
import { median } from './measure/stats';
import { serveStatic } from './sites/staticServer';
import { benchPort } from './sites/ports';
import { waitForHttp } from '../scripts/waitForHttp';

const ROOT = path.resolve(__dirname, '..');
const LIGHTHOUSE = 'lighthouse@13.5.0';
/** Lighthouse runs per page; each figure printed is their median. */
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
/** Longest a Lighthouse run may take, in ms. */
const LIGHTHOUSE_TIMEOUT_MS = 180_000;

/** What is measured: our page and the anchor page it is compared with. */
const PAGES = [
  { name: 'home', ours: '/', anchor: 'plain', anchorPath: '/' },
  { name: 'doc page', ours: '/docs/document_format/schema', anchor: 'plain', anchorPath: '/docs/intro' },
  { name: '/api', ours: '/api', anchor: 'stock', anchorPath: '/docs/api/regulatory-content-api' },
  {
    name: 'API operation',
    ours: '/api/v1/search-documents',
    anchor: 'stock',
    anchorPath: '/docs/api/search-documents',
  },
] as const;

interface Figures {
  jsKB: number;
  cssKB: number;
  transferKB: number;
  manifestJsKB: number;
  score: number;
  lcpMs: number;
  tbtMs: number;
}

const kb = (bytes: number) => bytes / 1000;

async function browserFigures(
  context: BrowserContext,
  url: string,
  buildDir: string,
): Promise<Pick<Figures, 'jsKB' | 'cssKB' | 'transferKB'>> {
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  let js = 0;
  let css = 0;
  let transfer = 0;
  const seen = new Set<string>();
  page.on('response', (response) => {
    // Another page's file, fetched ahead for it, is not this page's weight (see the file's comment): decided
    // here, as the response arrives, from the request as the page made it (a `<link rel="prefetch">` is of
    // type `other` and says so in Sec-Purpose), so that a file of this page that a link prefetches again
    // later is still counted, once.
    const request = response.request();
    if (request.headers()['sec-purpose']?.includes('prefetch') || seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(
      (async () => {
        const sizes = await request.sizes().catch(() => null);
        transfer += sizes?.responseBodySize ?? 0;
        const pathname = new URL(response.url()).pathname;
        if (!/\.(js|css)$/.test(pathname) || response.status() !== 200) return;
        // The file as built (the browser's copy of a large body is not always still there to read).
        const built = path.join(buildDir, decodeURIComponent(pathname));
        const body = fs.existsSync(built) ? fs.readFileSync(built) : await response.body().catch(() => Buffer.alloc(0));
        const gz = zlib.gzipSync(body, { level: 9 }).length;
        if (pathname.endsWith('.js')) js += gz;
        else css += gz;
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return { jsKB: kb(js), cssKB: kb(css), transferKB: kb(transfer) };
}

/**
 * Runs Lighthouse from npm in its own process. Asynchronous on purpose: the anchors' static servers
 * run in this process and must keep answering while Lighthouse loads their pages.
 */
function lighthouse(url: string, profileDir: string): Promise<Pick<Figures, 'score' | 'lcpMs' | 'tbtMs'>> {
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    '--preset=desktop',
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--disable-storage-reset',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')} --user-data-dir=${profileDir}`,
  ];
  // eslint-disable-next-line no-restricted-properties -- Lighthouse finds Debian's Chromium through CHROME_PATH
  const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), LIGHTHOUSE_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse failed for ${url} (exit ${code}):\n${stderr.slice(-2000)}`));
      const report = JSON.parse(stdout);
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        lcpMs: report.audits['largest-contentful-paint'].numericValue,
        tbtMs: report.audits['total-blocking-time'].numericValue,
      });
    });
  });
}

/** A Chromium profile for Lighthouse, and the cookies it holds. */
interface Profile {
  dir: string;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

/**
 * A Chromium profile (for Lighthouse) in which the demo user is signed in to ours (`base`), or nobody
 * (`null`, for an anchor), with an empty HTTP cache. The profile is closed before Lighthouse opens it, and never reopened here:
 * a second Chromium on a profile still shutting down hands over to it and closes the target.
 */
async function profile(base: string | null): Promise<Profile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  if (!base) return { dir, cookies: [] };
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByLabel('Username').fill(portalEnv.localIdentity.demoUsername);
  await page.getByLabel('Password', { exact: true }).fill(portalEnv.localIdentity.demoPassword);
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('[data-auth-gate="open"]').waitFor();
  console.log(`sign-in: click → content shown in ${Date.now() - clicked} ms`);
  const cookies = await context.cookies();
  // Lighthouse must start on a cold cache like the anchors: keep the session cookies, drop the files
  // (and V8's code cache of them) that signing in fetched.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.close();
  return { dir, cookies };
}

async function measure(
  browser: Browser,
  base: string,
  pagePath: string,
  siteDir: string,
  user: Profile,
): Promise<Figures> {
  // A cold cache with the profile's cookies.
  const context = await browser.newContext();
  await context.addCookies(user.cookies);
  process.stderr.write(`measuring ${base}${pagePath}\n`);
  const figures = await browserFigures(context, base + pagePath, path.join(siteDir, 'build'));
  await context.close();
  const runs: Pick<Figures, 'score' | 'lcpMs' | 'tbtMs'>[] = [];
  // Each run on a fresh copy of the profile: same cookies, cold cache (a run fills the cache it uses).
  const onFreshProfile = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-run-'));
    fs.cpSync(user.dir, dir, { recursive: true });
    try {
      return await lighthouse(base + pagePath, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  for (let run = 0; run < RUNS; run++) {
    // Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART); one more try.
    runs.push(await onFreshProfile().catch(onFreshProfile));
  }
  return {
    ...figures,
    manifestJsKB: kb(firstLoad(siteDir, pagePath).jsGzip),
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
  };
}

function ratio(ours: number, anchor: number): string {
  return `${(ours / anchor).toFixed(2)}x`;
}

/** The table rows of one page: ours, its anchor, and the ratios. */
function printRows(name: string, anchorName: string, ours: Figures, anchor: Figures): void {
  for (const [site, figures] of [
    ['ours', ours],
    [anchorName, anchor],
  ] as const) {
    console.log(
      `${name.padEnd(14)} | ${site.padEnd(5)} | ${figures.jsKB.toFixed(1).padStart(6)} | ${figures.cssKB.toFixed(1).padStart(6)} | ` +
        `${figures.transferKB.toFixed(1).padStart(11)} | ${figures.manifestJsKB.toFixed(1).padStart(14)} | ${String(figures.score).padStart(7)} | ` +
        `${figures.lcpMs.toFixed(0).padStart(6)} | ${figures.tbtMs.toFixed(0).padStart(6)}`,
    );
  }
  console.log(
    `${''.padEnd(14)} | ratio | ${ratio(ours.jsKB, anchor.jsKB).padStart(6)} | ${ratio(ours.cssKB, anchor.cssKB).padStart(6)} | ` +
      `${ratio(ours.transferKB, anchor.transferKB).padStart(11)} | ${ratio(ours.manifestJsKB, anchor.manifestJsKB).padStart(14)} | ` +
      `${''.padStart(7)} | ${ratio(ours.lcpMs, anchor.lcpMs).padStart(6)} |`,
  );
}

type Anchors = Record<Anchor['name'], Anchor>;

/** Builds our site (unless `--no-build`) and the two anchors, and prints how long each build took. */
async function buildSites(): Promise<Anchors> {
  let oursBuildMs: number | undefined;
  if (!process.argv.includes('--no-build')) {
    const started = Date.now();
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed; run it alone to see why.');
    oursBuildMs = Date.now() - started;
  }
  if (!fs.existsSync(path.join(ROOT, 'build/index.html')))
    throw new Error('build/ is missing: run without --no-build.');
  const anchors: Anchors = {
    plain: await buildAnchor('plain', path.join(ROOT, BUNDLED_SPEC_PATH)),
    stock: await buildAnchor('stock', path.join(ROOT, BUNDLED_SPEC_PATH)),
  };
  console.log(
    `build: ours ${oursBuildMs === undefined ? '(skipped)' : `${(oursBuildMs / 1000).toFixed(1)} s`}, ` +
      `stock ${(anchors.stock.buildMs / 1000).toFixed(1)} s, plain ${(anchors.plain.buildMs / 1000).toFixed(1)} s` +
      (oursBuildMs === undefined ? '' : ` (ours / stock ${ratio(oursBuildMs, anchors.stock.buildMs)})`),
  );
  return anchors;
}

/**
 * Measures each page of ours (signed in, through the gate at `bases.ours`) and its anchor's, and prints a row per
 * page and each page's LCP as a ratio of the plain doc page's.
 */
async function measurePages(bases: Record<'ours' | Anchor['name'], string>, anchors: Anchors): Promise<void> {
  await waitForHttp(`${bases.ours}/login`);
  const signedInProfile = await profile(bases.ours);
  const anonymousProfile = await profile(null);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log('\npage           | site  | JS KB  | CSS KB | transfer KB | manifest JS KB | LH perf | LCP ms | TBT ms');
  const lcp: Record<string, number> = {};
  for (const target of PAGES) {
    const ours = await measure(browser, bases.ours, target.ours, ROOT, signedInProfile);
    const anchor = await measure(
      browser,
      bases[target.anchor],
      target.anchorPath,
      anchors[target.anchor].dir,
      anonymousProfile,
    );
    lcp[`ours ${target.name}`] = ours.lcpMs;
    lcp[`${target.anchor} ${target.name}`] = anchor.lcpMs;
    printRows(target.name, target.anchor, ours, anchor);
  }
  const plainDocLcp = lcp['plain doc page'];
  console.log(`\nLCP / plain doc page LCP (${plainDocLcp.toFixed(0)} ms):`);
  for (const target of PAGES)
    console.log(`  ${target.name.padEnd(14)} ${ratio(lcp[`ours ${target.name}`], plainDocLcp)}`);
  await browser.close();
}

async function main(): Promise<void> {
  const anchors = await buildSites();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-identity-'));
  const gate: ChildProcess = spawn('npm', ['run', '-s', 'serve'], {
    cwd: ROOT,
    stdio: 'ignore',
    // eslint-disable-next-line no-restricted-properties -- the gate gets this environment plus fresh identity data
    env: { ...process.env, LOCAL_IDENTITY_DATA_DIR: dataDir },
    detached: true,
  });
  const anchorPorts = { plain: benchPort('anchors'), stock: benchPort('anchors') + 1 };
  const servers = [
    await serveStatic(path.join(anchors.plain.dir, 'build'), anchorPorts.plain),
    await serveStatic(path.join(anchors.stock.dir, 'build'), anchorPorts.stock),
  ];
  const bases = {
    ours: `http://localhost:${portalEnv.sitePort}`,
    plain: `http://127.0.0.1:${anchorPorts.plain}`,
    stock: `http://127.0.0.1:${anchorPorts.stock}`,
  };
  try {
    await measurePages(bases, anchors);
  } finally {
    if (gate.pid) process.kill(-gate.pid, 'SIGTERM');
    await Promise.all(servers.map((server) => server.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
