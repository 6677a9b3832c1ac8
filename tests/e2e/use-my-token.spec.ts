/**
 * "Use my token": off by default; on, a doc page's samples and what Copy copies hold the
 * reader's API base URL and access token, and the copied curl runs as is against the sandbox (200); the
 * explorer's samples on an API page follow the same switch; the page's HTML and its Markdown copy never
 * hold a token; Logout turns the switch off.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, demoTokens, openExplorer, openSignedIn, signIn, SIGNED_IN, waitForGate } from '../support/e2e';

/** A JWT's shape: three base64url parts, the first from `{"` (`eyJ`). */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The first sample's switch on the page. */
const firstSwitch = (page: Page) => page.getByRole('switch', { name: 'Use my token' }).first();

/**
 * Runs a shell command exactly as copied, in a HOME of its own (no curl configuration of the machine's), and
 * returns what it printed. The samples' curl says `--fail-with-body`, so it exits non-zero (and this throws)
 * on any status of 400 or more.
 */
function runAsCopied(command: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'curl-home-'));
  try {
    return execFileSync('bash', ['-c', command], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

test('on a doc page, the copied curl with my token runs as is against the sandbox', async ({ page }) => {
  await page.goto('/docs/api/reference-data');
  await waitForGate(page);
  await signIn(page);
  const sample = page.locator('.api-sample').first();
  await expect(firstSwitch(page)).not.toBeChecked();
  await expect(sample.locator('pre')).toContainText('$TOKEN');

  await firstSwitch(page).check();
  // Every sample of the page follows the one choice.
  for (const toggle of await page.getByRole('switch', { name: 'Use my token' }).all())
    await expect(toggle).toBeChecked();
  await expect(sample.locator('pre')).toContainText(/Bearer eyJ/);
  await sample.getByRole('button', { name: /copy/i }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(JWT);
  expect(copied).toContain('curl -sS --fail-with-body http://localhost:4010/api/v1/customer/sectors');
  // The sectors, as the sandbox answers them with a success status.
  expect(Array.isArray(JSON.parse(runAsCopied(copied)))).toBe(true);

  // The choice holds on the next page, and Logout turns it off.
  await page.goto('/docs/api/sanctions');
  await expect(firstSwitch(page)).toBeChecked();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await signIn(page);
  await page.goto('/docs/api/reference-data');
  await expect(firstSwitch(page)).not.toBeChecked();
  await expect(page.locator('.api-sample pre').first()).not.toContainText(JWT);
});

test.describe(() => {
  test.use(SIGNED_IN);

  test('on a doc page, the Java and Go tabs show the request, highlighted, and my token once the switch is on', async ({
    page,
  }) => {
    await openSignedIn(page, '/docs/api/reference-data');
    const sample = page.locator('.api-sample').first();
    await sample.getByRole('tab', { name: 'Java' }).click();
    await expect(sample.locator('pre')).toContainText('public class ApiSample');
    await expect(sample.locator('pre')).toContainText('System.getenv("TOKEN")');
    // Highlighted: the Java grammar came with the tab.
    await expect(sample.locator('pre .token.keyword').first()).toHaveText('import');
    await firstSwitch(page).check();
    await expect(sample.locator('pre')).toContainText(/"Bearer eyJ/);
    await sample.getByRole('tab', { name: 'Go' }).click();
    await expect(sample.locator('pre')).toContainText('package main');
    await expect(sample.locator('pre')).toContainText(/req\.Header\.Add\("Authorization", "Bearer eyJ/);
  });

  test('on an API page, the explorer samples show my token only while the switch is on', async ({ page }) => {
    await openSignedIn(page, '/api/v1/list-sectors');
    await openExplorer(page);
    const snippets = page.locator('.openapi-explorer__code-block, .theme-code-block').first();
    await expect(snippets).toBeVisible();
    await expect(snippets).not.toContainText(JWT);
    await firstSwitch(page).check();
    await expect(snippets).toContainText(JWT);
    await firstSwitch(page).uncheck();
    await expect(snippets).not.toContainText(JWT);
  });
});

test('on an API page, the explorer shows the docs samples in five languages, and the copied curl with my token runs', async ({
  page,
}) => {
  await page.goto('/api/v1/list-sectors');
  await waitForGate(page);
  await signIn(page);
  await openExplorer(page);
  const tabs = page.locator('.openapi-tabs__code-list-container').first();
  await expect(tabs.getByRole('tab')).toHaveText(['curl', 'python', 'javascript', 'java', 'go']);
  const snippets = page.locator('.openapi-explorer__code-block').first();
  // The docs' own curl (rules/apiSample.ts), not postman's.
  await expect(snippets).toContainText('curl -sS --fail-with-body "$API_BASE/sectors"');
  // The arrow keys move between the tabs, and Enter picks one: Java, from the docs' generator, highlighted.
  await tabs.getByRole('tab', { name: 'curl' }).focus();
  for (let n = 0; n < 3; n += 1) await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'java', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(snippets).toContainText('public class ApiSample');
  await expect(snippets.locator('.token.keyword').first()).toHaveText('import');
  await tabs.getByRole('tab', { name: 'go' }).click();
  await expect(snippets).toContainText('requestUrl := os.Getenv("API_BASE") + "/sectors"');
  await tabs.getByRole('tab', { name: 'curl' }).click();
  await firstSwitch(page).check();
  await expect(snippets).toContainText(JWT);
  await snippets.getByRole('button', { name: /copy/i }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(Array.isArray(JSON.parse(runAsCopied(copied)))).toBe(true);
});

test('with the switch off, the HTML and the Markdown copies hold no token', async ({ request }) => {
  const { AccessToken } = await demoTokens();
  const headers = { authorization: `Bearer ${AccessToken}` };
  for (const url of [
    '/docs/api/reference-data',
    '/docs/api/reference-data.md',
    '/api/v1/list-sectors',
    '/api/v1/list-sectors.md',
    '/llms-full.txt',
    '/search-index.json',
  ]) {
    const response = await request.get(url, { headers });
    expect([url, response.status()]).toEqual([url, 200]);
    const text = await response.text();
    expect([url, JWT.test(text), text.includes(AccessToken)]).toEqual([url, false, false]);
  }
});
