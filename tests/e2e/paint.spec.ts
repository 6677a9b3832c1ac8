/**
 * Paint without waiting: a page the gate sends after verifying the token shows its content
 * at first paint, before any JavaScript runs, and hydrates without a React error (the fixture fails on
 * any console error, hydration mismatches included); the sign-in page shows nothing gated; and the
 * client gate still closes the page when the session ends.
 */
import { test, expect, signIn, signInAt, waitForGate } from '../support/e2e';

const PAGE = '/docs/document_format/schema';
const TEXT = 'Every document the API returns is a JSON object';

test('a verified page shows its content before any script has run, and hydrates cleanly', async ({ page, browser }) => {
  await page.goto(PAGE);
  await waitForGate(page);
  await signIn(page);
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

test('no page loads a stylesheet twice: the API pages’ linked CSS is not fetched again by Docusaurus', async ({
  page,
}) => {
  // plugins/api-chunks/routeStylesheets.ts links a route's CSS in its HTML and relies on Docusaurus' CSS chunk loader
  // skipping a <link> already in the page (a bundler internal); if it stops, the CSS loads twice.
  await signInAt(page);
  const linked = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
  // Requests of one document's life: its load, its hydration and a client-side navigation. A new
  // document (a redirect, a reload) starts the list again, so only a true second fetch counts.
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requested.length = 0;
    else if (request.resourceType() === 'stylesheet') requested.push(new URL(request.url()).pathname);
  });
  await page.goto('/api/v1/search-documents');
  await expect(page.locator('.openapi__method-endpoint').first()).toBeVisible();
  await page
    .getByRole('link', { name: /Count documents/ })
    .first()
    .click();
  await expect(page).toHaveURL(/count-documents/);
  await page.waitForLoadState('networkidle');
  const links = await linked();
  expect(links.length).toBeGreaterThan(1);
  expect(links.filter((href, i) => links.indexOf(href) !== i)).toEqual([]);
  expect(requested.filter((href, i) => requested.indexOf(href) !== i)).toEqual([]);
});

test('link prefetches wait for idle time: the deferring prefetch is in place after hydration', async ({ page }) => {
  // plugins/core-client/client/idlePrefetch.ts wraps core's window.docusaurus.prefetch (a core internal).
  await signInAt(page, '/docs/document_format/schema');
  const state = await page.evaluate(() => {
    const client = (window as unknown as { docusaurus?: { prefetch?: Record<string, unknown> } }).docusaurus;
    return { exposed: !!client, deferred: client?.prefetch?.portalDeferredPrefetch === true };
  });
  expect(state, 'idlePrefetch no longer wraps core’s window.docusaurus.prefetch').toEqual({
    exposed: true,
    deferred: true,
  });
});

test('an operation page does not jump when its schemas render: layout shift under 0.05 at 1350 px', async ({
  page,
}) => {
  // plugins/api-sections/client/schemaHeight.ts reserves heights measured from the theme's CSS at this
  // width; when they drift from what the theme renders (a theme upgrade), the page jumps again (0.13 before).
  await page.setViewportSize({ width: 1350, height: 940 });
  await signInAt(page, '/docs/document_format/schema');
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/api/v1/search-documents');
  await expect(page.getByText('One page of matching documents.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shift = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  console.log(`layout shift /api/v1/search-documents: ${shift.toFixed(4)}`);
  expect(shift, 'SchemaPlaceholder heights no longer match the rendered schemas').toBeLessThan(0.05);
});
