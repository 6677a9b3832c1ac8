/**
 * "Try it" carries the signed-in user's token: after sign-in, an operation page's bearer
 * field already holds the user's access token, which verifies against the local identity service's
 * JWKS; after Logout and a new sign-in it holds the new token, and no token is left in storage.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Page } from '@playwright/test';
import { LOCAL_APP_CLIENT_ID, LOCAL_USER_POOL_ID } from '../../config/env';
import { test, expect, openExplorer, signIn, waitForGate } from '../support/e2e';

const ISSUER = `http://localhost:9229/${LOCAL_USER_POOL_ID}`;

async function verifyAccessToken(token: string) {
  const verifier = JwtRsaVerifier.create({ issuer: ISSUER, audience: null, customJwtCheck: undefined });
  // The local JWKS is served over plain http, so it is loaded here and cached (aws-jwt-verify docs).
  verifier.cacheJwks(await (await fetch(`${ISSUER}/.well-known/jwks.json`)).json());
  const payload = await verifier.verify(token);
  expect(payload).toMatchObject({ token_use: 'access', client_id: LOCAL_APP_CLIENT_ID, username: 'demo@example.com' });
}

const bearerField = (page: Page) => page.getByPlaceholder('Bearer Token');

// Logout here happens on an operation page with its explorer open: a request the page has in flight when
// Logout clears the session can be answered 401, which Chromium logs as an error. This test is about the
// explorer's token, so it allows that one message; the other tests that log out allow none.
test.use({
  allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/],
});

test('the API explorer holds the signed-in user token, and a new one after signing in again', async ({ page }) => {
  await page.goto('/api/v1/get-document');
  await waitForGate(page);
  await signIn(page);
  await openExplorer(page);

  await expect(bearerField(page)).not.toHaveValue('');
  const first = await bearerField(page).inputValue();
  await verifyAccessToken(first);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('bearerAuth'))).toBeNull();

  await signIn(page);
  await openExplorer(page);
  await expect(bearerField(page)).not.toHaveValue('');
  await expect(bearerField(page)).not.toHaveValue(first);
  await verifyAccessToken(await bearerField(page).inputValue());

  // A fresh page load of another operation starts with the token too.
  await page.goto('/api/v1/count-documents');
  await openExplorer(page);
  await expect(bearerField(page)).not.toHaveValue('');
  await verifyAccessToken(await bearerField(page).inputValue());
});
