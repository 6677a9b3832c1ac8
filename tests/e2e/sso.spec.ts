/**
 * The "{product} SSO" button (spec §2.3, §3.2; issue #6) starts the OAuth code flow with PKCE at the
 * user pool's hosted UI for the custom identity provider. The e2e build configures a hosted-UI domain
 * and provider (package.json `test:e2e`); the request leaving the browser is checked by intercepting
 * the navigation, since no hosted UI runs locally.
 */
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { test, expect, waitForGate } from './fixtures';

const E2E_OAUTH_DOMAIN = 'auth.portal.test';
const E2E_CUSTOM_PROVIDER = 'RegDataIdP';

test('the SSO button sends the browser to the hosted UI with the custom provider, code flow and PKCE', async ({
  page,
}) => {
  let authorize: URL | undefined;
  await page.route(`https://${E2E_OAUTH_DOMAIN}/**`, async (route) => {
    authorize = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Hosted UI</p>' });
  });
  await page.goto('/docs/services/interrogator');
  await waitForGate(page);
  await page.getByRole('button', { name: 'RegData SSO' }).click();
  await expect(page.getByText('Hosted UI')).toBeVisible();

  expect(authorize?.host).toBe(E2E_OAUTH_DOMAIN);
  expect(authorize?.pathname).toBe('/oauth2/authorize');
  const params = authorize!.searchParams;
  expect(params.get('identity_provider')).toBe(E2E_CUSTOM_PROVIDER);
  expect(params.get('client_id')).toBe(LOCAL_APP_CLIENT_ID);
  expect(params.get('redirect_uri')).toBe('http://localhost:3000/');
  expect(params.get('response_type')).toBe('code');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid']);
});
