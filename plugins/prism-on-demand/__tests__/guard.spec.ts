/**
 * prism-on-demand's guard, read from the build after `npm run build` (the `speedups` project of
 * playwright.config.ts): a page's first load builds the Prism grammars of its own code blocks' languages only,
 * and a page without code none.
 */
import { test, expect } from '@playwright/test';
import { builtText, firstLoadFilesOf } from '../../../tests/support/builtSite';

/** The Prism grammars a page's first-load JavaScript builds (`Prism.languages.json = …`, as minified), sorted. */
const grammarsOf = (pagePath: string) => {
  const names = new Set<string>();
  for (const file of firstLoadFilesOf(pagePath, '.js'))
    for (const match of builtText(file).matchAll(/\.languages\.(\w+)=/g)) names.add(match[1]);
  return [...names].sort();
};

test('code highlighting loads with the pages that show code, with the grammars of their languages only', () => {
  // None in main.js, none of prism-react-renderer's bundled ~40, each page its own.
  expect(grammarsOf('/'), 'prism-on-demand: the home page shows no code, yet its first load builds grammars').toEqual(
    [],
  );
  // The schema page shows JSON only (prismjs's json grammar also names it webmanifest).
  expect(grammarsOf('/docs/document_format/schema')).toEqual(['json', 'webmanifest']);
  // Getting started shows curl (bash) samples: found in its fences, configured nowhere.
  expect(grammarsOf('/docs/api/getting-started')).toEqual(expect.arrayContaining(['bash', 'json']));
  expect(grammarsOf('/docs/api/getting-started')).not.toContain('objectivec');
});
