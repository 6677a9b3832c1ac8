/**
 * The writers' report (./report.ts) as one self-contained HTML page: no script, no external file, bar charts
 * in inline SVG, each followed by the table of its figures (so the numbers are there for a screen reader and
 * for copying), light and dark by the reader's system setting. Everything readers wrote (comments, queries) is
 * escaped: it is text, never markup.
 */
import { escapeHtml } from '../../rules/html';
import type { InsightsReport } from './report';

const BAR_HEIGHT = 22;
const LABEL_WIDTH = 320;
const CHART_WIDTH = 720;

/** A horizontal bar chart: one bar per `[label, value]`, scaled to the largest value. */
function barChart(id: string, title: string, bars: [string, number][], unit: string): string {
  if (bars.length === 0) return '<p>Nothing recorded yet.</p>';
  const max = Math.max(...bars.map(([, value]) => value), 1);
  const width = CHART_WIDTH - LABEL_WIDTH - 60;
  const rows = bars
    .map(([label, value], index) => {
      const y = index * BAR_HEIGHT;
      const short = label.length > 44 ? `${label.slice(0, 43)}…` : label;
      return (
        `<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(short)}</text>` +
        `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${Math.max(2, (value / max) * width)}" height="${BAR_HEIGHT - 6}" rx="2"></rect>` +
        `<text x="${LABEL_WIDTH + Math.max(2, (value / max) * width) + 6}" y="${y + 15}">${value}${unit}</text>`
      );
    })
    .join('');
  return (
    `<svg role="img" aria-labelledby="${id}" viewBox="0 0 ${CHART_WIDTH} ${bars.length * BAR_HEIGHT}" ` +
    `width="${CHART_WIDTH}" height="${bars.length * BAR_HEIGHT}"><title id="${id}">${escapeHtml(title)}</title>${rows}</svg>`
  );
}

function table(head: string[], rows: (string | number)[][]): string {
  if (rows.length === 0) return '';
  const th = head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((value, i) => (i === 0 ? `<th scope="row">${escapeHtml(String(value))}</th>` : `<td>${escapeHtml(String(value))}</td>`)).join('')}</tr>`,
    )
    .join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1c1e21; --bg: #ffffff; --muted: #525860; --bar: #2e4a62; --line: #d0d4d9; }
@media (prefers-color-scheme: dark) { :root { --fg: #e3e3e3; --bg: #1b1b1d; --muted: #b4b9bf; --bar: #8fb3d3; --line: #444950; } }
body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.75rem; } h2 { font-size: 1.35rem; margin-top: 2.5rem; } h3 { font-size: 1.1rem; }
svg { display: block; max-width: 100%; height: auto; margin: 1rem 0; font-size: 13px; }
svg text { fill: var(--fg); } svg rect { fill: var(--bar); }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.75rem; text-align: right; }
th:first-child, thead th:first-child { text-align: left; font-weight: normal; }
thead th { font-weight: 600; }
blockquote { border-left: 3px solid var(--bar); margin: 0.5rem 0; padding: 0.25rem 0.75rem; }
.muted { color: var(--muted); }
`;

/** The comments on the least helpful pages, newest first. */
function commentsOf(report: InsightsReport): string {
  return report.leastHelpful
    .filter((page) => page.comments.length > 0)
    .map(
      (page) =>
        `<h3>Comments on ${escapeHtml(page.route)}</h3>` +
        page.comments
          .map((c) => {
            const vote = c.helpful === undefined ? '' : c.helpful ? ', helpful' : ', not helpful';
            return `<blockquote><p>${escapeHtml(c.text)}</p><p class="muted">${escapeHtml(c.day)}${vote}</p></blockquote>`;
          })
          .join(''),
    )
    .join('');
}

/** The operations' section: chart and table. */
function operationsOf(report: InsightsReport): string {
  return `${barChart(
    'chart-failing',
    'Failed tries per operation',
    report.failingOperations.map((o) => [o.operation, o.failed]),
    '',
  )}
${table(
  ['Operation', 'Tries', 'Failed', 'Failure rate', '2xx', '4xx', '5xx', 'Samples copied'],
  report.failingOperations.map((o) => [
    o.operation,
    o.tries,
    o.failed,
    `${Math.round(o.failureRate * 100)} %`,
    o.byStatus['2xx'] ?? 0,
    o.byStatus['4xx'] ?? 0,
    o.byStatus['5xx'] ?? 0,
    o.copies,
  ]),
)}`;
}

/** The report as an HTML document. */
export function reportHtml(report: InsightsReport): string {
  const summary =
    report.events === 0
      ? 'Nothing recorded yet.'
      : `${report.events} events from ${report.readers} reader keys, ${report.from} to ${report.to}. Readers are counted per month.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reader insights</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Reader insights</h1>
<p>${escapeHtml(summary)}</p>
<h2>Least helpful pages</h2>
${barChart(
  'chart-unhelpful',
  'Votes "not helpful" per page',
  report.leastHelpful.map((p) => [p.route, p.no]),
  '',
)}
${table(
  ['Page', 'Yes', 'No', 'Helpful'],
  report.leastHelpful.map((p) => [p.route, p.yes, p.no, `${Math.round(p.helpful * 100)} %`]),
)}
${commentsOf(report)}
<h2>Most read pages</h2>
<p class="muted">Readers who reached the end of the page.</p>
${barChart(
  'chart-read',
  'Readers per page',
  report.mostRead.map((p) => [p.route, p.readers]),
  '',
)}
${table(
  ['Page', 'Readers', 'Reads'],
  report.mostRead.map((p) => [p.route, p.readers, p.reads]),
)}
<h2>Searches that found nothing</h2>
${barChart(
  'chart-searches',
  'Readers per search that found nothing',
  report.emptySearches.map((s) => [s.query, s.readers]),
  '',
)}
${table(
  ['Query', 'Readers', 'Times'],
  report.emptySearches.map((s) => [s.query, s.readers, s.times]),
)}
<h2>Operations whose tries fail most</h2>
${operationsOf(report)}
</main>
</body>
</html>
`;
}
