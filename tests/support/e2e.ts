/**
 * The end-to-end fixtures the Playwright suites share (e2e, a11y, visual, e2e-mfa): every test fails on a browser
 * console error or an uncaught page error (CONTRIBUTING.md "For engineers"), and `signIn` signs in through the
 * real form against the local identity service.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { initiateAuth } from '../../scripts/initiateAuth';

/** The demo user seeded by the local identity service; local service only. */
export const DEMO_USER = { username: 'demo@example.com', password: 'DemoPassw0rd!' };

interface Fixtures {
  /** Console error texts matching one of these are expected by the test (e.g. a 404 document). */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, provide) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowedConsoleErrors.some((re) => re.test(message.text()))) {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await provide(page);
    expect(errors, 'browser console errors').toEqual([]);
  },
});

export { expect };

/** Waits until the gate has decided: either the sign-in form or the page is showing. */
export async function waitForGate(page: Page): Promise<void> {
  await expect(page.locator('[data-amplify-authenticator], [data-auth-gate="open"]').first()).toBeVisible();
}

/** Signs in through the Authenticator form and waits until back on the page behind the gate. */
export async function signIn(page: Page, user = DEMO_USER): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  // The form showed at the page's address (or at /login?next=…, which signing in leaves for `next`).
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Opens `path` (default the sign-in page), waits for the gate and signs in there. */
export async function signInAt(page: Page, path = '/login', user = DEMO_USER): Promise<void> {
  await page.goto(path);
  await waitForGate(page);
  await signIn(page, user);
}

/** Cognito's tokens of an `InitiateAuth` answer. */
export interface CognitoTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

/**
 * Signs `user` in against the local identity service without a browser (Cognito `InitiateAuth`,
 * `USER_PASSWORD_AUTH`), as a script would with the AWS CLI, and returns the tokens.
 *
 * @throws {Error} with the service's answer when it refuses.
 */
export async function demoTokens(user = DEMO_USER): Promise<CognitoTokens> {
  const { status, answer } = await initiateAuth(
    'http://localhost:9229/',
    LOCAL_APP_CLIENT_ID,
    user.username,
    user.password,
  );
  if (status !== 200 || !answer.AuthenticationResult) throw new Error(`InitiateAuth: ${JSON.stringify(answer)}`);
  return answer.AuthenticationResult;
}

/**
 * Opens the request builder of the current operation page. It loads on demand: pointing at
 * the placeholder already asks for it, so the explorer can replace the "Open the request builder" button
 * while Playwright's click is on its way; the click is then retried only while the button is still there.
 */
export async function openExplorer(page: Page): Promise<void> {
  const open = page.getByRole('button', { name: 'Open the request builder' });
  const sendButton = page.getByRole('button', { name: 'Send API request' });
  await expect(async () => {
    if (!(await sendButton.isVisible())) await open.click({ timeout: 5_000 });
    await expect(sendButton).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}
