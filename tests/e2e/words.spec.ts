/**
 * Customers' words in what the build serves (rules/customerWords.ts): no page's text, Markdown copy,
 * `llms.txt`/`llms-full.txt` or downloadable API description cites the portal's specification, a section sign
 * or a "This portal:" aside, or says how the portal is built. tests/docs/words.test.ts scans the sources and names the line to fix; this scans
 * the build, so a text that reaches readers another way (a generator, a plugin, a template) is caught too.
 * Pages for the portal's maintainers (`audience: maintainers`), which a local build holds, are scanned too:
 * they speak in words any reader can follow. Runs after `npm run build`; needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { test, expect } from '@playwright/test';
import { customerWordProblems } from '../../rules/customerWords';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');

/** The build's files ending in `ending`, relative to it, with `/`. */
const builtFiles = (ending: string) =>
  fs
    .readdirSync(BUILD, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith(ending));

/** Findings of `text` as `file:line: "found"`. */
const findings = (file: string, text: string, fences = true) =>
  customerWordProblems(text, { fences }).map(({ line, found }) => `${file}:${line}: "${found}"`);

/** The text a reader sees of an HTML page: no script, style or code (where `specification` may be a field). */
function visibleText(html: string): string {
  const root = parse(html);
  for (const hidden of root.querySelectorAll('script, style, code, pre, noscript')) hidden.remove();
  return root.structuredText;
}

test('no built page shows the specification, a section sign or "This portal:"', () => {
  const pages = builtFiles('.html');
  expect(pages.length).toBeGreaterThan(100);
  const found = pages.flatMap((file) =>
    findings(file, visibleText(fs.readFileSync(path.join(BUILD, file), 'utf8')), false),
  );
  expect(found).toEqual([]);
});

test('no Markdown copy, llms.txt or llms-full.txt cites them either', () => {
  const copies = [...builtFiles('.md'), 'llms.txt', 'llms-full.txt'];
  expect(copies.length).toBeGreaterThan(100);
  const found = copies.flatMap((file) => findings(file, fs.readFileSync(path.join(BUILD, file), 'utf8')));
  expect(found).toEqual([]);
});

test('nor does any text of the downloadable API description', () => {
  const description = JSON.parse(fs.readFileSync(path.join(BUILD, 'api/v1/openapi.json'), 'utf8')) as unknown;
  const found: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') found.push(...findings(`openapi.json ${at}`, value));
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}/${index}`));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) walk(item, `${at}/${key}`);
  };
  walk(description, '#');
  expect(found).toEqual([]);
});
