/**
 * @jest-environment node
 *
 * The writers' report: least helpful pages first with their comments, pages by readers who reached their
 * end, searches that found nothing (any case), operations by failed tries; what readers wrote is text in the
 * HTML, never markup.
 */
import { reportHtml } from '../html';
import { reportMarkdown, reportOf } from '../report';
import { FIXTURE_ROWS } from './fixture';

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

test('Markdown and HTML hold the figures; a reader’s markup is escaped, never rendered', () => {
  const markdown = reportMarkdown(report);
  expect(markdown).toContain('| /docs/document_format/schema | 1 | 2 | 33 % |');
  expect(markdown).toContain('> Which fields can be null? <b>Not said</b> anywhere.');
  const html = reportHtml(report);
  expect(html).toContain('Which fields can be null? &lt;b&gt;Not said&lt;/b&gt; anywhere.');
  expect(html).not.toContain('<b>Not said</b>');
  expect(html).not.toMatch(/<script/i);
  expect(reportMarkdown(reportOf([]))).toContain('Nothing recorded yet.');
});
