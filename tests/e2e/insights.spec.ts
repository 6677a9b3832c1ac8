/**
 * Reader insights end to end, through the gate of `npm run serve` and its SQLite store (read here): a vote at
 * the end of a page is recorded once and can be changed, a comment is kept and its form gives way to the thanks, a search that finds nothing and a
 * failing try of an operation are recorded; anonymous requests get 401, an oversized body 413, a malformed one
 * or one about a route that is no page 400, one from another site's page 403; `DNT: 1` records nothing; no stored row holds an IP address, a token or the user's id; and `npm run
 * insights -- --json` reports those events.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { INSIGHTS_EVENTS_PATH, MAX_INSIGHTS_BODY_BYTES } from '../../rules/insights';
import { insightsFileOf } from '../../server/insights/sqliteStore';
import type { InsightRow } from '../../server/insights/store';
import type { InsightsReport } from '../../scripts/insights/report';
import { demoTokens, expect, openExplorer, openSignedIn, SIGNED_IN, test } from '../support/e2e';

const DATA_DIR = process.env.E2E_INSIGHTS_DATA_DIR!;

/** Every row the gate has kept so far. */
function storedRows(): InsightRow[] {
  const file = insightsFileOf(DATA_DIR);
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM events').all() as InsightRow[];
  } finally {
    db.close();
  }
}

const rowsOf = (route: string, event: string) =>
  storedRows().filter((row) => row.route === route && row.event === event);

test.describe(() => {
  test.use(SIGNED_IN);

  test('a vote at the end of a page is recorded once and can be changed, and a comment is kept', async ({ page }) => {
    const route = '/docs/document_format/schema';
    await openSignedIn(page, route);
    const question = page.getByRole('heading', { name: 'Was this page helpful?' });
    await question.scrollIntoViewIfNeeded();
    const group = page.getByRole('group', { name: 'Was this page helpful?' });
    await group.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your answer is recorded' })).toBeVisible();
    await expect(group.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => rowsOf(route, 'vote').map((row) => row.value)).toEqual(['yes']);

    // Changed with the keyboard: one vote per reader and page, the new one.
    await group.getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    await expect(group.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => rowsOf(route, 'vote').map((row) => row.value)).toEqual(['no']);

    const comment = 'The schema page does not say which fields can be null.';
    await page.getByLabel('What was missing or wrong? (optional)').fill(comment);
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your comment is sent' })).toBeVisible();
    await expect.poll(() => rowsOf(route, 'comment').map((row) => row.value)).toEqual([comment]);
    // The form gives way to the thanks: no emptied box and button inviting the same comment again.
    await expect(page.getByRole('textbox', { name: 'What was missing or wrong? (optional)' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send comment' })).toHaveCount(0);
    await expect(group.getByRole('button', { name: 'No' })).toBeFocused();

    // After a reload the page shows the reader's vote.
    await page.reload();
    await page.getByRole('heading', { name: 'Was this page helpful?' }).scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'No' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('a search that finds nothing is recorded with its query', async ({ page }) => {
    await openSignedIn(page, '/docs/services/interrogator');
    await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
    const query = 'zebra quokka tariffs';
    // The search bar loads on the shortcut and takes the focus (src/components/OnDemand).
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('Search')).toBeFocused();
    await page.keyboard.type(query, { delay: 30 });
    await expect
      .poll(
        () =>
          storedRows()
            .filter((row) => row.event === 'search-empty')
            .map((row) => row.value),
        { timeout: 15_000 },
      )
      .toContain(query);
    // Only the reader's last query, not each keystroke's.
    expect(
      storedRows().filter((row) => row.event === 'search-empty' && query.startsWith(row.value) && row.value !== query),
    ).toEqual([]);
  });
});

test.describe('a try of an operation', () => {
  // The browser logs the 422 it receives; here it is the answer under test.
  test.use({ allowedConsoleErrors: [/status of 422/], ...SIGNED_IN });

  test('that fails is recorded as its operation and status class', async ({ page }) => {
    const route = '/api/v1/count-documents';
    await openSignedIn(page, route);
    await openExplorer(page);
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{"sector": {"level_5": ["Banking"]}}');
    await page.getByRole('button', { name: 'Send API request' }).click();
    await expect(page.getByRole('tab', { name: '422', exact: true }).last()).toBeVisible();
    await expect
      .poll(() => rowsOf(route, 'try').map((row) => `${row.operation} ${row.value}`), { timeout: 15_000 })
      .toContain('countDocuments 4xx');
  });
});

test.describe('POST /insights/events', () => {
  const vote = (route: string) => JSON.stringify({ events: [{ type: 'vote', route, helpful: true }] });

  test('refuses anonymous requests (401), oversized bodies (413) and malformed ones (400, naming the field)', async ({
    playwright,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL: 'http://localhost:3000' });
    expect((await anonymous.post(INSIGHTS_EVENTS_PATH, { data: vote('/docs/anonymous') })).status()).toBe(401);
    await anonymous.dispose();

    const { AccessToken: accessToken } = await demoTokens();
    const script = await playwright.request.newContext({
      baseURL: 'http://localhost:3000',
      extraHTTPHeaders: { authorization: `Bearer ${accessToken}` },
    });
    const big = JSON.stringify({
      events: [{ type: 'comment', route: '/docs/x', text: 'x'.repeat(MAX_INSIGHTS_BODY_BYTES) }],
    });
    expect((await script.post(INSIGHTS_EVENTS_PATH, { data: big })).status()).toBe(413);
    const malformed = await script.post(INSIGHTS_EVENTS_PATH, {
      data: JSON.stringify({ events: [{ type: 'vote', route: '/docs/x', helpful: 'very' }] }),
    });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).message).toMatch(/^events\.0\.helpful: /);
    // Only the site's pages: a route the build has no page for is refused, naming the field.
    const elsewhere = await script.post(INSIGHTS_EVENTS_PATH, { data: vote('/docs/no-such-page') });
    expect(elsewhere.status()).toBe(400);
    expect((await elsewhere.json()).message).toMatch(/^events\.0\.route: not a page of this site/);
    // Only from the portal's own pages: another site's page is refused.
    const forged = await script.post(INSIGHTS_EVENTS_PATH, {
      data: vote('/docs/services/interrogator'),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status()).toBe(403);
    expect(rowsOf('/docs/services/interrogator', 'vote')).toEqual([]);
    expect((await script.post(INSIGHTS_EVENTS_PATH, { data: vote('/docs/services/interrogator') })).status()).toBe(204);
    await expect.poll(() => rowsOf('/docs/services/interrogator', 'vote').length).toBe(1);

    // DNT: 1 is answered as if recorded, and nothing is kept.
    expect(
      (await script.post(INSIGHTS_EVENTS_PATH, { data: vote('/docs/api/glossary'), headers: { dnt: '1' } })).status(),
    ).toBe(204);
    expect(rowsOf('/docs/api/glossary', 'vote')).toEqual([]);
    expect(rowsOf('/docs/anonymous', 'vote')).toEqual([]);
    await script.dispose();
  });

  test('the stored rows hold no IP address, token or user id', async () => {
    const { AccessToken: accessToken, IdToken: idToken } = await demoTokens();
    const sub = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sub as string;
    const rows = storedRows();
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    for (const secret of [sub, accessToken.slice(0, 40), idToken.slice(0, 40), 'demo@example.com', '127.0.0.1', '::1'])
      expect({ secret, kept: text.includes(secret) }).toEqual({ secret, kept: false });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'day',
      'event',
      'expires',
      'id',
      'operation',
      'reader',
      'route',
      'value',
    ]);
  });
});

