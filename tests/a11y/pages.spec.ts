/**
 * WCAG 2.2 AA: no serious or critical axe finding on any route of spec §2.1, any API
 * operation page, any doc, the not-found page, the sign-in page or any sign-in view, an operation page's
 * explorer opened and answered, in light and dark, at 1280 px and 390 px (./audit.ts says which rules run in
 * which combination); and the sign-in card and the announcement bar take the scheme's background. Moderate and
 * minor findings are attached to the report. Two pages are audited at a time (axe runs inside the page). Each tab
 * loads its first page and reaches the others as a reader following links does, without loading the site again
 * (Docusaurus is a single-page app): the audit reads each page once it has rendered and settled.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from '@playwright/test';
import { TEST_PASSWORD, TEST_USERS } from '../../local/identity/testUsers';
import { allOperations } from '../../scripts/docs-check/contract';
import {
  audit,
  backgroundLuminance,
  blocking,
  countByRule,
  EVERY_PASS,
  lines,
  PAGE_PASSES,
  type Finding,
} from './audit';
import { test, expect, follow, openExplorer, waitForGate, type Session } from '../support/e2e';
import { SPEC_ROUTES, urlOf } from '../e2e/routes';

/** Every page to audit signed in: spec §2.1's routes, each operation, every doc (from the sitemap), a 404. */
function signedInPages(): string[] {
  const sitemap = fs.readFileSync(path.resolve(__dirname, '../../build/sitemap.xml'), 'utf8');
  const docs = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/docs\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  const pages = [
    ...SPEC_ROUTES.map(urlOf),
    ...allOperations().map(({ slug }) => `/api/v1/${slug}`),
    ...docs,
    '/accessibility',
    '/no-such-page',
  ];
  return [...new Set(pages)];
}

/** One page of each layout, audited in all four combinations of width and scheme (see PAGE_PASSES). */
const LAYOUTS = new Set([
  '/',
  '/docs/api/getting-started',
  '/api',
  '/api/v1/search-documents',
  '/blog/welcome',
  '/blog',
  '/no-such-page',
]);

/** Page titles by path, collected while auditing (WCAG SC 2.4.2: each page's title says what it is). */
const titles = new Map<string, string>();

/** The requests `page` has sent and not yet seen answered (or failed), kept up to date from now on. */
function requestsInFlight(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}

/** How long the network stays quiet before a page counts as settled, in ms: Playwright's `networkidle`. */
const QUIET_MS = 500;

/**
 * Waits until none of `open` has been in flight for {@link QUIET_MS}: what `waitForLoadState('networkidle')`
 * waits for after a load, which a navigation inside the app does not start again.
 */
async function networkQuiet(open: Set<Request>): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= QUIET_MS;
      },
      { message: 'the network goes quiet', intervals: [100] },
    )
    .toBe(true);
}

/**
 * Audits `paths` on `pages.length` pages at once, each page taking the next path: its first by loading it,
 * the others by `follow`.
 */
async function auditAll(pages: Page[], paths: string[]): Promise<Finding[]> {
  const queue = [...paths];
  const findings: Finding[] = [];
  await Promise.all(
    pages.map(async (page) => {
      const open = requestsInFlight(page);
      let loaded = false;
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        await page.setViewportSize({ width: 1280, height: 900 });
        if (loaded) await follow(page, next);
        else await page.goto(next);
        loaded = true;
        await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
        await networkQuiet(open);
        // The API pages render their schemas after hydration, in slices (plugins/api-sections),
        // and correct the theme's list markup a frame after each (src/lib/apiMarkup.ts).
        await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
        // The route progress bar (plugins/progress-on-demand) is gone once a navigation has ended.
        await expect(page.locator('#nprogress')).toHaveCount(0);
        findings.push(...(await audit(page, decodeURI(next), LAYOUTS.has(next) ? EVERY_PASS : PAGE_PASSES)));
        // Read once the page has settled: the API pages render again after hydration, and their title
        // is the site's alone for a moment meanwhile.
        titles.set(next, await page.title());
      }
    }),
  );
  return findings;
}

function report(findings: Finding[]) {
  test.info().annotations.push({ type: 'axe findings by rule', description: JSON.stringify(countByRule(findings)) });
  const minor = findings.filter((f) => !blocking([f]).length);
  if (minor.length) test.info().annotations.push({ type: 'moderate and minor', description: lines(minor).join('\n') });
  expect(lines(blocking(findings))).toEqual([]);
}

