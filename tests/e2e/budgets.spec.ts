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
