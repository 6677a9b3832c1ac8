/**
 * The gated portal end to end (spec §2.2, §2.3, §4, §6): anonymous visitors see only the
 * sign-in form; the demo user signs in, sees navbar, content and footer, and Logout closes the gate. Tests of
 * what a signed-in reader sees, not of signing in, start from the demo user's session.
 */
import { test, expect, openSignedIn, signIn, SIGNED_IN, waitForGate } from '../support/e2e';
import { SPEC_ROUTES, urlOf } from './routes';

const NAVBAR_ITEMS = ['Document Format', 'Domains', 'S3 Transfer', 'HTTP API', 'Services'];

const GATED_ROUTES = [
  { path: '/docs/document_format/schema', text: 'Every document the API returns is a JSON object' },
  { path: '/docs/domains/Our%20domains%20and%20themes', text: 'Documents are scored against topic domains' },
  { path: '/blog/welcome', text: 'Welcome to the portal' },
  { path: '/api', text: 'The customer API gives authenticated customers access' },
];

test.describe('anonymous visitor', () => {
  for (const route of GATED_ROUTES) {
    test(`${route.path} shows only the sign-in form, at its own address`, async ({ page }) => {
      await page.goto(route.path);
      await waitForGate(page);
      await expect(page).toHaveURL(route.path);
      await expect(page.getByLabel('Username')).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'RegData SSO' })).toBeVisible();
      // Spec §2.3: sign-up is hidden; spec §2.2: only brand, colour toggle and search in the navbar.
      await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveCount(0);
      await expect(page.getByText(route.text)).toBeHidden();
      const navbar = page.getByRole('navigation', { name: 'Main' });
      await expect(navbar.getByRole('link', { name: 'RegData' }).first()).toBeVisible();
      await expect(navbar.getByRole('button', { name: /dark|light|system/i })).toBeVisible();
      await expect(navbar.getByRole('searchbox').or(navbar.getByPlaceholder('Search'))).toBeVisible();
      for (const item of NAVBAR_ITEMS) await expect(navbar.getByText(item, { exact: true })).toHaveCount(0);
      await expect(page.getByText('Logout')).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
    });
  }

  test('a deep link with a query and a fragment: the form there, loading nothing gated, then the page', async ({
    page,
  }) => {
    const deepLink = '/docs/document_format/schema?tab=json#document-lite';
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(deepLink);
    await waitForGate(page);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page).toHaveURL(deepLink);
    await expect(page).toHaveTitle(/^Sign in/);
    // The client started at the sign-in route: no request for the page's own (gated) files.
    expect(refused).toEqual([]);

    await signIn(page);
    await expect(page).toHaveURL(deepLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
    await expect(page.locator('#document-lite')).toBeInViewport();
    // A reload is the page itself now, at the same address.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
    await expect(page).toHaveURL(deepLink);
  });

  test('every route of spec §2.1 shows the sign-in form and none of its text', async ({ page }) => {
    for (const route of SPEC_ROUTES) {
      await page.goto(urlOf(route));
      await waitForGate(page);
      await expect(page.getByLabel('Username'), route.path).toBeVisible();
      await expect(page.locator('[data-auth-gate="open"]'), route.path).toHaveCount(0);
      if (route.text) await expect(page.getByText(route.text).first(), route.path).toBeHidden();
    }
  });

  test.describe('wrong password', () => {
    // The identity service answers 400, which the browser logs as a failed resource load.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('is refused with the identity service message', async ({ page }) => {
      await page.goto('/');
      await waitForGate(page);
      await page.getByLabel('Username').fill('demo@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Incorrect username or password.')).toBeVisible();
      await expect(page.locator('[data-auth-gate="open"]')).toHaveCount(0);
    });
  });
});

