/**
 * An operation page as a reader uses it: the answer to "Send API request" shows in the page without a box
 * of its own to scroll; the method badge stays one word at 390 px; the request shown before the explorer
 * loads runs as shown (the contract’s example path value and body, not `{document_id}` or no body); and the
 * README’s step 2 names the buttons the page shows, in the order a reader presses them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, demoTokens, openExplorer, openSignedIn, SIGNED_IN } from '../support/e2e';

/** The sandbox API's base URL, as `npm run serve` starts it. */
const API_BASE = 'http://localhost:4010/api/v1/customer';

async function openOperation(page: Page, slug: string) {
  await page.goto(`/api/v1/${slug}`);
  await expect(page.locator('[data-auth-gate="open"] main').first()).toBeVisible();
  // Schemas and the explorer's preview render after hydration, behind skeletons (plugins/api-sections).
  await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
}

test.use(SIGNED_IN);

test('after "Send API request" on a short operation page, the answer shows in the page, in no box that scrolls on its own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOperation(page, 'list-doctypes');
  await openExplorer(page);
  await page.getByRole('button', { name: 'Send API request' }).click();
  const column = page.locator('.openapi-right-panel__container');
  await expect(column.getByRole('status').filter({ hasText: 'Response 200' })).toBeAttached();
  const answer = column.locator('.openapi-explorer__response-container pre code');
  await expect(answer).toContainText('Laws');
  await expect(answer).toBeInViewport();
  // Nothing around the answer scrolls by itself: the page's own scroll reaches all of it.
  const scrollers = await answer.evaluate((node) => {
    const found: string[] = [];
    for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
      const { overflowY } = getComputedStyle(box);
      if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight + 1)
        found.push(box.className);
    }
    return found;
  });
  expect(scrollers).toEqual([]);
});

test('at 390 px the method badge stays one word beside a wrapping path', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openOperation(page, 'search-documents');
  const badge = page.locator('.openapi__method-endpoint .badge').first();
  await expect(badge).toHaveText('POST');
  // One line box for the word: a badge broken as "POS" / "T" has two.
  const lines = await badge.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
});

/** The curl of the request shown before the explorer loads, as the page shows it. */
async function previewCurl(page: Page): Promise<string> {
  const preview = page.locator('.api-explorer-preview');
  await expect(preview.getByRole('button', { name: 'Open the request builder' })).toBeVisible();
  // Line by line, as shown: the code block's `innerText` doubles each line break (a block per line and a `<br>`).
  return preview
    .locator('pre code')
    .first()
    .evaluate((code) => Array.from(code.querySelectorAll('.token-line'), (line) => line.textContent ?? '').join('\n'));
}

/** Runs `command` with `$API_BASE` and `$TOKEN` set, in a HOME of its own; throws on an error status (--fail-with-body). */
function run(command: string, token: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'curl-home-'));
  try {
    return execFileSync('bash', ['-c', command], {
      env: { PATH: process.env.PATH, HOME: home, API_BASE, TOKEN: token },
      encoding: 'utf8',
    });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

test('the request shown before the explorer loads runs as shown: a POST with its body, a path with an example value', async ({
  page,
}) => {
  const { AccessToken } = await demoTokens();
  await openOperation(page, 'search-documents');
  const search = await previewCurl(page);
  expect(search).toMatch(/--data '\{\s+"publishers"/);
  expect(Array.isArray(JSON.parse(run(search, AccessToken)))).toBe(true);

  await openOperation(page, 'get-document');
  const document = await previewCurl(page);
  expect(document).not.toContain('{document_id}');
  expect(JSON.parse(run(document, AccessToken))).toMatchObject({ document_id: expect.any(String) });
});

/** The README's "What to try" step 2: the operation it picks and the buttons it says to press, in order. */
function readmeStepTwo(): { operation: string; buttons: string[] } {
  const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  const step = readme.slice(readme.indexOf('\n2. Open `/api`'), readme.indexOf('\n3. ')).replace(/\s+/g, ' ');
  const quoted = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  const pressed = step.slice(step.indexOf(' press '), step.indexOf('":') + 1);
  return { operation: quoted(step.slice(step.indexOf('for example')))[0], buttons: quoted(pressed) };
}

test('the README’s step 2, followed as written, gets the sandbox’s answer', async ({ page }) => {
  const { operation, buttons } = readmeStepTwo();
  expect(buttons.length, 'README step 2 names the buttons to press').toBeGreaterThan(0);
  await openSignedIn(page, '/api');
  // Picked as a reader picks it: in the sidebar, under its group.
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Documents', exact: true }).click();
  await sidebar.getByRole('link', { name: operation, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: operation })).toBeVisible();
  for (const name of buttons) await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Response 200' })).toBeAttached();
});
