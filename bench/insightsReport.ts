/**
 * `npm run bench:insights-report` (a benchmark, not a test): does the writers' report (`npm run insights`,
 * scripts/insights/report.ts) grow linearly with the rows? Builds the report of {@link SMALL} and of
 * {@link LARGE} generated rows, {@link ROUNDS} times each after a warm-up, and prints the median times, each
 * as a multiple of an anchor measured in the same run (one pass counting the rows per route, which is linear
 * by construction), and the ratio large/small. Twice the rows should take about twice the time; exits 1 when
 * the ratio is over {@link MAX_RATIO}, i.e. the report has grown super-linear.
 *
 * The rows are skewed as real floods are: half of them on one page (the report once copied a page's list at
 * every row, which only a large group shows), the rest spread over many pages, readers, queries and
 * operations.
 */
import { performance } from 'node:perf_hooks';
import { reportOf } from '../scripts/insights/report';
import type { InsightRow } from '../server/insights/store';

/** Rows of the anchor run and of the doubled run. */
const SMALL = 100_000;
const LARGE = 200_000;
/** Timed runs of each size (the median is printed), after one warm-up run. */
const ROUNDS = 5;
/** The largest large/small time ratio taken as linear: 2 plus room for the machine's noise and the sorts. */
const MAX_RATIO = 2.6;

const EVENTS: InsightRow['event'][] = [
  'read',
  'read',
  'read',
  'vote',
  'vote',
  'comment',
  'search-empty',
  'try',
  'try',
  'copy',
];
const STATUS = ['2xx', '4xx', '4xx', '5xx'];

/** `count` rows from a fixed seed (a linear congruential generator), so every run measures the same rows. */
function generatedRows(count: number): InsightRow[] {
  let seed = 42;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const rows: InsightRow[] = [];
  for (let n = 0; n < count; n += 1) {
    const event = EVENTS[next(EVENTS.length)];
    const route = next(2) === 0 ? '/docs/hot-page' : `/docs/page-${next(500)}`;
    const reader = `reader-${next(Math.max(1, count / 20))}`;
    const day = `2026-11-${String(1 + next(28)).padStart(2, '0')}`;
    const operation = event === 'try' || event === 'copy' ? `operation${next(40)}` : undefined;
    const value =
      event === 'vote'
        ? next(3) === 0
          ? 'yes'
          : 'no'
        : event === 'comment'
          ? `Comment ${n} on what the page misses.`
          : event === 'search-empty'
            ? `query ${next(2000)}`
            : event === 'try'
              ? STATUS[next(STATUS.length)]
              : '';
    rows.push({
      id: `${event}|${n}`,
      route,
      event,
      value,
      ...(operation ? { operation } : {}),
      day,
      reader,
      expires: 1_900_000_000,
    });
  }
  return rows;
}

/** The anchor: one pass over the rows counting them per route. */
function anchorPass(rows: InsightRow[]): number {
  const perRoute = new Map<string, number>();
  for (const row of rows) perRoute.set(row.route, (perRoute.get(row.route) ?? 0) + 1);
  return perRoute.size;
}

/** The median time of `run` over {@link ROUNDS} runs after a warm-up, ms. */
function medianMs(run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

function main(): void {
  const small = generatedRows(SMALL);
  const large = generatedRows(LARGE);
  const anchor = medianMs(() => anchorPass(small));
  const smallMs = medianMs(() => reportOf(small));
  const largeMs = medianMs(() => reportOf(large));
  const ratio = largeMs / smallMs;
  const times = (ms: number) => `${ms.toFixed(1)} ms (${(ms / anchor).toFixed(1)}x the anchor)`;
  console.log(`anchor: one pass over ${SMALL} rows counting them per route, ${anchor.toFixed(1)} ms`);
  console.log(`report of ${SMALL} rows: ${times(smallMs)}`);
  console.log(`report of ${LARGE} rows: ${times(largeMs)}`);
  console.log(`${LARGE}/${SMALL} rows: ${ratio.toFixed(2)}x the time (linear: about 2; at most ${MAX_RATIO})`);
  if (ratio > MAX_RATIO) {
    console.log(`Target missed: the report grows super-linearly (${ratio.toFixed(2)}x for twice the rows).`);
    process.exitCode = 1;
  }
}

main();
