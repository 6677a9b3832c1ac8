/**
 * The end-to-end fixtures the Playwright suites share (e2e, a11y, visual, e2e-mfa): every test fails on a browser
 * console error or an uncaught page error (CONTRIBUTING.md "For engineers"), `signIn` signs in through the
 * real form against the local identity service, and {@link SIGNED_IN} starts a test from the session such a
 * sign-in leaves, made once per worker.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { initiateAuth } from '../../scripts/initiateAuth';

/** The demo user seeded by the local identity service; local service only. */
export const DEMO_USER = { username: 'demo@example.com', password: 'DemoPassw0rd!' };

interface Fixtures {
  /** Console error texts matching one of these are expected by the test (e.g. a 404 document). */
  allowedConsoleErrors: RegExp[];
}

/** A browser context's cookies and storage, as `BrowserContext.storageState` gives them. */
export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

interface WorkerFixtures {
  /**
   * The demo user's session (Amplify's cookies) after one sign-in through the form, made the first time a test
   * of the worker asks for it. Every context started from it holds the same refresh token: a test that logs
   * out (which revokes it) signs in on its own instead.
   */
  demoSession: Session;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  demoSession: [
    async ({ browser }, provide, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      await signInAt(await context.newPage());
      const session = await context.storageState();
      await context.close();
      await provide(session);
    },
    { scope: 'worker' },
  ],
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

/**
 * `test.use(SIGNED_IN)`: each test starts signed in as the demo user, from the worker's {@link Session}
 * (`demoSession`), instead of signing in through the form. For tests about something else than signing in
 * that do not log out.
 */
export const SIGNED_IN: Parameters<typeof test.use>[0] = {
  storageState: async ({ demoSession }, provide) => provide(demoSession),
};

/**
 * Moves `page`, showing a page of the site, to `path` without loading the site again, as a click on a link does:
 * a history entry and the `popstate` event the router listens to (the Back button's way in). The router keeps
 * the old route until the new one's files have loaded, then renders it and sets its title. A full load parses
 * and hydrates the site's scripts again; this does not.
 *
 * @throws when the title does not change: every page has a title of its own (tests/a11y/pages.spec.ts).
 */
export async function follow(page: Page, path: string): Promise<void> {
  const before = await page.title();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  // Every page has a title of its own, so a new title means the new route has rendered.
  await expect.poll(() => page.title(), { message: `${path} shows, with its own title` }).not.toBe(before);
}

/**
 * Opens `path` in a page started signed in ({@link SIGNED_IN}) and waits until the gate has opened: the page has
 * hydrated and found the session, as after {@link signIn}.
 */
export async function openSignedIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
}

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
