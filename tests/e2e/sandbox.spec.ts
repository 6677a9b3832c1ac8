/**
 * "Send API request" answers: signed in, every operation page of the reference sends its
 * request, as the page first offers it, to the local sandbox API with the user's own token, and gets a
 * documented success; the panel shows it. An invalid body shows the contract's 422. On the way, every
 * Markdown text of every operation page shows the HTML the build rendered, so none of them
 * loads the theme's Markdown renderer. The tests start from the demo user's session; the reader loads the first
 * operation page and reaches the others as a click on a link does, without loading the site again.
 */
import type { Page } from '@playwright/test';
import { findOperation } from '../../rules/contract';
import { NOT_PRERENDERED } from '../../rules/markdownHtml';
import { allOperations, contract } from '../../scripts/docs-check/contract';
import { test, expect, follow, openExplorer, openSignedIn, SIGNED_IN } from '../support/e2e';

const SANDBOX = 'http://localhost:4010/api/v1/customer';

test.use(SIGNED_IN);

/** Presses "Send API request" and returns the sandbox's answer (before any redirect is followed). */
async function send(page: Page, method: string) {
  const answered = page.waitForResponse((r) => r.url().startsWith(SANDBOX) && r.request().method() === method);
  await page.getByRole('button', { name: 'Send API request' }).click();
  return answered;
}

test('every operation, sent as its page offers it, gets a documented success from the sandbox', async ({ page }) => {
  test.setTimeout(180_000);
  const operations = allOperations();
  // Each operation of the contract (openapi/__tests__/spec-7.1.test.ts holds it to spec §7.1's table).
  expect(operations.length).toBeGreaterThan(0);
  const answers: string[] = [];
  const notPrerendered: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith(NOT_PRERENDERED))
      notPrerendered.push(`${new URL(page.url()).pathname}: ${message.text().slice(NOT_PRERENDERED.length)}`);
  });
  for (const [index, { method, template, slug }] of operations.entries()) {
    if (index === 0) await openSignedIn(page, `/api/v1/${slug}`);
    else await follow(page, `/api/v1/${slug}`);
    // Every section (parameters, body, responses) has rendered its texts.
    await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
    await openExplorer(page);
    const response = await send(page, method);
    const path = new URL(response.url()).pathname.slice('/api/v1/customer'.length);
    const documented = Object.keys(findOperation(contract, method, path)?.operation.responses ?? {});
    expect((await response.request().allHeaders()).authorization, slug).toMatch(/^Bearer ey/);
    const status = response.status();
    // A failure says what was sent and what came back.
    const why =
      status >= 400 ? ` ${response.url()} ${response.request().postData() ?? ''} ${await response.text()}` : '';
    answers.push(
      `${method} ${template} → ${status}${documented.includes(String(status)) ? '' : ' (undocumented)'}${why}`,
    );
  }
  expect(answers.filter((a) => !/→ (200|202|307)$/.test(a))).toEqual([]);
  expect(
    notPrerendered,
    'texts the build did not render to HTML (scripts/openapi/markdownHtml.ts collects them from the contract; ' +
      'a "Possible values" line here means the theme now writes it from something else): each loads the ' +
      "theme's Markdown renderer on its page",
  ).toEqual([]);
});

test.describe('the response panel', () => {
  // The browser logs the 422 it receives; here it is the answer under test.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test('shows the answer, and an invalid body gets the 422 the contract documents', async ({ page }) => {
    await openSignedIn(page, '/api/v1/list-doctypes');
    await openExplorer(page);
    await expect((await send(page, 'GET')).status()).toBe(200);
    await expect(page.getByRole('tab', { name: '200', exact: true }).last()).toBeVisible();
    await expect(
      page.locator('.openapi-response__status-code').getByText('International supervisory standards'),
    ).toBeVisible();

    await page.goto('/api/v1/count-documents');
    await openExplorer(page);
    // The body editor is react-live's contentEditable <pre>: select what it holds and type over it.
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{"sector": {"level_5": ["Banking"]}}');
    expect((await send(page, 'POST')).status()).toBe(422);
    await expect(page.getByRole('tab', { name: '422', exact: true }).last()).toBeVisible();
    await expect(page.locator('.openapi-response__status-code').getByText('level_5')).toBeVisible();
  });
});
