/**
 * @jest-environment node
 *
 * The gate's SQLite store of reader insights: a reader's daily quota holds under a flood (10,001 events from
 * one reader in a day keep the quota's worth, refused with 429, while every other reader's events and the
 * reader's own next day are kept).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { READER_DAILY_QUOTA, type InsightEvent } from '../../../rules/insights';
import { recordInsights, type InsightsAnswer } from '../record';
import { sqliteInsightsStore } from '../sqliteStore';

const PAGES: ReadonlySet<string> = new Set(['/docs/x', '/docs/y']);
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-store-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Records `events` for `subject`, in batches of at most 20, all sent at once as a flood is. */
function flood(
  store: ReturnType<typeof sqliteInsightsStore>,
  subject: string,
  events: InsightEvent[],
  now: Date,
): Promise<InsightsAnswer[]> {
  const batches: InsightEvent[][] = [];
  for (let start = 0; start < events.length; start += 20) batches.push(events.slice(start, start + 20));
  return Promise.all(
    batches.map((batch) =>
      recordInsights(
        { body: JSON.stringify({ events: batch }), header: () => undefined, subject, host: 'localhost:3000' },
        store,
        () => PAGES,
        now,
      ),
    ),
  );
}

test('10,001 events from one reader in a day keep the quota’s worth; the rest get 429; nothing else is lost', async () => {
  const day = new Date('2026-11-27T10:00:00Z');
  const store = sqliteInsightsStore(dataDir, () => day);
  try {
    // Another reader's events before and during the flood.
    const before = await flood(store, 'other-reader', [{ type: 'read', route: '/docs/y' }], day);
    const reads = Array.from({ length: 10_001 }, (): InsightEvent => ({ type: 'read', route: '/docs/x' }));
    const [answers, during] = await Promise.all([
      flood(store, 'flooder', reads, day),
      flood(store, 'other-reader', [{ type: 'vote', route: '/docs/x', helpful: true }], day),
    ]);
    const rows = await store.rows();
    const floods = rows.filter((row) => row.route === '/docs/x' && row.event === 'read');
    expect(floods).toHaveLength(READER_DAILY_QUOTA.events);
    const kept = answers.filter((answer) => answer.status === 204).length;
    expect(kept * 20).toBe(READER_DAILY_QUOTA.events);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(answers.length - kept);
    expect(refused[0]).toMatchObject({
      status: 429,
      error: expect.stringMatching(/^events: this reader's quota for today \(1000 events, 65536 bytes of comments\)/),
      retryAfterSeconds: 14 * 3600,
    });
    // The other reader lost nothing.
    expect([...before, ...during].map((answer) => answer.status)).toEqual([204, 204]);
    expect(rows.filter((row) => row.route === '/docs/y' || row.event === 'vote')).toHaveLength(2);
  } finally {
    store.close();
  }
  // The next day the flooder's quota starts again.
  const nextDay = new Date('2026-11-28T00:00:01Z');
  const tomorrow = sqliteInsightsStore(dataDir, () => nextDay);
  try {
    expect((await flood(tomorrow, 'flooder', [{ type: 'read', route: '/docs/x' }], nextDay))[0].status).toBe(204);
  } finally {
    tomorrow.close();
  }
});

test('comment bytes have their quota too: a batch that would go over it is refused whole', async () => {
  const day = new Date('2026-11-27T10:00:00Z');
  const store = sqliteInsightsStore(dataDir, () => day);
  try {
    // 1,000 three-byte characters a comment: 21 fit in 64 KiB, the 22nd does not.
    const comment = (n: number): InsightEvent => ({
      type: 'comment',
      route: n % 2 ? '/docs/x' : '/docs/y',
      text: '€'.repeat(1000),
    });
    const answers: InsightsAnswer[] = [];
    for (let n = 0; n < 22; n += 1)
      answers.push(...(await flood(store, 'writer', [comment(n), { type: 'read', route: '/docs/x' }], day)));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(21).fill(204), 429]);
    // The refused batch's read is not kept either.
    expect((await store.rows()).filter((row) => row.event === 'read')).toHaveLength(21);
  } finally {
    store.close();
  }
});