test('npm run insights -- --json reports what the tests above recorded', () => {
  const run = spawnSync('npm', ['run', '-s', 'insights', '--', '--json'], {
    env: { ...process.env, INSIGHTS_DATA_DIR: DATA_DIR },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as InsightsReport;
  expect(report.leastHelpful).toContainEqual(
    expect.objectContaining({
      route: '/docs/document_format/schema',
      no: 1,
      comments: [
        expect.objectContaining({ text: 'The schema page does not say which fields can be null.', helpful: false }),
      ],
    }),
  );
  expect(report.emptySearches).toContainEqual(expect.objectContaining({ query: 'zebra quokka tariffs' }));
  expect(report.failingOperations).toContainEqual(
    expect.objectContaining({ operation: 'countDocuments', byStatus: expect.objectContaining({ '4xx': 1 }) }),
  );
  expect(report.mostRead).toContainEqual(expect.objectContaining({ route: '/docs/document_format/schema' }));
});

test('handbook/insights.md: every command block runs as written, in page order', () => {
  const page = fs.readFileSync(path.join(__dirname, '../../handbook/insights.md'), 'utf8');
  const blocks = [...page.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const outputs = blocks.map((block) =>
    // `bash -e`: each line must succeed, as a writer would see it succeed.
    execFileSync('bash', ['-e', '-c', block], {
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, INSIGHTS_DATA_DIR: DATA_DIR },
    }),
  );
  expect(outputs[0]).toMatch(/^\d+ events from \d+ reader keys\n$/);
  expect(outputs[1]).toContain('insights.html');
  expect(outputs[1]).toContain('insights.md');
});
