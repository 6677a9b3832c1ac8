/**
 * The docs sidebar as the build made it (spec §2.1): the categories, their labels, links and
 * order; and each doc page's "last updated" date. Read from the sidebar data Docusaurus writes for the docs
 * routes (`.docusaurus/…/p/docs-*.json`, `version.docsSidebars`), the same data the page renders, so it
 * holds whether the sidebar is written by hand or generated from the folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

const ROOT = path.resolve(__dirname, '../..');
const DATA = path.join(ROOT, '.docusaurus/docusaurus-plugin-content-docs/default/p');

interface Item {
  type: string;
  label: string;
  href?: string;
  collapsed?: boolean;
  items?: Item[];
}

function builtSidebar(): Item[] {
  const file = fs
    .readdirSync(DATA)
    .find((name) => fs.readFileSync(path.join(DATA, name), 'utf8').includes('"docsSidebars"'));
  if (!file) throw new Error(`no sidebar data under ${DATA}: run npm run build`);
  return JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8')).version.docsSidebars.docs as Item[];
}

/** One line per item, indented by depth: `category Domains /docs/category/domains`. */
const outline = (items: Item[], depth = 0): string[] =>
  items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.type} ${item.label}${item.href ? ` ${item.href}` : ''}`,
    ...outline(item.items ?? [], depth + 1),
  ]);

test('the docs sidebar has the categories, labels, links and order of spec §2.1', () => {
  expect(outline(builtSidebar())).toEqual([
    'category Document Format /docs/category/document-format',
    '  link Schema /docs/document_format/schema',
    '  link Document types /docs/document_format/document-types',
    '  link Publisher hierarchy ranking /docs/document_format/publisher-hierarchy-ranking',
    '  link Semantic structure /docs/document_format/semantic-structure',
    'category Domains /docs/category/domains',
    '  link Our domains and themes /docs/domains/Our domains and themes',
    '  link JSON /docs/domains/json',
    '  link How domains change /docs/domains/how_domains_change',
    'category S3 Transfer /docs/category/s3-transfer',
    '  link Manifest format /docs/s3_transfer/manifest-format',
    '  link Schema /docs/s3_transfer/schema',
    '  link Manifest CSV example /docs/manifest_csv_example/manifest_csv',
    'category HTTP API',
    '  link Getting started /docs/api/getting-started',
    '  link Tokens for scripts /docs/api/tokens',
    '  link Searching documents /docs/api/searching',
    '  link Pagination /docs/api/pagination',
    '  link Errors and retries /docs/api/errors',
    '  link Rate limits /docs/api/rate-limits',
    '  link Reference data /docs/api/reference-data',
    '  link Frameworks and controls /docs/api/frameworks',
    '  link Sanctions /docs/api/sanctions',
    '  link Downloading files /docs/api/files',
    '  link Initiatives /docs/api/initiatives',
    '  link Changes and deprecations /docs/api/changelog',
    '  link Glossary /docs/api/glossary',
    '  link Docs for your tools /docs/api/docs-for-tools',
    '  link Typed client /docs/api/typed-client',
    '  link MCP server /docs/api/mcp',
    '  link Running the portal locally /docs/api/run-locally',
    '  link API reference /api',
    'category Services',
    '  link Interrogator /docs/services/interrogator',
    'category Archived',
    '  link Consumer credit sample /docs/Archived/consumer-credit-sample',
    '  link Prudential sample /docs/Archived/prudential-sample',
    '  link Our taxonomies and themes (old) /docs/Archived/Our taxonomies and themes old',
  ]);
  // Every category starts collapsed, Archived included (spec §2.1: the sidebar does not auto-collapse).
  expect(builtSidebar().map((c) => c.collapsed)).toEqual([true, true, true, true, true, true]);
});

test('a doc page says when it was last updated (from Git), and has no edit link without EDIT_URL', () => {
  const html = fs.readFileSync(path.join(ROOT, 'build/docs/services/interrogator/index.html'), 'utf8');
  // The built HTML is minified (unquoted attributes); only the date is compared, so a failure stays readable.
  const date = /theme-last-updated[^>]*>Last updated(?:<!-- -->)? on <b><time datetime="?(\d{4}-\d{2}-\d{2})T/.exec(
    html,
  )?.[1];
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(html.includes('theme-edit-this-page')).toBe(false);
});