test.describe('signed-in customer', () => {
  test('sees navbar items, content and footer, and Logout returns to the form', async ({ page }) => {
    await page.goto('/docs/document_format/schema');
    await waitForGate(page);
    await signIn(page);

    const navbar = page.getByRole('navigation', { name: 'Main' });
    for (const item of NAVBAR_ITEMS) await expect(navbar.getByText(item, { exact: true })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'RegData' }).last()).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Document schema' })).toBeVisible();
    await expect(page.getByText('Every document the API returns is a JSON object')).toBeVisible();
    // The site footer (doc pages also have the doc's own footer, with its last update).
    await expect(page.getByRole('contentinfo')).toContainText('Copyright © 2025');

    // The session survives navigation and a reload (tokens kept by Amplify).
    await navbar.getByText('Services', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();

    await navbar.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByText('Interrogator is the question-and-answer search service')).toBeHidden();
    await page.reload();
    await waitForGate(page);
    await expect(page.getByLabel('Username')).toBeVisible();
  });

  test.describe(() => {
    test.use(SIGNED_IN);

    // Each route loaded at its own address: the server serves it to the session, and it hydrates.
    test('every route of spec §2.1 renders its content after sign-in', async ({ page }) => {
      for (const route of SPEC_ROUTES) {
        await page.goto(urlOf(route));
        await expect(page.locator('[data-auth-gate="open"] main').first(), route.path).toBeVisible();
        if (route.text) await expect(page.getByText(route.text).first(), route.path).toBeVisible();
        await expect(page.getByText('This page crashed'), route.path).toHaveCount(0);
      }
    });
  });

  test.describe('below 996 px', () => {
    test.use({ viewport: { width: 800, height: 900 } });

    test('the mobile sidebar menu holds the navbar items and Logout', async ({ page }) => {
      await page.goto('/docs/services/interrogator');
      await waitForGate(page);
      await signIn(page);
      // Sign-in returns to the doc page; the menu closes on navigation (spec §4), so open it after.
      await expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      const menu = page.locator('.navbar-sidebar');
      // On a doc page the menu opens on the docs sidebar; the navbar items are one level up.
      await menu.getByRole('button', { name: '← Back to main menu' }).click();
      for (const item of NAVBAR_ITEMS) await expect(menu.getByText(item, { exact: true }).first()).toBeVisible();
      await menu.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByLabel('Username')).toBeVisible();
    });
  });

  test.describe('unknown path', () => {
    // The static server answers 404 for the document itself; the browser logs that as an error.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('shows the not-found page after sign-in', async ({ page }) => {
      await page.goto('/no/such/page');
      await waitForGate(page);
      await expect(page.getByText('Page Not Found')).toBeHidden();
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });
  });

  test.describe(() => {
    test.use(SIGNED_IN);

    test('the API reference lists the document operations', async ({ page }) => {
      await openSignedIn(page, '/api');
      await expect(page.getByText('The customer API gives authenticated customers access')).toBeVisible();
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      await sidebar.getByText('Documents', { exact: true }).click();
      await sidebar.getByRole('link', { name: 'Get a document', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Get a document' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /\/api\/v1\/customer\/documents\/:document_id$/ })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'curl', exact: false }).first()).toBeVisible();
      // The curl sample is highlighted as bash (an additional Prism language, registered by the code
      // block itself since Prism left the script every page loads: plugins/prism-on-demand).
      await expect(page.locator('pre .token.function', { hasText: /^curl$/ }).first()).toBeVisible();
    });

    test('an operation page shows its descriptions, Markdown rendered, once its schemas have loaded', async ({
      page,
    }) => {
      // Schemas and the Markdown renderer load after hydration (plugins/api-sections).
      await openSignedIn(page, '/api/v1/search-documents');
      await expect(page.getByText('One page of matching documents.')).toBeVisible();
      const body = page.locator('.openapi-markdown__details', { hasText: 'required_tags' }).first();
      await expect(body.getByText('Domain tags documents must carry; see')).toBeVisible();
      await expect(body.locator('code', { hasText: /^require_all_tags$/ }).first()).toBeVisible();
      await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
    });

    test('code samples in the docs are highlighted, bash included', async ({ page }) => {
      await openSignedIn(page, '/docs/api/getting-started');
      await expect(page.locator('pre .token.function', { hasText: /^curl$/ }).first()).toBeVisible();
      await page.getByRole('tab', { name: 'Python' }).first().click();
      await expect(page.locator('pre .token.keyword', { hasText: /^import$/ }).first()).toBeVisible();
    });
  });
});
