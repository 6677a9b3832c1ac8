/**
 * Browser tests: Debian's Chromium (never a downloaded browser, CONTRIBUTING.md "For engineers") drives the built
 * site served by `npm run serve`, which also starts the local identity service with fresh data.
 * Run with `npm run test:e2e` (builds first). Five projects share the one server:
 * - `e2e` (tests/e2e): flows that change state (users, sessions, servers of their own), one at a time;
 * - `e2e-apart` (tests/e2e, {@link APART}): flows that share nothing with the others (a server of their
 *   own, or only reading pages as the demo user, as `a11y` does);
 * - `speedups` (plugins/<speed-up>/__tests__/*.spec.ts): each speed-up's guards, read-only;
 * - `a11y` (tests/a11y): the WCAG 2.2 AA axe audit of every page and sign-in view, read-only;
 * - `visual` (tests/visual): screenshots compared with the baselines in the repo, read-only.
 * The last four run beside `e2e` in a second worker; each project runs its tests in order. `e2e-apart`
 * moves work off `e2e` so the second worker is not left idle.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { portalEnv } from './config/env';

/** Chromium flags for this machine: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The site the browser tests load: `npm run serve`'s, on PORT (config/env.ts, default 3000). */
export const SITE_BASE_URL = `http://localhost:${portalEnv.sitePort}`;

/**
 * What every browser-test configuration shares (this one and playwright.mfa.config.ts): the browser,
 * the base URL and a fresh `npm run serve` with identity data of its own under `dataDirName`.
 */
export function sharedConfig(dataDirName: string, env: Record<string, string> = {}): PlaywrightTestConfig {
  // The gate's reader-insights store, which tests/e2e/insights.spec.ts reads. The workers load this file again
  // with their own pid: they keep the folder of the runner, whose environment they inherit.
  process.env.E2E_INSIGHTS_DATA_DIR ??= path.join(os.tmpdir(), `${dataDirName}-insights-${process.pid}`);
  return {
    fullyParallel: false,
    retries: 0,
    forbidOnly: true,
    reporter: [['list']],
    timeout: 60_000,
    expect: { timeout: 15_000 },
    use: {
      baseURL: SITE_BASE_URL,
      launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      trace: 'off',
    },
    webServer: {
      command: 'npm run serve',
      url: SITE_BASE_URL,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        LOCAL_IDENTITY_DATA_DIR: path.join(os.tmpdir(), `${dataDirName}-${process.pid}`),
        INSIGHTS_DATA_DIR: process.env.E2E_INSIGHTS_DATA_DIR,
        MCP_OAUTH_DATA_DIR: path.join(os.tmpdir(), `${dataDirName}-oauth-${process.pid}`),
        // AI tools' access tokens expire within a test, which then sees the tool refresh (tests/e2e/mcp-oauth.spec.ts).
        MCP_OAUTH_ACCESS_TOKEN_SECONDS: '5',
        ...env,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  };
}

/**
 * The tests of tests/e2e that share no state with the others, so they run beside the `e2e` project in the
 * second worker and the two workers end together: the production install (its own folder, port and user pool),
 * the dev server's Host check (its own copy of the site and port), and pages read by the demo user (keyboard
 * use, first paint, the MCP install links, the Markdown copies, the
 * description and the operation pages' explorer), whose Logout revokes only its own session's refresh token, and
 * AI tools' sign-in (readers of its own), and the customers' words in the build.
 */
const APART = [
  '**/production.spec.ts',
  '**/dev-server.spec.ts',
  '**/keyboard.spec.ts',
  '**/paint.spec.ts',
  '**/mcp-install.spec.ts',
  '**/mcp-oauth.spec.ts',
  '**/words.spec.ts',
  '**/markdown.spec.ts',
  '**/description.spec.ts',
  '**/explorer.spec.ts',
];

export default defineConfig({
  ...sharedConfig('portal-e2e-identity'),
  // Two workers: the work is CPU-bound, so on a two-core machine a third makes the suite no faster, only
  // every test slower.
  workers: 2,
  projects: [
    { name: 'e2e', testDir: 'tests/e2e', testIgnore: APART, workers: 1 },
    { name: 'e2e-apart', testDir: 'tests/e2e', testMatch: APART, workers: 1 },
    // Each speed-up's guards, in its own folder (plugins/README.md), so removing one removes its guards.
    { name: 'speedups', testDir: 'plugins', testMatch: '*/__tests__/*.spec.ts', workers: 1 },
    { name: 'a11y', testDir: 'tests/a11y', workers: 1 },
    {
      name: 'visual',
      testDir: 'tests/visual',
      workers: 1,
      // Baselines in the repo, one per screen and scheme (`npm run visual:update` writes them; a missing
      // one is written and fails the run). Up to 1 % of a screen's pixels may differ (anti-aliasing from one Chromium build to
      // the next); a layout change moves far more.
      snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.01 } },
    },
  ],
});
