/**
 * api-sections' guards (the `speedups` project of playwright.config.ts): the theme's Markdown renderer is
 * built but not in an operation page's first load, and the page does not jump when its schemas render after
 * hydration. Each fails naming the part that no longer takes effect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, signInAt } from '../../../tests/support/e2e';
import { builtText, firstLoadFilesOf, SITE } from '../../../tests/support/builtSite';

/** An id in react-markdown's deprecation table (react-markdown 10), kept by minification. */
const REACT_MARKDOWN = 'remove-buggy-html-in-markdown-parser';

test('api-sections: the theme’s Markdown renderer is not in an API page’s first load, but is built', () => {
  expect(
    firstLoadFilesOf('/api/v1/search-documents', '.js').filter((file) => builtText(file).includes(REACT_MARKDOWN)),
    'api-sections: react-markdown is in the API page’s first load (../theme/Markdown’s lazy renderer no longer replaces it)',
  ).toEqual([]);
  const assets = fs.readdirSync(path.join(SITE, 'build/assets/js')).map((file) => `/assets/js/${file}`);
  expect(assets.some((file) => file.endsWith('.js') && builtText(file).includes(REACT_MARKDOWN))).toBe(true);
});

test('an operation page does not jump when its schemas render: layout shift under 0.05 at 1350 px', async ({
  page,
}) => {
  // ../client/schemaHeight.ts reserves heights measured from the theme's CSS at this width; when they drift
  // from what the theme renders (a theme upgrade), the page jumps again (0.13 without them).
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
