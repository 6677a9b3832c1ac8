/**
 * The API's OpenAPI description to download (spec §7.1 `/api/v1/openapi.json`): the bundled
 * contract the reference is built from, as JSON and YAML, with its Postman collection and TypeScript types, for
 * signed-in readers and scripts with their access token only, linked from the `/api` landing page, where a click
 * saves the file and the curl names this portal; and the API changelog with its feeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  BUNDLED_SPEC_PATH,
  CLIENT_TYPES_PATH,
  DESCRIPTION_DOWNLOADS,
  POSTMAN_COLLECTION_PATH,
} from '../../config/openapi';
import { CHANGELOG_FEEDS, readChangelog } from '../../scripts/openapi/changelog';
import { test, expect, signIn, waitForGate, demoTokens, openSignedIn, SIGNED_IN } from '../support/e2e';
import { withoutSourceNote } from '../../scripts/openapi/sourceNote';
import type { OpenApiDocument } from '../../rules/contract';

// The download is the bundled description without the /api landing page's note on how the reference was built.
const BUNDLED = withoutSourceNote(
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', BUNDLED_SPEC_PATH), 'utf8')) as OpenApiDocument,
);
const URLS = Object.values(DESCRIPTION_DOWNLOADS);

test('the description downloads as JSON and YAML with an access token, and not without one', async ({ request }) => {
  for (const url of URLS) {
    const anonymous = await request.get(url, { maxRedirects: 0 });
    expect([url, anonymous.status(), await anonymous.text()]).toEqual([url, 401, '']);
  }
  const { AccessToken } = await demoTokens();
  const headers = { authorization: `Bearer ${AccessToken}` };
  const json = await request.get(DESCRIPTION_DOWNLOADS.json, { headers });
  expect(json.status()).toBe(200);
  expect(json.headers()['content-type']).toMatch(/^application\/json/);
  expect(await json.json()).toEqual(BUNDLED);
  const yaml = await request.get(DESCRIPTION_DOWNLOADS.yaml, { headers });
  expect(yaml.status()).toBe(200);
  expect(parse(await yaml.text())).toEqual(BUNDLED);
});

test('the Postman collection and the TypeScript types download with an access token, and not without one', async ({
  request,
}) => {
  for (const url of [POSTMAN_COLLECTION_PATH, CLIENT_TYPES_PATH]) {
    const anonymous = await request.get(url, { maxRedirects: 0 });
    expect([url, anonymous.status(), await anonymous.text()]).toEqual([url, 401, '']);
  }
  const { AccessToken } = await demoTokens();
  const headers = { authorization: `Bearer ${AccessToken}` };
  const collection = await request.get(POSTMAN_COLLECTION_PATH, { headers });
  expect(collection.status()).toBe(200);
  expect((await collection.json()).info.schema).toBe(
    'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  );
  const types = await request.get(CLIENT_TYPES_PATH, { headers });
  expect(types.status()).toBe(200);
  expect(await types.text()).toContain('export interface paths {');
});

test.describe(() => {
  test.use(SIGNED_IN);

  test('the /api landing page links the downloads, and a signed-in reader gets them', async ({ page }) => {
    await openSignedIn(page, '/api');
    for (const [name, url] of [
      ['openapi.json', DESCRIPTION_DOWNLOADS.json],
      ['openapi.yaml', DESCRIPTION_DOWNLOADS.yaml],
      ['customer-api.postman_collection.json', POSTMAN_COLLECTION_PATH],
      ['customer-api.d.ts', CLIENT_TYPES_PATH],
    ]) {
      const link = page.getByRole('main').getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', url);
      const response = await page.request.get(url);
      expect([url, response.status()]).toEqual([url, 200]);
    }
  });

  test('on /api, a click on openapi.json saves the file, not a new tab; the curl names this portal; no empty contact', async ({
    page,
  }) => {
    await openSignedIn(page, '/api');
    const main = page.getByRole('main');
    const tabs: string[] = [];
    page.context().on('page', (opened) => tabs.push(opened.url()));
    const saved = page.waitForEvent('download');
    await main.getByRole('link', { name: 'openapi.json', exact: true }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('openapi.json');
    expect(JSON.parse(fs.readFileSync(await download.path(), 'utf8'))).toEqual(BUNDLED);
    expect(tabs).toEqual([]);
    await expect(page).toHaveURL(/\/api$/);
    // The script's command fetches from the portal the reader is on.
    await expect(main.locator('pre').filter({ hasText: 'openapi.json' })).toContainText(
      'curl -H "Authorization: Bearer $TOKEN" "http://localhost:3000/api/v1/openapi.json"',
    );
    await expect(main).not.toContainText('<portal host>');
    // Without a contact address (local mode) the page names no contact with nothing after it.
    await expect(main).not.toContainText(/API access:\s*$/m);
    await expect(main.getByRole('heading', { name: 'Contact', exact: true })).toHaveCount(0);
  });
});

test('the API changelog is a page of /api with Atom and RSS feeds, gated like the rest', async ({ page, request }) => {
  for (const url of Object.values(CHANGELOG_FEEDS)) {
    expect([url, (await request.get(url, { maxRedirects: 0 })).status()]).toEqual([url, 401]);
  }
  const { AccessToken } = await demoTokens();
  const atom = await request.get(CHANGELOG_FEEDS.atom, { headers: { authorization: `Bearer ${AccessToken}` } });
  expect(atom.status()).toBe(200);
  const newest = readChangelog(path.resolve(__dirname, '../..')).entries[0];
  expect(await atom.text()).toContain(`/api/changelog#${newest.date}</id>`);

  await page.goto('/api');
  await waitForGate(page);
  await signIn(page);
  await page.getByRole('main').getByRole('link', { name: 'API changelog' }).click();
  await expect(page).toHaveURL(/\/api\/changelog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API changelog' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: newest.date })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', CHANGELOG_FEEDS.atom);
  // In the API sidebar too.
  await expect(
    page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Changelog' }),
  ).toBeVisible();
});
