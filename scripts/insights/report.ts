/**
 * The writers' report of reader insights (`npm run insights`): from the kept rows (server/insights/store.ts),
 * the pages readers find least helpful with their comments, the pages read to the end by most readers, the
 * searches that found nothing and the operations whose tries fail most; as data (`--json`), Markdown and a
 * self-contained HTML page with bar charts. Readers are counted by reader key, which changes each month
 * (server/insights/record.ts): a reader active in two months counts twice.
 */
import type { Heading, Paragraph, Root, RootContent, Table, TableRow, Text } from 'mdast';
import type { InsightRow } from '../../server/insights/store';

/** How many entries each list of the report keeps. */
export const REPORT_LIMIT = 20;

export interface PageHelpfulness {
  route: string;
  yes: number;
  no: number;
  /** Share of yes among the votes, 0–1. */
  helpful: number;
  comments: { day: string; text: string; helpful?: boolean }[];
}

export interface PageReads {
  route: string;
  /** Distinct reader keys that reached the end of the page. */
  readers: number;
  reads: number;
}

export interface EmptySearch {
  query: string;
  times: number;
  readers: number;
}

export interface OperationTries {
  operation: string;
  tries: number;
  /** Tries that ended with a 4xx or 5xx. */
  failed: number;
  /** `failed / tries`, 0–1. */
  failureRate: number;
  byStatus: Record<string, number>;
  copies: number;
}

export interface InsightsReport {
  /** The first and last day of the rows read (`''` when there are none). */
  from: string;
  to: string;
  events: number;
  readers: number;
  leastHelpful: PageHelpfulness[];
  mostRead: PageReads[];
  emptySearches: EmptySearch[];
  failingOperations: OperationTries[];
}

/** `items` by `key`, in one pass: each item is pushed onto its group's list. */
function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

const distinct = (rows: InsightRow[]) => new Set(rows.map((row) => row.reader)).size;

/** The operations whose "Try it" calls failed most, with their copies of the request sample (`copy` events). */
function failingOperationsOf(tryRows: InsightRow[], copyRows: InsightRow[]): OperationTries[] {
  const copies = groupBy(copyRows, (row) => row.operation ?? '');
  return [...groupBy(tryRows, (row) => row.operation ?? '')]
    .map(([operation, tries]): OperationTries => {
      const byStatus: Record<string, number> = {};
      for (const row of tries) byStatus[row.value] = (byStatus[row.value] ?? 0) + 1;
      const failed = (byStatus['4xx'] ?? 0) + (byStatus['5xx'] ?? 0);
      return {
        operation,
        tries: tries.length,
        failed,
        failureRate: failed / tries.length,
        byStatus,
        copies: copies.get(operation)?.length ?? 0,
      };
    })
    .sort((a, b) => b.failed - a.failed || b.failureRate - a.failureRate || a.operation.localeCompare(b.operation))
    .slice(0, REPORT_LIMIT);
}

/**
 * The report of `rows`. Linear in the rows: one pass splits them by event, one more groups each kind, and
 * only the groups are sorted; the comments are gathered for the {@link REPORT_LIMIT} pages listed, not for
 * every page (`npm run bench:insights-report` measures it).
 */
export function reportOf(rows: InsightRow[]): InsightsReport {
  let from = '';
  let to = '';
  for (const { day } of rows) {
    if (from === '' || day < from) from = day;
    if (day > to) to = day;
  }
  const byEvent = groupBy(rows, (row) => row.event);
  const of = (event: InsightRow['event']) => byEvent.get(event) ?? [];
  const votesByRoute = groupBy(of('vote'), (row) => row.route);
  const commentsByRoute = groupBy(of('comment'), (row) => row.route);
  const leastHelpful = [...new Set([...votesByRoute.keys(), ...commentsByRoute.keys()])]
    .map((route) => {
      const votes = votesByRoute.get(route) ?? [];
      let yes = 0;
      for (const row of votes) if (row.value === 'yes') yes += 1;
      const comments = commentsByRoute.get(route)?.length ?? 0;
      return { route, yes, no: votes.length - yes, helpful: votes.length > 0 ? yes / votes.length : 1, comments };
    })
    .sort((a, b) => b.no - a.no || a.helpful - b.helpful || b.comments - a.comments)
    .slice(0, REPORT_LIMIT)
    .map(({ comments: _count, ...page }): PageHelpfulness => {
      const voteOf = new Map((votesByRoute.get(page.route) ?? []).map((row) => [row.reader, row.value === 'yes']));
      return {
        ...page,
        comments: (commentsByRoute.get(page.route) ?? [])
          .map((row) => ({ day: row.day, text: row.value, helpful: voteOf.get(row.reader) }))
          .sort((a, b) => b.day.localeCompare(a.day)),
      };
    });
  const mostRead = [...groupBy(of('read'), (row) => row.route)]
    .map(([route, reads]) => ({ route, readers: distinct(reads), reads: reads.length }))
    .sort((a, b) => b.readers - a.readers || b.reads - a.reads || a.route.localeCompare(b.route))
    .slice(0, REPORT_LIMIT);
  const emptySearches = [...groupBy(of('search-empty'), (row) => row.value.toLowerCase())]
    .map(([query, found]) => ({ query, times: found.length, readers: distinct(found) }))
    .sort((a, b) => b.readers - a.readers || b.times - a.times || a.query.localeCompare(b.query))
    .slice(0, REPORT_LIMIT);
  const failingOperations = failingOperationsOf(of('try'), of('copy'));
  return {
    from,
    to,
    events: rows.length,
    readers: distinct(rows),
    leastHelpful,
    mostRead,
    emptySearches,
    failingOperations,
  };
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

const text = (value: string): Text => ({ type: 'text', value });
const heading = (depth: 1 | 2 | 3, value: string): Heading => ({ type: 'heading', depth, children: [text(value)] });
const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: [text(value)] });

