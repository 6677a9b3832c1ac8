/**
 * Size budgets of issue #9, read from the build after `npm run build` (no browser; bytes are
 * deterministic): first-load JavaScript of the home, a doc page and an API operation page against
 * tests/perf/budgets.json, and one copy of each postman package in the browser bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { BUNDLED_MODULES_FILE } from '../../plugins/api-chunks';
import { firstLoad } from '../../scripts/perf/firstLoad';
import budgets from '../perf/budgets.json';

const SITE = path.resolve(__dirname, '../..');

type AnchorName = keyof typeof budgets.anchor & ('home' | 'doc');

for (const page of budgets.pages) {
  const limit =
    'anchor' in page
      ? Math.floor(budgets.anchor[page.anchor as AnchorName].jsGzipBytes * budgets.ratio)
      : (page as { maxBytes: number }).maxBytes;
  test(`${page.path} loads at most ${limit} bytes of JavaScript (gzip) before it hydrates`, () => {
    const { jsGzip, files } = firstLoad(SITE, page.path);
    console.log(
      `budget ${page.path}: ${jsGzip} / ${limit} bytes in ${files.filter((f) => f.endsWith('.js')).length} files`,
    );
    expect(jsGzip).toBeLessThanOrEqual(limit);
  });
}

test('the browser bundle holds one copy of postman-collection and none of faker', () => {
  const modules = JSON.parse(fs.readFileSync(path.join(SITE, '.docusaurus', BUNDLED_MODULES_FILE), 'utf8')) as string[];
  const copies = new Set(
    modules.map((file) => /^(.*?node_modules\/postman-collection)\//.exec(file)?.[1]).filter(Boolean),
  );
  expect([...copies]).toEqual(['node_modules/postman-collection']);
  expect(modules.filter((file) => file.includes('node_modules/@faker-js/faker/'))).toEqual([]);
});

/** A line of Prism's grammar registration, as it survives minification (prism-react-renderer's bundle). */
const PRISM_GRAMMARS = /\.languages\.objectivec=/;

test('code highlighting loads with the pages that show code, not with the home page', () => {
  // plugins/prism-on-demand: Prism's ~40 grammars left main.js (35–50 ms of script evaluation per page).
  const carriesPrism = (pagePath: string) =>
    firstLoad(SITE, pagePath)
      .files.filter((file) => file.endsWith('.js'))
      .filter((file) => PRISM_GRAMMARS.test(fs.readFileSync(path.join(SITE, 'build', file), 'utf8')));
  expect(carriesPrism('/')).toEqual([]);
  // The doc page shows code, so Prism is there, with the site's additional languages (bash).
  const docFiles = carriesPrism('/docs/api/getting-started');
  expect(docFiles).toHaveLength(1);
  expect(fs.readFileSync(path.join(SITE, 'build', docFiles[0]), 'utf8')).toMatch(/\.languages\.bash=/);
});
