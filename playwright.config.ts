/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser, CONTRIBUTING.md "For engineers") drives the built
 * site served by `npm run serve`, which also starts the local identity service with fresh data.
 * Run with `npm run test:e2e` (builds first).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Chromium flags for this machine: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const identityData = path.join(os.tmpdir(), `portal-e2e-identity-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'npm run serve',
    url: 'http://localhost:3000',
    reuseExistingServer: false,
    timeout: 90_000,
    env: { LOCAL_IDENTITY_DATA_DIR: identityData },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
