/**
 * Size budgets of issue #9, read from the build after `npm run build` (no browser; bytes are
 * deterministic): first-load JavaScript of the home, a doc page and an API operation page against
 * tests/perf/budgets.json, and one copy of each postman package in the browser bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

/** The stylesheet every page links (Docusaurus' `styles` cache group), as the home page's HTML names it. */
function globalStylesheet(): string {
  const html = fs.readFileSync(path.join(SITE, 'build/index.html'), 'utf8');
  const href = /<link rel="?stylesheet"? href="?(\/assets\/css\/styles\.[0-9a-f]+\.css)/.exec(html)?.[1];
  expect(href, 'the home page links no styles.<hash>.css').toBeDefined();
  return fs.readFileSync(path.join(SITE, 'build', href!), 'utf8');
}

const css = (pagePath: string) =>
  firstLoad(SITE, pagePath)
    .files.filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8'))
    .join('\n');

test('the global stylesheet stays within its budget and holds neither Amplify UI nor the OpenAPI theme (issue #23)', () => {
  const global = globalStylesheet();
  // plugins/moduleResource.ts keepOutOfStylesChunk rewrites core's splitChunks.cacheGroups.styles (a Docusaurus
  // internal); when that stops matching, these stylesheets fall back into the one every page blocks on.
  expect(
    /\.amplify-[a-z]/.test(global),
    'sign-in-assets (Amplify UI CSS on the sign-in page only) no longer keeps @aws-amplify/ui-react/dist/styles.css out of core’s splitChunks.cacheGroups.styles',
  ).toBe(false);
  expect(
    /\.openapi__[a-z]/.test(global),
    'api-chunks point 5 (the OpenAPI theme’s CSS on API pages only) no longer keeps lib/theme/styles.scss out of core’s splitChunks.cacheGroups.styles',
  ).toBe(false);
  const gzip = zlib.gzipSync(global, { level: 9 }).length;
  console.log(`budget global CSS: ${gzip} / ${budgets.css.globalGzipBytes} bytes`);
  expect(gzip).toBeLessThanOrEqual(budgets.css.globalGzipBytes);
});

test('Amplify UI’s CSS comes with the sign-in form only; the theme’s with API pages only (issue #23)', () => {
  // The sign-in form's chunk group (plugins/sign-in-assets lists it for the gate) carries Amplify UI's CSS.
  const signIn = JSON.parse(fs.readFileSync(path.join(SITE, 'build/sign-in-assets.json'), 'utf8')) as {
    files: string[];
  };
  const signInCss = signIn.files
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8'))
    .join('\n');
  expect(/\.amplify-[a-z]/.test(signInCss), 'the sign-in form lost Amplify UI’s stylesheet').toBe(true);
  for (const page of ['/', '/docs/document_format/schema', '/api/v1/search-documents']) {
    expect([page, /\.amplify-[a-z]/.test(css(page))]).toEqual([page, false]);
  }
  expect(/\.openapi__[a-z]/.test(css('/api/v1/search-documents'))).toBe(true);
  expect(/\.openapi__[a-z]/.test(css('/docs/document_format/schema'))).toBe(false);
});
