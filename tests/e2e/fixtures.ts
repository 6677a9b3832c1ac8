/**
 * Shared end-to-end fixtures: every test fails on a browser console error or an uncaught page error
 * (STYLE.md "Tests"), and `signIn` signs in through the real form against the local identity service.
 */
import { test as base, expect, type Page } from '@playwright/test';

/** The demo user seeded by the local identity service (issue #2); local service only. */
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
  // The server sent us to /login?next=…; signing in returns to `next`.
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}
