/**
 * "{product} SSO" end to end (spec §2.3, §3.2): the built portal served by `npm run serve` in
 * local mode, with the local OpenID Connect IdP (local/idp) behind the local hosted UI (local/hostedUi).
 * The hosted UI's self-signed certificate is trusted for these tests only (`ignoreHTTPSErrors`), as a
 * person trying it accepts the browser's warning once.
 */
import type { Page, Route } from '@playwright/test';
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { SSO_DEMO_PERSON } from '../../local/idp/default';
import { WRONG_CREDENTIALS } from '../../local/idp';
import { test, expect, waitForGate } from '../support/e2e';

test.use({ ignoreHTTPSErrors: true });

const HOSTED_UI = 'https://localhost:9230';
const DEEP_LINK = '/docs/services/interrogator?lang=python';
/** How the local pool names the federated user: `<provider>_<sub>`, as Cognito does. */
const FEDERATED_USERNAME = `RegData_${SSO_DEMO_PERSON.sub}`;

/** From the sign-in page, through the SSO button to the local IdP's login page. */
async function toIdp(page: Page): Promise<void> {
  await page.goto(DEEP_LINK);
  await waitForGate(page);
  // The form shows at the page's own address; the SSO button keeps it for the way back.
  await expect(page).toHaveURL(DEEP_LINK);
  await page.getByRole('button', { name: 'RegData SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
}

/** What the gate makes of this browser's cookies for a page: `signed-in`, or `anonymous` (the sign-in page). */
async function gateOf(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/docs/services/interrogator', { headers: { accept: 'text/html' } });
  return response.headers()['x-gate'];
}

async function idpSignIn(page: Page, password = SSO_DEMO_PERSON.password): Promise<void> {
  await page.getByLabel('Email').fill(SSO_DEMO_PERSON.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('deep link → SSO → local IdP → back on the same page, signed in as the federated user; Logout signs out', async ({
  page,
}) => {
  const authorize: URL[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${HOSTED_UI}/oauth2/authorize`)) authorize.push(new URL(request.url()));
  });
  await toIdp(page);
  // The outgoing request is Amplify's code flow with PKCE for the custom provider (spec §3.2).
  const params = authorize[0]!.searchParams;
  expect(params.get('identity_provider')).toBe('RegData');
  expect(params.get('client_id')).toBe(LOCAL_APP_CLIENT_ID);
  expect(params.get('redirect_uri')).toBe('http://localhost:3000/login');
  expect([params.get('response_type'), params.get('code_challenge_method')]).toEqual(['code', 'S256']);
  expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid']);

  // A wrong password stays on the IdP's page with its error.
  await idpSignIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();

  await idpSignIn(page);
  await expect(page).toHaveURL(`http://localhost:3000${DEEP_LINK}`);
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Interrogator/ })).toBeVisible();
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The tokens in the cookies belong to the federated user, and the server gate accepts them.
  const cookies = await page.context().cookies();
  expect(
    cookies.find((c) => c.name === `CognitoIdentityServiceProvider.${LOCAL_APP_CLIENT_ID}.LastAuthUser`)?.value,
  ).toBe(FEDERATED_USERNAME);
  const gated = await page.request.get('/docs/services/interrogator', { maxRedirects: 0 });
  expect([gated.status(), gated.headers()['x-gate']]).toEqual([200, 'signed-in']);
  await page.reload();
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();

  // Logout goes through the hosted UI's /logout back to the sign-in page, and the gate closes.
  await navbar.getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('[data-amplify-authenticator]')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await gateOf(page)).toBe('anonymous');
});

test('a tampered state coming back is refused, and the sign-in page says so', async ({ page }) => {
  // The browser follows the hosted UI's redirects itself (Playwright does not intercept redirected
  // requests), so the return URL is altered as the page loads, before Amplify reads it.
  await page.addInitScript(() => {
    const url = new URL(window.location.href);
    if (url.pathname === '/login' && url.searchParams.has('code')) {
      url.searchParams.set('state', 'forged-state');
      window.history.replaceState(null, '', url);
    }
  });
  await toIdp(page);
  await idpSignIn(page);
  await expect(page.getByText(/^Single sign-on did not complete: .+ Try again\.$/)).toBeVisible();
  await expect(page.locator('[data-amplify-authenticator]')).toBeVisible();
  expect(await gateOf(page)).toBe('anonymous');
});

test.describe('a tampered PKCE verifier', () => {
  // The hosted UI's 400 answer to the token request is logged by the browser.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('is refused by the token endpoint, and the sign-in page says so', async ({ page }) => {
    let refused: number | undefined;
    await page.route(`${HOSTED_UI}/oauth2/token`, async (route: Route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      form.set('code_verifier', `${form.get('code_verifier')}tampered`);
      const answer = await route.fetch({ postData: form.toString() });
      refused = answer.status();
      await route.fulfill({ response: answer });
    });
    await toIdp(page);
    await idpSignIn(page);
    await expect(page.getByText(/^Single sign-on did not complete: .+ Try again\.$/)).toBeVisible();
    expect(refused).toBe(400);
    expect(await gateOf(page)).toBe('anonymous');
  });
});
