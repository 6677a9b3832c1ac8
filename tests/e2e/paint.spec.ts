/**
 * Paint without waiting: a page the gate sends after verifying the token shows its content
 * at first paint, before any JavaScript runs, and hydrates without a React error (the fixture fails on
 * any console error, hydration mismatches included); the sign-in page shows nothing gated; and the
 * client gate still closes the page when the session ends.
 */
import { test, expect, openSignedIn, signIn, SIGNED_IN, waitForGate } from '../support/e2e';

const PAGE = '/docs/document_format/schema';
const TEXT = 'Every document the API returns is a JSON object';

test.describe(() => {
  test.use(SIGNED_IN);

  test('a verified page shows its content before any script has run, and hydrates cleanly', async ({
    page,
    browser,
  }) => {
    await openSignedIn(page, PAGE);
    const cookies = await page.context().cookies();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const plain = await noScript.newPage();
    await plain.goto(PAGE);
    await expect(plain.getByText(TEXT)).toBeVisible();
    // An API page paints with the OpenAPI theme's stylesheet, which only API pages load.
    await plain.goto('/api/v1/search-documents');
    await expect(plain.locator('.openapi__method-endpoint')).toHaveCSS('display', 'flex');
    // The sign-in page is not marked verified: nothing gated may show there (its own mark says it is the sign-in page).
    await plain.goto('/login');
    await expect(plain.locator('meta[name="portal-gate"][content="verified"]')).toHaveCount(0);
    await expect(plain.locator('meta[name="portal-gate"]')).toHaveAttribute('content', 'sign-in');
    await noScript.close();

    await page.goto('/docs/services/interrogator');
    await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
    await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  });
});

test('a verified page is closed again when the session ends', async ({ page }) => {
  await page.goto(PAGE);
  await waitForGate(page);
  await signIn(page);
  await page.reload();
  await expect(page.getByText(TEXT)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByText(TEXT)).toBeHidden();
});

test('?docusaurus-data-gate=verified marks nothing: the sign-in page still shows its form', async ({ page }) => {
  await page.goto('/login?docusaurus-data-gate=verified');
  await waitForGate(page);
  // Docusaurus copies the parameter onto <html>; the gate's mark is a meta element no URL can add.
  await expect(page.locator('html')).toHaveAttribute('data-gate', 'verified');
  await expect(page.locator('meta[name="portal-gate"]')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
