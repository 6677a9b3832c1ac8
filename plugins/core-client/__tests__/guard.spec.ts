/**
 * core-client's guard in the browser (the `speedups` project of playwright.config.ts): after hydration,
 * core's `window.docusaurus.prefetch` is the deferring one of ../client/idlePrefetch.ts. A failed wrap also
 * logs an error, which fails every end-to-end test.
 */
import { test, expect, signInAt } from '../../../tests/support/e2e';

test('link prefetches wait for idle time: the deferring prefetch is in place after hydration', async ({ page }) => {
  // ../client/idlePrefetch.ts wraps core's window.docusaurus.prefetch (a core internal).
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
