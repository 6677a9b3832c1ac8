/**
 * prism-on-demand's guard, read from the build after `npm run build` (the `speedups` project of
 * playwright.config.ts): Prism's grammars load with the pages that show code, not with every page.
 */
import { test, expect } from '@playwright/test';
import { builtText, firstLoadFilesOf } from '../../../tests/support/builtSite';

/** A line of Prism's grammar registration, as it survives minification (prism-react-renderer's bundle). */
const PRISM_GRAMMARS = /\.languages\.objectivec=/;

test('code highlighting loads with the pages that show code, not with the home page', () => {
  const carriesPrism = (pagePath: string) =>
    firstLoadFilesOf(pagePath, '.js').filter((file) => PRISM_GRAMMARS.test(builtText(file)));
  expect(carriesPrism('/'), 'prism-on-demand: Prism’s grammars are back in the home page’s first load').toEqual([]);
  // The doc page shows code, so Prism is there, with the site's additional languages (bash).
  const docFiles = carriesPrism('/docs/api/getting-started');
  expect(docFiles).toHaveLength(1);
  expect(builtText(docFiles[0])).toMatch(/\.languages\.bash=/);
});
