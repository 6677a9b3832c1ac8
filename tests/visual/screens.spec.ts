/**
 * Screens that stay as designed: each screen below, light and dark, compared with its
 * baseline in tests/visual/baselines (Debian's Chromium on Linux, as `.ci/run` installs it). A layout
 * that moves by more than the tolerance (playwright.config.ts, project `visual`) fails here, whatever
 * the cause: a speed-up, a theme upgrade, a stylesheet. After an intended change, `npm run
 * visual:update` writes new baselines; review them as images before committing.
 *
 * Stable on these machines: Playwright disables animations and hides the caret, waits for fonts and
 * retakes until two shots agree (playwright.dev/docs/test-snapshots); what changes from run to run is
 * masked (dates, the build time on /api). The explorer shows no token: its samples say `<token>`.
 */
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openExplorer, signInAt, waitForGate } from '../support/e2e';

/** The signed-in session every screen but the sign-in page starts from (Amplify's cookies). */
const SESSION = 'test-results/visual-session.json';

/** Parts of a screen that change from run to run, painted over in the comparison. */
function unstable(page: Page): Locator[] {
  return [page.locator('time'), page.locator('.theme-admonition', { hasText: 'Where this reference comes from' })];
}

/** Opens `path` signed in and waits until the page and its late parts (API schemas) have rendered. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-auth-gate="open"] main').first()).toBeVisible();
  await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
}

async function shot(page: Page, name: string): Promise<void> {
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: unstable(page) });
}

/** A context that starts signed out: the runner's `browser.newContext` applies the `test.use` options. */
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext(SIGNED_OUT);
  await signInAt(await context.newPage());
  fs.mkdirSync('test-results', { recursive: true });
  await context.storageState({ path: SESSION });
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    // The reader's system setting; the site follows it (themeConfig.colorMode.respectPrefersColorScheme).
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });

    test('the sign-in page', async ({ browser }) => {
      const context = await browser.newContext(SIGNED_OUT);
      const page = await context.newPage();
      await page.goto('/login');
      await waitForGate(page);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await shot(page, `sign-in-${scheme}`);
      await context.close();
    });

    test.describe('signed in', () => {
      test.use({ storageState: SESSION });

      test('home', async ({ page }) => {
        await open(page, '/');
        await shot(page, `home-${scheme}`);
      });

      test('a doc page', async ({ page }) => {
        await open(page, '/docs/document_format/schema');
        await shot(page, `doc-${scheme}`);
      });

      test('the API reference landing page', async ({ page }) => {
        await open(page, '/api');
        await shot(page, `api-${scheme}`);
      });

      test('an operation page, above the fold and with the request builder open', async ({ page }) => {
        await open(page, '/api/v1/search-documents');
        await shot(page, `operation-${scheme}`);
        await openExplorer(page);
        await shot(page, `operation-explorer-${scheme}`);
      });

      test.describe('not found', () => {
        test.use({ allowedConsoleErrors: [/status of 404/] });
        test('the 404 page', async ({ page }) => {
          await open(page, '/no-such-page');
          await shot(page, `not-found-${scheme}`);
        });
      });

      test.describe('at 390 px', () => {
        test.use({ viewport: { width: 390, height: 844 } });
        test('the mobile menu', async ({ page }) => {
          await open(page, '/docs/document_format/schema');
          await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
          await expect(page.locator('.navbar-sidebar')).toBeVisible();
          await shot(page, `mobile-menu-${scheme}`);
        });
      });
    });
  });
}
