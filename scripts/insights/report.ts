/**
 * The writers' report of reader insights (`npm run insights`): from the kept rows (server/insights/store.ts),
 * the pages readers find least helpful with their comments, the pages read to the end by most readers, the
 * searches that found nothing and the operations whose tries fail most; as data (`--json`), Markdown and a
 * self-contained HTML page with bar charts. Readers are counted by reader key, which changes each month
 * (server/insights/record.ts): a reader active in two months counts twice.
 */
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
  const copies = groupBy(of('copy'), (row) => row.operation ?? '');
  const failingOperations = [...groupBy(of('try'), (row) => row.operation ?? '')]
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

/** A Markdown table cell: no line breaks, `|` escaped. */
const cell = (text: string) => text.replace(/\r?\n/g, ' ').replaceAll('|', '\\|');

/** The report as Markdown (headings, tables, the comments as quotes). */
export function reportMarkdown(report: InsightsReport): string {
  const lines = [
    '# Reader insights',
    '',
    report.events === 0
      ? 'Nothing recorded yet.'
      : `${report.events} events from ${report.readers} reader keys, ${report.from} to ${report.to}. Readers are counted per month.`,
    '',
    '## Least helpful pages',
    '',
    '| Page | Yes | No | Helpful |',
    '| --- | ---: | ---: | ---: |',
    ...report.leastHelpful.map((p) => `| ${cell(p.route)} | ${p.yes} | ${p.no} | ${percent(p.helpful)} |`),
  ];
  for (const page of report.leastHelpful.filter((p) => p.comments.length > 0)) {
    lines.push('', `### Comments on ${page.route}`, '');
    for (const comment of page.comments) {
      const vote = comment.helpful === undefined ? '' : comment.helpful ? ' (helpful)' : ' (not helpful)';
      lines.push(`> ${cell(comment.text)}`, `> — ${comment.day}${vote}`, '');
    }
  }
  lines.push(
    '',
    '## Most read pages',
    '',
    'Readers who reached the end of the page.',
    '',
    '| Page | Readers | Reads |',
    '| --- | ---: | ---: |',
    ...report.mostRead.map((p) => `| ${cell(p.route)} | ${p.readers} | ${p.reads} |`),
    '',
    '## Searches that found nothing',
    '',
    '| Query | Readers | Times |',
    '| --- | ---: | ---: |',
    ...report.emptySearches.map((s) => `| ${cell(s.query)} | ${s.readers} | ${s.times} |`),
    '',
    '## Operations whose tries fail most',
    '',
    '| Operation | Tries | Failed | Failure rate | 2xx | 4xx | 5xx | Samples copied |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.failingOperations.map(
      (o) =>
        `| ${cell(o.operation)} | ${o.tries} | ${o.failed} | ${percent(o.failureRate)} | ${o.byStatus['2xx'] ?? 0} | ${o.byStatus['4xx'] ?? 0} | ${o.byStatus['5xx'] ?? 0} | ${o.copies} |`,
    ),
    '',
  );
  return lines.join('\n');
}
