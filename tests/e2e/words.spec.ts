/**
 * Customers' words in what the build serves (rules/customerWords.ts): no page's text, Markdown copy,
 * `llms.txt`/`llms-full.txt` or downloadable API description cites the portal's specification, a section sign
 * or a "This portal:" aside. tests/docs/words.test.ts scans the sources and names the line to fix; this scans
 * the build, so a text that reaches readers another way (a generator, a plugin, a template) is caught too.
 * Pages only the portal's maintainers read (`audience: maintainers`, left out of a customer's build) are left
 * out here as well. Runs after `npm run build`; needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { test, expect } from '@playwright/test';
import { maintainersDocs } from '../../config/docsAudience';
import { customerWordProblems } from '../../rules/customerWords';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');

/** The build's files ending in `ending`, relative to it, with `/`. */
const builtFiles = (ending: string) =>
  fs
    .readdirSync(BUILD, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith(ending));

/** The build folders of the maintainers' pages (`docs/api/run-locally`), which a customer's build leaves out. */
const maintainersPages = maintainersDocs(path.join(ROOT, 'docs')).map((file) => `docs/${file.replace(/\.mdx?$/, '')}`);
const forCustomers = (name: string) => !maintainersPages.some((page) => name.startsWith(page));

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
  const pages = builtFiles('.html').filter(forCustomers);
  expect(pages.length).toBeGreaterThan(100);
  const found = pages.flatMap((file) =>
    findings(file, visibleText(fs.readFileSync(path.join(BUILD, file), 'utf8')), false),
  );
  expect(found).toEqual([]);
});

/**
 * llms-full.txt without the maintainers' pages a local build holds: each page in it starts with a line
 * `Source: <its URL>`.
 */
function customersPartOfLlmsFull(): string {
  const text = fs.readFileSync(path.join(BUILD, 'llms-full.txt'), 'utf8');
  return text
    .split(/^(?=Source: )/m)
    .filter((part) => {
      const source = /^Source: (\S+)/.exec(part)?.[1];
      return !source || forCustomers(new URL(source).pathname.slice(1));
    })
    .join('');
}

test('no Markdown copy, llms.txt or llms-full.txt cites them either', () => {
  const copies = [...builtFiles('.md'), 'llms.txt'].filter(forCustomers);
  expect(copies.length).toBeGreaterThan(100);
  const found = copies.flatMap((file) => findings(file, fs.readFileSync(path.join(BUILD, file), 'utf8')));
  found.push(...findings("llms-full.txt (customers' pages)", customersPartOfLlmsFull()));
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