/** Two pages of a context signed in as the demo user. */
async function twoPages(browser: Browser, session: Session): Promise<Page[]> {
  const context = await browser.newContext({ storageState: session });
  return [await context.newPage(), await context.newPage()];
}

test('every page, signed in, light and dark, 1280 and 390 px: no serious or critical axe finding', async ({
  browser,
  demoSession,
}) => {
  test.setTimeout(600_000);
  const pages = await twoPages(browser, demoSession);
  report(await auditAll(pages, signedInPages()));
  await pages[0].context().close();
  // Every page has a title of its own.
  const byTitle = new Map<string, string[]>();
  for (const [path, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
  expect([...byTitle].filter(([, paths]) => paths.length > 1)).toEqual([]);
});

/** The sign-in page and each view of spec §2.3, reached as a user reaches it. */
const VIEWS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'sign-in', open: async () => {} },
  {
    name: 'forgot password',
    open: async (page) => {
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    },
  },
  ...(
    [
      ['new password', TEST_USERS.newPasswordView, { name: 'Change Password', exact: true }],
      ['TOTP code', TEST_USERS.totp, { name: 'Confirm TOTP code', exact: true }],
      ['SMS code', TEST_USERS.sms, { name: 'Confirm SMS code', exact: true }],
    ] as const
  ).map(([name, username, heading]) => ({
    name,
    open: async (page: Page) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', heading)).toBeVisible();
    },
  })),
  {
    name: 'verify contact',
    open: async (page) => {
      await page.getByLabel('Username').fill(TEST_USERS.unverified);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
    },
  },
];

test('the sign-in page and every sign-in view, light and dark, 1280 and 390 px: no serious or critical axe finding', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  for (const view of VIEWS) {
    // Each view starts signed out, in its own context (the verify view ends signed in).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await waitForGate(page);
    await view.open(page);
    findings.push(...(await audit(page, `sign-in: ${view.name}`)));
    await context.close();
  }
  report(findings);
});

test('"Was this page helpful?" after a vote, with its comment form and status: no serious or critical axe finding', async ({
  browser,
  demoSession,
}) => {
  const [page] = await twoPages(browser, demoSession);
  // A page the insights e2e test does not vote on (both runs share the store and the demo user).
  await page.goto('/docs/services/interrogator');
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  const group = page.getByRole('group', { name: 'Was this page helpful?' });
  await group.scrollIntoViewIfNeeded();
  await group.getByRole('button', { name: 'No' }).click();
  await expect(page.getByLabel('What was missing or wrong? (optional)')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'your answer is recorded' })).toBeVisible();
  // Audited from the top, as every page is: scrolled down, the sticky navbar covers the sidebar's first links.
  await page.evaluate(() => window.scrollTo(0, 0));
  report(await audit(page, 'page feedback', EVERY_PASS));
  await page.context().close();
});

test('an operation page with its explorer opened and answered, light and dark, 1280 and 390 px: no serious or critical axe finding', async ({
  browser,
  demoSession,
}) => {
  const context = await browser.newContext({ storageState: demoSession });
  const page = await context.newPage();
  await page.goto('/api/v1/list-doctypes');
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
  await openExplorer(page);
  await page.getByRole('button', { name: 'Send API request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Response 200' })).toBeAttached();
  await expect(page.locator('.openapi-explorer__response-container pre code')).toContainText('Laws');
  // Audited from the top, as every page is: scrolled down, the sticky navbar covers the sidebar's first links.
  await page.evaluate(() => window.scrollTo(0, 0));
  report(await audit(page, 'explorer answered: /api/v1/list-doctypes', EVERY_PASS));
  await context.close();
});

test('the sign-in card and the announcement bar take the colour scheme, light and dark, 1280 and 390 px: no serious or critical axe finding', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await waitForGate(page);
  const parts = {
    'sign-in card': page.locator('[data-amplify-router]'),
    'announcement bar': page.locator('.theme-announcement-bar'),
  };
  const findings: Finding[] = [];
  for (const pass of EVERY_PASS) {
    findings.push(...(await audit(page, 'sign-in card and announcement bar', [pass])));
    for (const [name, part] of Object.entries(parts)) {
      await expect(part).toBeVisible();
      // Dark in the dark scheme, light in the light one (as the page behind them is).
      const follows = (luminance: number) => (pass.scheme === 'dark' ? luminance < 0.2 : luminance > 0.8);
      await expect
        .poll(async () => follows(await backgroundLuminance(part)), {
          message: `${name} (${pass.scheme}, ${pass.width} px) has the ${pass.scheme} scheme's background`,
        })
        .toBe(true);
    }
  }
  report(findings);
  await context.close();
});
