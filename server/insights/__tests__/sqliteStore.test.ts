/**
 * @jest-environment node
 *
 * The gate's SQLite store of reader insights: a reader's daily quota holds under a flood (10,001 events from
 * one reader in a day keep the quota's worth, refused with 429, while every other reader's events and the
 * reader's own next day are kept); the months' secrets live in files of their own (mode 0600), never in the
 * database, and are deleted when their month is swept; what a sweep deletes is gone from the file's bytes; a
 * database that kept the secrets in a table has them moved out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { READER_DAILY_QUOTA, type InsightEvent } from '../../../rules/insights';
import Database from 'libsql';
import { readerKeyOf, recordInsights, type InsightsAnswer } from '../record';
import { insightsFileOf, insightsKeyDirOf, readInsightRows, sqliteInsightsStore } from '../sqliteStore';

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
        { body: JSON.stringify({ events: batch }), header: () => undefined, subject, hosts: ['localhost:3000'] },
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

/** The bytes of the database file and its write-ahead log, as a copy of the folder's database would hold them. */
function databaseBytes(): Buffer {
  const file = insightsFileOf(dataDir);
  return Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}

test('a month’s secret is a file of its own (0600) outside the database, read by the next process too', async () => {
  const store = sqliteInsightsStore(dataDir, () => new Date('2026-11-27T10:00:00Z'));
  let secret: Buffer;
  try {
    secret = await store.monthSecret('2026-11');
    await flood(store, 'reader', [{ type: 'read', route: '/docs/x' }], new Date('2026-11-27T10:00:00Z'));
  } finally {
    store.close();
  }
  const file = path.join(insightsKeyDirOf(dataDir), '2026-11.key');
  expect(fs.readFileSync(file).equals(secret)).toBe(true);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(insightsKeyDirOf(dataDir)).mode & 0o777).toBe(0o700);
  expect(databaseBytes().includes(secret)).toBe(false);
  const db = new Database(insightsFileOf(dataDir), { readonly: true });
  expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([
    { name: 'events' },
    { name: 'reader_days' },
  ]);
  db.close();
  const again = sqliteInsightsStore(dataDir, () => new Date('2026-11-28T10:00:00Z'));
  try {
    expect((await again.monthSecret('2026-11')).equals(secret)).toBe(true);
  } finally {
    again.close();
  }
  // The report reads the rows without the secrets' folder.
  fs.renameSync(insightsKeyDirOf(dataDir), `${insightsKeyDirOf(dataDir)}-elsewhere`);
  expect(readInsightRows(dataDir, new Date('2026-11-28T10:00:00Z'))).toHaveLength(1);
});

test('a sweep deletes the secrets of months before last and leaves no byte of the expired rows in the file', async () => {
  const day = new Date('2026-01-10T10:00:00Z');
  const store = sqliteInsightsStore(dataDir, () => day);
  let reader: string;
  try {
    const secret = await store.monthSecret('2026-01');
    reader = readerKeyOf('someone', secret);
    const comment = 'MARKER-expired-comment-text';
    expect(await flood(store, 'someone', [{ type: 'comment', route: '/docs/x', text: comment }], day)).toEqual([
      { status: 204 },
    ]);
    expect(databaseBytes().includes(comment)).toBe(true);
  } finally {
    store.close();
  }
  // 13 months and a bit later: the row is past its expiry, January 2026 is long before last month.
  const later = sqliteInsightsStore(dataDir, () => new Date('2027-03-01T10:00:00Z'));
  try {
    expect(await later.rows()).toEqual([]);
  } finally {
    later.close();
  }
  expect(fs.existsSync(path.join(insightsKeyDirOf(dataDir), '2026-01.key'))).toBe(false);
  const bytes = databaseBytes();
  expect(bytes.includes('MARKER-expired-comment-text')).toBe(false);
  expect(bytes.includes(reader)).toBe(false);
});

test('secrets an earlier version kept in the database are moved to files, and are gone from it', async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  const current = Buffer.alloc(32, 0x5a);
  const old = Buffer.alloc(32, 0x3c);
  const db = new Database(insightsFileOf(dataDir));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE month_secrets (month TEXT PRIMARY KEY, secret BLOB NOT NULL)');
  db.prepare('INSERT INTO month_secrets VALUES (?, ?), (?, ?)').run('2026-11', current, '2026-08', old);
  db.close();
  expect(databaseBytes().includes(current)).toBe(true);
  const store = sqliteInsightsStore(dataDir, () => new Date('2026-11-27T10:00:00Z'));
  try {
    // The month's readers keep their keys: the secret is the same.
    expect((await store.monthSecret('2026-11')).equals(current)).toBe(true);
  } finally {
    store.close();
  }
  expect(fs.existsSync(path.join(insightsKeyDirOf(dataDir), '2026-08.key'))).toBe(false);
  const bytes = databaseBytes();
  expect(bytes.includes(current)).toBe(false);
  expect(bytes.includes(old)).toBe(false);
});
