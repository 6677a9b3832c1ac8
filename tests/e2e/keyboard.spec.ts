/**
 * Keyboard and screen readers (WCAG 2.2 SC 2.1.1 keyboard, 2.4.1 bypass blocks, 2.4.7 focus
 * visible, 4.1.3 status messages): sign-in, SSO, search, the API explorer, Copy page and Logout, each
 * reached and used with the keyboard alone, with focus visible on every control it lands on; sign-in
 * errors and the explorer's response are announced.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, DEMO_USER, openSignedIn, SIGNED_IN, waitForGate } from '../support/e2e';

/** Whether `target` exists and has the focus now (without waiting for it to appear). */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 }).catch(() => false);

/**
 * Presses Tab until `target` has focus (at most `limit` presses), then checks that the focus is
 * visible: an outline or a box shadow drawn by `:focus-visible` (WCAG SC 2.4.7).
 *
 * @throws when `target` is not reached in `limit` presses, or its focus is not visible.
 */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let press = 0; press < limit && !(await hasFocus(target)); press += 1) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await expectVisibleFocus(target);
}

/** The focused `target` shows where focus is: it matches `:focus-visible` and draws an outline or shadow. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const focus = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(focus.focusVisible, 'matches :focus-visible').toBe(true);
  expect(focus.outline || focus.shadow, 'draws an outline or a shadow where focus is').toBe(true);
}

async function keyboardSignIn(page: Page, password = DEMO_USER.password): Promise<void> {
  const username = page.getByLabel('Username');
  await tabTo(page, username);
  await page.keyboard.type(DEMO_USER.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectVisibleFocus(page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

test.describe('signed out', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('signs in with the keyboard alone; a wrong password is announced as an alert', async ({ page }) => {
    await page.goto('/docs/services/interrogator');
    await waitForGate(page);
    await keyboardSignIn(page, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect username or password.');
    // The form keeps what was typed; the reader tabs back to the password and types it again.
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
  });
});

test.describe('SSO', () => {
  // The local hosted UI's self-signed certificate, trusted for these tests only (as tests/e2e/sso.spec.ts).
  test.use({ ignoreHTTPSErrors: true });

  test('the SSO button is reached and pressed with the keyboard', async ({ page }) => {
    await page.goto('/docs/services/interrogator');
    await waitForGate(page);
    await tabTo(page, page.getByRole('button', { name: 'RegData SSO' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  // Signing in with the keyboard is tested above; these tests start from the demo user's session.
  test.describe(() => {
    test.use(SIGNED_IN);

    test.beforeEach(async ({ page }) => {
      await openSignedIn(page, '/docs/document_format/schema');
      await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
    });

    test('the skip link is the first stop and lands on the content', async ({ page }) => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await expectVisibleFocus(skip);
      await page.keyboard.press('Enter');
      // The next Tab starts inside the page's content, past the navbar and the sidebar.
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
      expect(inMain, 'the Tab after the skip link lands inside <main>').toBe(true);
    });

    test('Ctrl+K opens search; arrows and Enter open a result', async ({ page }) => {
      await page.keyboard.press('Control+k');
      // The search bar loads on the shortcut and takes the focus (src/components/OnDemand).
      await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('Search')).toBeFocused();
      await page.keyboard.type('interrogator');
      await expect(page.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/interrogator/i);
    });

    test('Copy page with the keyboard puts the page on the clipboard and says so', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const copy = page.locator('main').getByRole('button', { name: 'Copy page' });
      await tabTo(page, copy, 80);
      await page.keyboard.press('Enter');
      await expect(page.locator('main').getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('# Document schema');
    });

    test('the explorer: tabbing into it opens the request builder, focus stays there, Send, the response is announced', async ({
      page,
    }) => {
      await page.goto('/api/v1/list-doctypes');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Schemas and the explorer's preview render after hydration, behind skeletons (plugins/api-sections).
      await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
      // The explorer column holds a preview until the reader reaches it; focus in it loads the request
      // builder (src/components/OnDemand), which takes over the focus once its code has arrived. The
      // reader tabs into the column and waits there, as a reader waits for a page to respond.
      const column = page.locator('.openapi-right-panel__container');
      const send = column.getByRole('button', { name: 'Send API request' });
      const focusInColumn = () => column.evaluate((panel) => panel.contains(document.activeElement));
      for (let press = 0; press < 300 && !(await focusInColumn()); press += 1) await page.keyboard.press('Tab');
      expect(await focusInColumn(), 'Tab reaches the explorer column').toBe(true);
      await expect(send).toBeVisible();
      // The focus was handed to the builder, not dropped to the top of the page (WCAG SC 2.4.3).
      await expect.poll(focusInColumn).toBe(true);
      await tabTo(page, send, 30);
      await page.keyboard.press('Enter');
      await expect(column.getByRole('status').filter({ hasText: 'Response 200' })).toBeVisible();
    });
  });

  // Logout revokes the session's refresh token: this test signs in on its own, with the keyboard.
  test.describe(() => {
    test.beforeEach(async ({ page }) => {
      await page.goto('/docs/document_format/schema');
      await waitForGate(page);
      await keyboardSignIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
    });

    test('Logout with the keyboard closes the gate', async ({ page }) => {
      const logout = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' });
      await tabTo(page, logout);
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Username')).toBeVisible();
    });
  });
});
