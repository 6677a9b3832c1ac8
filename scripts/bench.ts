/**
 * `npm run bench`: prints the portal's speed and size figures (DEVELOPERS.md: targets live here, not in
 * timed tests).
 *
 * - Build time (ms) of `npm run build` (skip with `--no-build` to measure an existing build).
 * - First-load JavaScript of a doc page and of an API operation page for a signed-in user: every script
 *   Chromium downloads on a full page load, in bytes raw and gzip-compressed (zlib level 6, what a
 *   typical server sends). Measured in Debian's Chromium against `npm run serve` on the build.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { portalEnv } from '../config/env';
import { waitForHttp } from './waitForHttp';

const PAGES = [
  { name: 'doc page', path: '/docs/document_format/schema' },
  { name: 'API page', path: '/api/v1/get-document' },
  { name: 'home', path: '/' },
];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const started = Date.now();
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed; run it alone to see why.');
    console.log(`build time: ${Date.now() - started} ms`);
  }
  if (!fs.existsSync('build/index.html')) throw new Error('build/ is missing: run without --no-build.');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-identity-'));
  const server: ChildProcess = spawn('npx', ['tsx', 'scripts/with-local-identity.ts', 'serve'], {
    stdio: 'ignore',
    // The child gets this environment unchanged plus a fresh identity data folder.
    // eslint-disable-next-line no-restricted-properties
    env: { ...process.env, LOCAL_IDENTITY_DATA_DIR: dataDir },
    detached: true,
  });
  const base = `http://localhost:${portalEnv.sitePort}`;
  try {
    await waitForHttp(base);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(base);
    await page.getByLabel('Username').fill(portalEnv.localIdentity.demoUsername);
    await page.getByLabel('Password', { exact: true }).fill(portalEnv.localIdentity.demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('[data-auth-gate="open"]').waitFor();
    const storage = await context.storageState();

    console.log('first-load JS (signed in, cold cache):');
    for (const target of PAGES) {
      const fresh = await browser.newContext({ storageState: storage });
      const tab = await fresh.newPage();
      const scripts: Buffer[] = [];
      tab.on('response', async (response) => {
        if (response.request().resourceType() === 'script') scripts.push(await response.body());
      });
      await tab.goto(base + target.path, { waitUntil: 'networkidle' });
      await tab.locator('[data-auth-gate="open"]').waitFor();
      const raw = scripts.reduce((sum, body) => sum + body.length, 0);
      const gzip = scripts.reduce((sum, body) => sum + zlib.gzipSync(body, { level: 6 }).length, 0);
      console.log(
        `  ${target.name.padEnd(9)} ${target.path.padEnd(32)} ${scripts.length} scripts, ${kib(raw)} raw, ${kib(gzip)} gzip`,
      );
      await fresh.close();
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
