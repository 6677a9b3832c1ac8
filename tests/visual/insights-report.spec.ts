/**
 * The writers' HTML report of reader insights (`npm run insights`) renders as designed, light and dark (the
 * reader's system setting), and axe finds nothing against WCAG 2.2 A/AA in either: the report of a fixed set of
 * rows, compared with its baselines.
 */
import axe from 'axe-core';
import { test, expect } from '@playwright/test';
import { reportHtml } from '../../scripts/insights/html';
import { reportOf } from '../../scripts/insights/report';
import { FIXTURE_ROWS } from '../../scripts/insights/__tests__/fixture';
import { WCAG_22_AA } from '../a11y/audit';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the insights report, ${colorScheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.setContent(reportHtml(reportOf(FIXTURE_ROWS)));
    await expect(page.getByRole('heading', { level: 1, name: 'Reader insights' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Votes "not helpful" per page' })).toBeVisible();
    await expect(page).toHaveScreenshot(`insights-report-${colorScheme}.png`, { fullPage: true });
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async (tags) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const results = await engine.run(document, { runOnly: { type: 'tag', values: tags } });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }, WCAG_22_AA);
    expect(violations).toEqual([]);
  });
}
