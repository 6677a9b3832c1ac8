/**
 * TOTP set-up at sign-in (spec §2.3 "Set up authenticator app", §4 "authenticator setup leads to a
 * setup step"), in a pool that requires MFA: the QR code (228×228) and the secret with its copy
 * control, then the first code from the secret signs in, and the next sign-in asks for a TOTP code.
 */
import { generate } from 'cognito-local/lib/services/totp';
import { test, expect, waitForGate } from '../support/e2e';

test('a user without MFA sets up TOTP, then signs in with a TOTP code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/services/interrogator');
  await waitForGate(page);
  await page.getByLabel('Username').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('DemoPassw0rd!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Setup TOTP' })).toBeVisible();
  const qr = page.getByRole('img', { name: /qr code/i });
  await expect(qr).toHaveAttribute('width', '228');
  await expect(qr).toHaveAttribute('height', '228');
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);

  const secret = (await page.locator('[data-amplify-copy] div').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  const tooltip = page.locator('[data-amplify-copy-tooltip]');
  await expect(tooltip).toHaveText('COPY');
  await page.locator('[data-amplify-copy-svg]').click();
  await expect(tooltip).toHaveText('COPIED');

  await page.getByRole('textbox', { name: /^Code/ }).fill(generate(secret));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Username').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('DemoPassw0rd!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirm TOTP code', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Code/ }).fill(generate(secret));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
});
