/**
 * `npm run bench:insights` (a benchmark, not a test): does a flood of reader insights lose events or slow the
 * pages? The gate runs as `npm run serve` would (its own process, local identity, its SQLite store in a folder
 * of its own). Readers ask for a doc page at a steady {@link PAGE_RATE} requests/s; first alone (the anchor),
 * then while {@link EVENTS} events arrive (reads of that page, from {@link READERS} readers so that none reaches
 * the daily quota), one per request, at {@link EVENT_RATE} requests/s; {@link ROUNDS} times. Prints each round's page p50/p99 latency and events sent, answered 204 and kept in the store, then
 * the median p99s and their ratio; exits 1 when an event is lost or the page's median p99 grows by more than
 * {@link P99_SLACK}. Each load generator runs in its own thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'libsql';
import { INSIGHTS_EVENTS_PATH } from '../rules/insights';
import { insightsFileOf } from '../server/insights/sqliteStore';
import { startLocalGate, type LocalGate } from './sites/localGate';
import { benchPort, gatePorts } from './sites/ports';

const PAGE = '/docs/document_format/schema';
const PORTS = gatePorts(benchPort('insights'));
const GATE_PORT = PORTS.gate;
/** Page requests per second, both runs: a busy portal. */
const PAGE_RATE = 200;
/** The flood: events, one per request, and their rate (requests/s). */
const EVENTS = 10_000;
const EVENT_RATE = 1_000;
/**
 * Readers of each round's flood, each with a user id of their own: every reader stays within the daily quota
 * (rules/insights.ts `READER_DAILY_QUOTA`; {@link EVENTS} / READERS events each).
 */
const READERS = 50;
/** Rounds of (page alone, page with the flood). */
const ROUNDS = 3;
/** How much the page's p99 may grow under the flood (0.1: 10 %). */
const P99_SLACK = 0.1;

async function pages(headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: `http://localhost:${GATE_PORT}${PAGE}`,
    connections: 8,
    overallRate: PAGE_RATE,
    duration: seconds,
    headers,
    // Its own thread: the flood's client must not delay the pages' client.
    workers: 1,
  });
  return { p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** The control: as many requests at the same rate to the gate's health check, which reads and records nothing. */
async function control() {
  const result = await autocannon({
    url: `http://localhost:${GATE_PORT}/healthz`,
    connections: 16,
    overallRate: EVENT_RATE,
    amount: EVENTS,
    workers: 1,
  });
  return { sent: result.requests.total };
}

/**
 * The flood: {@link EVENTS} reads of the page, one per request, each a row of its own, from {@link READERS}
 * readers in turn (each connection goes through the list), so none reaches the daily quota.
 */
async function flood(readers: Record<string, string>[]) {
  const result = await autocannon({
    url: `http://localhost:${GATE_PORT}${INSIGHTS_EVENTS_PATH}`,
    connections: 16,
    overallRate: EVENT_RATE,
    amount: EVENTS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ events: [{ type: 'read', route: PAGE }] }),
    requests: readers.map((headers) => ({ headers: { ...headers, 'content-type': 'application/json' } })),
    workers: 1,
  });
  return {
    sent: result.requests.total,
    answered: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** How many `read` events of the page the store in `insightsDir` holds. */
function readEventsOf(insightsDir: string): number {
  const db = new Database(insightsFileOf(insightsDir), { readonly: true });
  try {
    return (
      db.prepare("SELECT count(*) AS n FROM events WHERE event = 'read' AND route = ?").get(PAGE) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const insightsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-insights-store-'));
  let gate: LocalGate | undefined;
  try {
    gate = await startLocalGate(PORTS, PAGE, { INSIGHTS_DATA_DIR: insightsDir });
    const { signedIn } = gate;
    await pages(signedIn, 3); // warm-up
    // Rounds of the page alone, then with the flood; the medians, as one round's p99 moves with the machine.
    const alone: number[] = [];
    const controlled: number[] = [];
    const loaded: number[] = [];
    let kept = 0;
    let pageErrors = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const anchor = await pages(signedIn, 10);
      const [withControl] = await Promise.all([pages(signedIn, 10), control()]);
      const readers = Array.from({ length: READERS }, (_, n) => gate!.signedInAs(`bench-reader-${round}-${n}`));
      const [withFlood, sent] = await Promise.all([pages(signedIn, 10), flood(readers)]);
      const total = readEventsOf(insightsDir);
      console.log(
        `round ${round}: page p50/p99 alone ${anchor.p50}/${anchor.p99} ms, beside ${EVENTS} health checks ` +
          `${withControl.p50}/${withControl.p99} ms, beside the events ${withFlood.p50}/${withFlood.p99} ms; ` +
          `events ${sent.sent} sent, ${sent.answered} answered 204, ${sent.errors} errors, ${total - kept} kept`,
      );
      alone.push(anchor.p99);
      controlled.push(withControl.p99);
      loaded.push(withFlood.p99);
      kept = total;
      pageErrors += anchor.errors + withFlood.errors;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ratio = median(loaded) / Math.max(median(alone), 1);
    console.log(
      `recording's own cost: the page's median p99 beside the events is ` +
        `${(median(loaded) / Math.max(median(controlled), 1)).toFixed(2)}x its p99 beside as many health checks ` +
        `(${median(controlled)} ms): the rest is the machine's load (the generators share its cores).`,
    );
    console.log(
      `page ${PAGE} at ${PAGE_RATE} req/s, median p99 of ${ROUNDS} rounds: alone ${median(alone)} ms, with ${EVENTS} events ` +
        `at ${EVENT_RATE} req/s ${median(loaded)} ms (${ratio.toFixed(2)}x); page errors ${pageErrors}; ` +
        `events lost ${ROUNDS * EVENTS - kept} of ${ROUNDS * EVENTS}`,
    );
    const missed = [
      ...(kept < ROUNDS * EVENTS ? [`${ROUNDS * EVENTS - kept} events lost`] : []),
      ...(ratio > 1 + P99_SLACK
        ? [`the page's p99 grew ${((ratio - 1) * 100).toFixed(0)} % (at most ${P99_SLACK * 100} %)`]
        : []),
    ];
    if (missed.length > 0) {
      console.log(`Targets missed:\n- ${missed.join('\n- ')}`);
      process.exitCode = 1;
    }
  } finally {
    gate?.stop();
    fs.rmSync(insightsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:insights failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
