/**
 * The server gate in the browser: a deep link shows an anonymous visitor the sign-in form at its own
 * address, then the page; after Logout the same URL is gated again; an expired session with a refresh
 * token is renewed by the sign-in page without asking for the password.
 */
import { LOCAL_APP_CLIENT_ID, REFRESH_TOKEN_VALIDITY_DAYS } from '../../config/env';
import { mintToken } from '../support/gate';
import { test, expect, signIn, signInAt, waitForGate, demoTokens, DEMO_USER } from '../support/e2e';

const DEEP_LINK = '/docs/domains/Our%20domains%20and%20themes';

test('a deep link shows the sign-in form at its address, then that page, and Logout gates it again', async ({
  page,
}) => {
  const response = await page.goto(DEEP_LINK);
  expect([response?.status(), response?.headers()['x-gate']]).toEqual([200, 'anonymous']);
  await waitForGate(page);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(DEEP_LINK);
  await signIn(page);
  await expect(page).toHaveURL(DEEP_LINK);
  await expect(page.getByRole('heading', { level: 1, name: 'Our domains and themes' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name.endsWith('.accessToken'))).toEqual([]);
  await page.goto(DEEP_LINK);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(DEEP_LINK);
});

test('session cookies are Secure, SameSite=Strict and last no longer than the refresh token', async ({ page }) => {
  await signInAt(page);
  const tokens = (await page.context().cookies()).filter((c) => c.name.startsWith('CognitoIdentityServiceProvider.'));
  expect(tokens.map((c) => c.name.split('.').pop()).sort()).toEqual(
    ['LastAuthUser', 'accessToken', 'clockDrift', 'idToken', 'refreshToken', 'signInDetails'].sort(),
  );
  const latest = Date.now() / 1000 + REFRESH_TOKEN_VALIDITY_DAYS * 86_400 + 60;
  for (const cookie of tokens) {
    expect([cookie.name, cookie.secure, cookie.sameSite]).toEqual([cookie.name, true, 'Strict']);
    expect(cookie.expires).toBeLessThanOrEqual(latest);
  }
});

test('a link from another site still reaches the page: the sign-in page finds the session and moves on', async ({
  page,
}) => {
  await signInAt(page);
  // A page of no site (as a mail client or another site would be): its link is a cross-site navigation,
  // which carries no SameSite=Strict cookie, so the gate answers with the sign-in page, which finds the session.
  await page.goto('about:blank');
  await page.setContent(`<a href="http://localhost:3000${DEEP_LINK}">Our domains</a>`);
  await page.getByRole('link', { name: 'Our domains' }).click();
  await expect(page).toHaveURL(DEEP_LINK);
  await expect(page.getByRole('heading', { level: 1, name: 'Our domains and themes' })).toBeVisible();
});

test('an expired session is renewed on the sign-in page without the password', async ({ page, context }) => {
  const { IdToken, RefreshToken } = await demoTokens();
  const now = Math.floor(Date.now() / 1000);
  const expired = mintToken({ iat: now - 7200, exp: now - 3600 });
  const prefix = `CognitoIdentityServiceProvider.${LOCAL_APP_CLIENT_ID}`;
  const user = encodeURIComponent(DEMO_USER.username);
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: 'localhost',
    path: '/',
    secure: true,
    sameSite: 'Strict' as const,
  });
  await context.addCookies([
    cookie(`${prefix}.LastAuthUser`, user),
    cookie(`${prefix}.${user}.accessToken`, expired),
    cookie(`${prefix}.${user}.idToken`, IdToken),
    cookie(`${prefix}.${user}.refreshToken`, RefreshToken),
  ]);

  await page.goto('/docs/services/interrogator');
  await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
  await expect(page).toHaveURL('/docs/services/interrogator');
  const renewed = (await context.cookies()).find((c) => c.name === `${prefix}.${user}.accessToken`);
  expect(renewed?.value).not.toBe(expired);
});
