/**
 * The API's OpenAPI description to download (issue #27, spec §7.1 `/api/v1/openapi.json`): the bundled
 * contract the reference is built from, as JSON and YAML, for signed-in readers and scripts with their access
 * token only, linked from the `/api` landing page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { BUNDLED_SPEC_PATH, DESCRIPTION_DOWNLOADS } from '../../config/openapi';
import { test, expect, signIn, waitForGate, demoTokens } from './fixtures';

const BUNDLED = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', BUNDLED_SPEC_PATH), 'utf8')) as unknown;
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

test('the /api landing page links both downloads, and a signed-in reader gets them', async ({ page }) => {
  await page.goto('/api');
  await waitForGate(page);
  await signIn(page);
  for (const [name, url] of [
    ['openapi.json', DESCRIPTION_DOWNLOADS.json],
    ['openapi.yaml', DESCRIPTION_DOWNLOADS.yaml],
  ]) {
    const link = page.getByRole('main').getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', url);
    const response = await page.request.get(url);
    expect([url, response.status()]).toEqual([url, 200]);
  }
});
