/**
 * Reader insights in a SQLite file (libsql, the client the sandbox uses): the gate's store, locally under the
 * git-ignored `.local/` folder (config/env.ts `insights.dataDir`). The file and its folder are created on
 * first use. Rows are written in batches ({@link FLUSH_MS}), each batch with its reader's use of the day's
 * quota (`put` resolves once its rows are written, or refused). Rows past their expiry, month secrets older
 * than last month's and the quota counts of past days are deleted when the store opens and at most once a day
 * after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { InsightRow, InsightsStore, QuotaClaim } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, route TEXT NOT NULL, event TEXT NOT NULL, value TEXT NOT NULL, operation TEXT,
  day TEXT NOT NULL, reader TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS events_expires ON events (expires);
CREATE TABLE IF NOT EXISTS month_secrets (month TEXT PRIMARY KEY, secret BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS reader_days (
  reader TEXT NOT NULL, day TEXT NOT NULL, events INTEGER NOT NULL, comment_bytes INTEGER NOT NULL,
  PRIMARY KEY (reader, day));
`;

/**
 * Takes a batch's use from its reader's quota of the day (a row per reader and day), or changes nothing when
 * the use would then go over the quota: one statement, so `changes` says which.
 */
const TAKE_QUOTA = `
INSERT INTO reader_days (reader, day, events, comment_bytes)
  SELECT @reader, @day, @events, @commentBytes WHERE @events <= @maxEvents AND @commentBytes <= @maxCommentBytes
ON CONFLICT (reader, day) DO UPDATE SET
  events = events + excluded.events, comment_bytes = comment_bytes + excluded.comment_bytes
  WHERE events + excluded.events <= @maxEvents AND comment_bytes + excluded.comment_bytes <= @maxCommentBytes`;

/**
 * The store's folder: `configured` (INSIGHTS_DATA_DIR, config/env.ts `insights.dataDir`), or `.local/insights` in
 * the repository (git-ignored).
 */
export function insightsDataDirOf(configured: string | undefined): string {
  return path.resolve(configured ?? path.resolve(__dirname, '..', '..', '.local', 'insights'));
}

/** How long rows wait to be written together, ms. */
export const FLUSH_MS = 50;

/** The file of the store in `dataDir`. */
export const insightsFileOf = (dataDir: string) => path.join(dataDir, 'insights.db');

/** The month before `month` (`2026-01` → `2025-12`). */
function previousMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 7);
}

/**
 * Batches wait up to {@link FLUSH_MS} and are written in one transaction: under a flood of events the gate
 * commits a few times a second instead of once per request, and its pages keep their event loop. Each batch
 * takes its reader's quota and is written, or neither, in the order the batches came.
 *
 * @param beforeWrite - runs in each flush before the transaction (the daily sweep).
 */
function batchWriter(db: Database.Database, beforeWrite: () => void): { put: InsightsStore['put']; flush: () => void } {
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO events (id, route, event, value, operation, day, reader, expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const takeQuota = db.prepare(TAKE_QUOTA);
  type Pending = {
    rows: InsightRow[];
    claim: QuotaClaim;
    resolve: (kept: boolean) => void;
    reject: (error: unknown) => void;
  };
  const write = db.transaction((batches: Pending[]) =>
    batches.map(({ rows, claim }) => {
      const taken = takeQuota.run({
        reader: claim.reader,
        day: claim.day,
        events: claim.use.events,
        commentBytes: claim.use.commentBytes,
        maxEvents: claim.quota.events,
        maxCommentBytes: claim.quota.commentBytes,
      });
      if (taken.changes === 0) return false;
      for (const row of rows)
        upsert.run(row.id, row.route, row.event, row.value, row.operation ?? null, row.day, row.reader, row.expires);
      return true;
    }),
  );
  let pending: Pending[] | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    const batches = pending;
    pending = undefined;
    if (!batches) return;
    try {
      beforeWrite();
      const kept = write(batches) as boolean[];
      batches.forEach((batch, index) => batch.resolve(kept[index]));
    } catch (error) {
      for (const batch of batches) batch.reject(error);
    }
  };
  return {
    put(rows, claim) {
      if (!pending) {
        pending = [];
        timer = setTimeout(flush, FLUSH_MS);
      }
      const batches = pending;
      return new Promise<boolean>((resolve, reject) => batches.push({ rows, claim, resolve, reject }));
    },
    flush,
  };
}

/**
 * Opens (creating it when missing) the store in `dataDir`.
 *
 * @param now - the clock, for expiry (tests pass their own).
 * @throws {Error} when the folder cannot be created or the file is not a SQLite database.
 */
export function sqliteInsightsStore(
  dataDir: string,
  now: () => Date = () => new Date(),
): InsightsStore & { close(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(insightsFileOf(dataDir));
  db.exec('PRAGMA journal_mode = WAL');
  // In WAL mode, NORMAL syncs at checkpoints, not at every commit: a write is a few microseconds instead of a
  // disk flush, and the file cannot be corrupted (SQLite "PRAGMA synchronous"); a power cut may lose the last
  // events, which are feedback, not records.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec(SCHEMA);
  let swept = '';
  const sweep = () => {
    const today = now().toISOString().slice(0, 10);
    if (swept === today) return;
    swept = today;
    db.prepare('DELETE FROM events WHERE expires < ?').run(Math.floor(now().getTime() / 1000));
    db.prepare('DELETE FROM month_secrets WHERE month < ?').run(previousMonth(today.slice(0, 7)));
    db.prepare('DELETE FROM reader_days WHERE day < ?').run(today);
  };
  sweep();
  const writer = batchWriter(db, sweep);
  const secrets = new Map<string, Buffer>();
  return {
    put: writer.put,
    async monthSecret(month: string) {
      const known = secrets.get(month);
      if (known) return known;
      db.prepare('INSERT OR IGNORE INTO month_secrets (month, secret) VALUES (?, ?)').run(
        month,
        crypto.randomBytes(32),
      );
      const row = db.prepare('SELECT secret FROM month_secrets WHERE month = ?').get(month) as { secret: Buffer };
      const secret = Buffer.from(row.secret);
      secrets.set(month, secret);
      return secret;
    },
    async rows() {
      const all = db
        .prepare('SELECT id, route, event, value, operation, day, reader, expires FROM events WHERE expires >= ?')
        .all(Math.floor(now().getTime() / 1000)) as (InsightRow & { operation: string | null })[];
      return all.map(({ operation, ...row }) => (operation === null ? row : { ...row, operation }));
    },
    close() {
      writer.flush();
      db.close();
    },
  };
}