/** A GFM table: the first column left-aligned (a page, a query, an operation), the figures right-aligned. */
function table(head: string[], rows: (string | number)[][]): Table {
  const row = (cells: (string | number)[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((cell) => ({ type: 'tableCell', children: [text(String(cell))] })),
  });
  return {
    type: 'table',
    align: head.map((_name, index) => (index === 0 ? null : 'right')),
    children: [row(head), ...rows.map(row)],
  };
}

/** The report as a Markdown syntax tree: every string a reader sent is the value of a text node. */
function reportTree(report: InsightsReport): Root {
  const children: RootContent[] = [
    heading(1, 'Reader insights'),
    paragraph(
      report.events === 0
        ? 'Nothing recorded yet.'
        : `${report.events} events from ${report.readers} reader keys, ${report.from} to ${report.to}. Readers are counted per month.`,
    ),
    heading(2, 'Least helpful pages'),
    table(
      ['Page', 'Yes', 'No', 'Helpful'],
      report.leastHelpful.map((p) => [p.route, p.yes, p.no, percent(p.helpful)]),
    ),
  ];
  for (const page of report.leastHelpful.filter((p) => p.comments.length > 0)) {
    children.push(heading(3, `Comments on ${page.route}`));
    for (const comment of page.comments) {
      const vote = comment.helpful === undefined ? '' : comment.helpful ? ' (helpful)' : ' (not helpful)';
      children.push({
        type: 'blockquote',
        children: [paragraph(comment.text), paragraph(`— ${comment.day}${vote}`)],
      });
    }
  }
  children.push(
    heading(2, 'Most read pages'),
    paragraph('Readers who reached the end of the page.'),
    table(
      ['Page', 'Readers', 'Reads'],
      report.mostRead.map((p) => [p.route, p.readers, p.reads]),
    ),
    heading(2, 'Searches that found nothing'),
    table(
      ['Query', 'Readers', 'Times'],
      report.emptySearches.map((s) => [s.query, s.readers, s.times]),
    ),
    heading(2, 'Operations whose tries fail most'),
    table(
      ['Operation', 'Tries', 'Failed', 'Failure rate', '2xx', '4xx', '5xx', 'Samples copied'],
      report.failingOperations.map((o) => [
        o.operation,
        o.tries,
        o.failed,
        percent(o.failureRate),
        o.byStatus['2xx'] ?? 0,
        o.byStatus['4xx'] ?? 0,
        o.byStatus['5xx'] ?? 0,
        o.copies,
      ]),
    ),
  );
  return { type: 'root', children };
}

/**
 * The report as GitHub-flavoured Markdown (headings, tables, the comments as quotes), written by
 * remark-stringify with remark-gfm from a syntax tree in which whatever readers sent (routes, comments,
 * queries, operations) is text: mdast-util-to-markdown escapes each character that would start a heading,
 * a list, a link, an image, emphasis, code or HTML there, and encodes the line breaks that would end a table
 * row or a heading, so a reader's text renders as the text it is. One thing no escape can stop: GFM
 * renderers link a bare `www.` or e-mail address in text by themselves, showing the address as it is.
 * The remark packages are ESM-only, so they are imported on first use (this module runs under tsx).
 */
export async function reportMarkdown(report: InsightsReport): Promise<string> {
  const [{ unified }, { default: remarkGfm }, { default: remarkStringify }] = await Promise.all([
    import('unified'),
    import('remark-gfm'),
    import('remark-stringify'),
  ]);
  return unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify).stringify(reportTree(report));
}
