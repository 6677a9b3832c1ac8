/**
 * The sign-in views and flows of spec §2.3, §4, §5.2 and §8.2, against the local identity
 * service and its seeded test users (local/identity/testUsers.ts). Codes are read from the service's
 * inbox at `/_local/messages`, as a user would read their email.
 */
import type { Page } from '@playwright/test';
import { generate } from 'cognito-local/lib/services/totp';
import { TEST_PASSWORD, TEST_SMS_PHONE, TEST_TOTP_SECRET, TEST_USERS } from '../../local/identity/testUsers';
import { test, expect, signIn, waitForGate } from '../support/e2e';

const INBOX = 'http://localhost:9229/_local/messages';

/** The newest code delivered to `destination` after `since` (ISO time). */
async function codeFor(destination: string, since: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const messages = (await (await fetch(INBOX)).json()) as { destination: string; code: string; at: string }[];
    const found = messages.filter((m) => m.destination === destination && m.at >= since).at(-1);
    if (found) return found.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code delivered to ${destination}`);
}

/** Opens a page anonymously: the sign-in form shows at its address, and every flow ends on that page. */
async function openSignIn(page: Page) {
  await page.goto('/docs/services/interrogator');
  await waitForGate(page);
  await expect(page).toHaveURL('/docs/services/interrogator');
}

async function submitCredentials(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signedIn(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
  await expect(page).toHaveURL('/docs/services/interrogator');
}

test.describe('wrong answers from the identity service', () => {
  // A refused call is a 400 the browser logs; the user sees the alert, which is what is tested.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('forgot password: code from the inbox, the new password works and the old one no longer does', async ({
    page,
  }) => {
    const newPassword = 'N3w-Passw0rd!';
    await openSignIn(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Username').fill(TEST_USERS.forgot);
    const since = new Date().toISOString();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: 'Resend Code', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: /^Code/ }).fill(await codeFor(TEST_USERS.forgot, since));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    // The sign-in view says the reset went through.
    await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();
    await submitCredentials(page, TEST_USERS.forgot, TEST_PASSWORD);
    await expect(page.getByText('Incorrect username or password.')).toBeVisible();
    await submitCredentials(page, TEST_USERS.forgot, newPassword);
    await signedIn(page);
  });

  test('confirm sign-up: an unconfirmed account gets a code, and confirming it lets the user in', async ({ page }) => {
    await openSignIn(page);
    const since = new Date().toISOString();
    await submitCredentials(page, TEST_USERS.unconfirmed, TEST_PASSWORD);
    await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
    // Amplify UI's texts in sentence case, as every view of the form has them, but the buttons the product spec
    // names in title case (src/components/SignInForm).
    await expect(page.getByText('We emailed you', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Code', exact: true })).toBeVisible();
    await page.getByLabel('Confirmation code', { exact: true }).fill(await codeFor(TEST_USERS.unconfirmed, since));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    // Confirmation ends on the page or, where auto sign-in did not start, on the form: both let the user in.
    const form = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(form.or(page.getByRole('heading', { level: 1, name: 'Interrogator' }))).toBeVisible();
    if (await form.isVisible()) await submitCredentials(page, TEST_USERS.unconfirmed, TEST_PASSWORD);
    await signedIn(page);
  });
});

test('forced new password: the rules and the match check speak first, then the change signs in', async ({ page }) => {
  await openSignIn(page);
  await submitCredentials(page, TEST_USERS.newPassword, TEST_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Change Password', exact: true })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('shorter');
  await page.getByLabel('Confirm password', { exact: true }).blur();
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await expect(page.getByText('Password must have upper case letters')).toBeVisible();
  await expect(page.getByText('Password must have numbers')).toBeVisible();
  await expect(page.getByText('Password must have special characters')).toBeVisible();
  await expect(page.getByText('Your passwords must match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Chang3d-Passw0rd!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Chang3d-Passw0rd!');
  await page.getByRole('button', { name: 'Change Password', exact: true }).click();
  await signedIn(page);
});

test('verify user: unverified contacts are offered masked, and Skip continues to the page', async ({ page }) => {
  await openSignIn(page);
  await submitCredentials(page, TEST_USERS.unverified, TEST_PASSWORD);
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
  // Spec §2.3: email local part starred but first and last character; phone all but the last 4 digits.
  await expect(page.getByRole('radio', { name: 'Email: u********d@example.com' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Phone number: ********0123' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await signedIn(page);
});

test('TOTP MFA: the confirm step asks for the authenticator code', async ({ page }) => {
  await openSignIn(page);
  await submitCredentials(page, TEST_USERS.totp, TEST_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm TOTP code', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Code/ }).fill(generate(TEST_TOTP_SECRET));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await signedIn(page);
});

test('SMS MFA: the confirm step asks for the texted code', async ({ page }) => {
  await openSignIn(page);
  const since = new Date().toISOString();
  await submitCredentials(page, TEST_USERS.sms, TEST_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm SMS code', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Code/ }).fill(await codeFor(TEST_SMS_PHONE, since));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await signedIn(page);
});

test('while a sign-in is pending the form is disabled and the button says Signing in', async ({ page }) => {
  await openSignIn(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('http://localhost:9229/', async (route) => {
    await held;
    await route.continue();
  });
  await submitCredentials(page, 'demo@example.com', 'DemoPassw0rd!');
  await expect(page.getByRole('button', { name: 'Signing in' })).toBeDisabled();
  await expect(page.locator('form fieldset').first()).toHaveAttribute('disabled');
  await expect(page.getByLabel('Username')).toBeDisabled();
  release();
  await signedIn(page);
});

test.describe('identity service unreachable', () => {
  test.use({ allowedConsoleErrors: [/ERR_FAILED|net::|Failed to load resource/] });

  test('sign-in shows a network error in the alert, and works once the service is back', async ({ page }) => {
    await openSignIn(page);
    await page.route('http://localhost:9229/**', (route) => route.abort('connectionrefused'));
    await submitCredentials(page, 'demo@example.com', 'DemoPassw0rd!');
    const alert = page.getByRole('alert').filter({ hasText: /network error/i });
    await expect(alert).toBeVisible();
    await page.unroute('http://localhost:9229/**');
    await signIn(page);
  });
});
