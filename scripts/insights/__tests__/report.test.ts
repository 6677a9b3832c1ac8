/**
 * @jest-environment node
 *
 * The writers' report: least helpful pages first with their comments, pages by readers who reached their
 * end, searches that found nothing (any case), operations by failed tries; what readers wrote is text in the
 * HTML and in the Markdown, never markup (the Markdown is made and parsed back in a tsx child process, as the
 * remark packages are ESM-only).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { InsightRow } from '../../../server/insights/store';
import { reportHtml } from '../html';
import { reportOf } from '../report';
import { FIXTURE_ROWS } from './fixture';
import type { RenderedMarkdown } from './markdown';

const report = reportOf(FIXTURE_ROWS);

test('the least helpful page comes first, with its votes and comments', () => {
  expect(report.leastHelpful[0]).toEqual({
    route: '/docs/document_format/schema',
    yes: 1,
    no: 2,
    helpful: 1 / 3,
    comments: [{ day: '2026-11-20', text: 'Which fields can be null? <b>Not said</b> anywhere.', helpful: false }],
  });
  expect(report.leastHelpful.map((page) => page.route)).toEqual([
    '/docs/document_format/schema',
    '/docs/services/interrogator',
    '/docs/api/getting-started',
  ]);
});

test('pages are ranked by distinct readers who reached their end; searches by readers, in any case', () => {
  expect(report.mostRead).toEqual([
    { route: '/docs/api/getting-started', readers: 4, reads: 4 },
    { route: '/docs/document_format/schema', readers: 2, reads: 2 },
  ]);
  expect(report.emptySearches).toEqual([
    { query: 'sanction delta feed', times: 2, readers: 2 },
    { query: 'webhooks', times: 1, readers: 1 },
  ]);
});

test('operations are ranked by failed tries, with their status classes and copied samples', () => {
  expect(report.failingOperations[0]).toEqual({
    operation: 'countDocuments',
    tries: 3,
    failed: 2,
    failureRate: 2 / 3,
    byStatus: { '4xx': 2, '2xx': 1 },
    copies: 1,
  });
  expect(report.failingOperations.map((o) => o.operation)).toEqual([
    'countDocuments',
    'searchDocuments',
    'listDoctypes',
  ]);
  expect(report).toMatchObject({ from: '2026-11-20', to: '2026-11-24', events: FIXTURE_ROWS.length, readers: 4 });
});

test('the HTML holds the figures; a reader’s markup is escaped, never rendered', () => {
  const html = reportHtml(report);
  expect(html).toContain('Which fields can be null? &lt;b&gt;Not said&lt;/b&gt; anywhere.');
  expect(html).not.toContain('<b>Not said</b>');
  expect(html).not.toMatch(/<script/i);
});

/** The Markdown report of `rows` and what a GFM renderer makes of it (./markdown.ts, in a tsx child process). */
function renderedMarkdown(rows: InsightRow[]): RenderedMarkdown {
  const output = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'markdown.ts')], {
    input: JSON.stringify(rows),
    encoding: 'utf8',
  });
  return JSON.parse(output) as RenderedMarkdown;
}

/** Text a hostile reader sends: Markdown and HTML that would be a heading, a list, a link, an image, a table row. */
const HOSTILE = [
  'Fine.\n# Pwned\n\n- a list\n> a quote',
  '[click](https://evil.example/) ![img](https://evil.example/p.png) <img src=x onerror=alert(1)> <b>bold</b>',
  '*em* __strong__ `code` ~~struck~~ [ref]: https://evil.example/',
  'a | b\n| --- |\n```js\n1. one\n---',
];

test('in the Markdown, everything a reader sent is the text it was: no heading, link, image, list or HTML of theirs', () => {
  const day = '2026-11-20';
  const rows: InsightRow[] = HOSTILE.flatMap((text, n) => [
    { id: `comment|r${n}`, route: '/docs/x', event: 'comment', value: text, day, reader: `r${n}`, expires: 0 },
    { id: `search|${n}`, route: '/docs/x', event: 'search-empty', value: text, day, reader: `r${n}`, expires: 0 },
    { id: `try|${n}`, route: '/docs/x', event: 'try', value: '4xx', operation: text, day, reader: `r${n}`, expires: 0 },
  ]);
  rows.push({
    id: 'read|1',
    route: '/docs/y\n# Pwned [a](https://evil.example/)',
    event: 'read',
    value: '',
    day,
    reader: 'r9',
    expires: 0,
  });
  rows.push({
    id: 'vote|1',
    route: '/docs/z\n## Owned ![i](https://evil.example/i.png)',
    event: 'vote',
    value: 'no',
    day,
    reader: 'r9',
    expires: 0,
  });
  rows.push({
    id: 'comment|z',
    route: '/docs/z\n## Owned ![i](https://evil.example/i.png)',
    event: 'comment',
    value: 'ok',
    day,
    reader: 'r9',
    expires: 0,
  });
  const rendered = renderedMarkdown(rows);
  expect(rendered.headings).toEqual([
    'Reader insights',
    'Least helpful pages',
    'Comments on /docs/z\n## Owned ![i](https://evil.example/i.png)',
    'Comments on /docs/x',
    'Most read pages',
    'Searches that found nothing',
    'Operations whose tries fail most',
  ]);
  // GFM renderers link a bare address by themselves (no escape stops them): such a link shows its own address.
  expect(rendered.links.length).toBeGreaterThan(0);
  expect(
    rendered.links.filter((link) => ![link.text, `http://${link.text}`, `mailto:${link.text}`].includes(link.url)),
  ).toEqual([]);
  for (const type of [
    'html',
    'image',
    'list',
    'code',
    'inlineCode',
    'emphasis',
    'strong',
    'delete',
    'definition',
    'thematicBreak',
  ])
    expect({ type, found: rendered.types.includes(type) }).toEqual({ type, found: false });
  // Each comment is its quote's text, and each query and operation its table cell's, character for character.
  for (const text of HOSTILE) {
    expect(rendered.quotes).toContain(text);
    expect(rendered.cells).toContain(text);
    // Queries are grouped in any case, and shown in lower case.
    expect(rendered.cells).toContain(text.toLowerCase());
  }
  expect(rendered.cells).toContain('/docs/y\n# Pwned [a](https://evil.example/)');
});

test('the Markdown holds the figures and the comments; an empty report says so', () => {
  const rendered = renderedMarkdown(FIXTURE_ROWS);
  expect(rendered.markdown).toContain('| /docs/document_format/schema | 1 | 2 | 33 % |');
  expect(rendered.quotes).toEqual([
    'Which fields can be null? <b>Not said</b> anywhere.',
    '— 2026-11-20 (not helpful)',
  ]);
  expect(renderedMarkdown([]).markdown).toContain('Nothing recorded yet.');
});
