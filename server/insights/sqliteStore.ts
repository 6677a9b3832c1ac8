/**
 * Reader insights in a SQLite file (libsql, the client the sandbox uses): the gate's store, locally under the
 * git-ignored `.local/` folder (config/env.ts `insights.dataDir`). The file and its folder are created on
 * first use. Rows are written in batches ({@link FLUSH_MS}); `put` resolves once its rows are written. Rows past their expiry, and month secrets older than last month's, are deleted when the store
 * opens and at most once a day after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { InsightRow, InsightsStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, route TEXT NOT NULL, event TEXT NOT NULL, value TEXT NOT NULL, operation TEXT,
  day TEXT NOT NULL, reader TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS events_expires ON events (expires);
CREATE TABLE IF NOT EXISTS month_secrets (month TEXT PRIMARY KEY, secret BLOB NOT NULL);
`;

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
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO events (id, route, event, value, operation, day, reader, expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let swept = '';
  const sweep = () => {
    const today = now().toISOString().slice(0, 10);
    if (swept === today) return;
    swept = today;
    db.prepare('DELETE FROM events WHERE expires < ?').run(Math.floor(now().getTime() / 1000));
    db.prepare('DELETE FROM month_secrets WHERE month < ?').run(previousMonth(today.slice(0, 7)));
  };
  sweep();
  // Rows wait up to FLUSH_MS and are written in one transaction: under a flood of events the gate commits a
  // few times a second instead of once per request, and its pages keep their event loop.
  let pending:
    { rows: InsightRow[]; done: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;
  const flush = () => {
    const batch = pending!;
    pending = undefined;
    try {
      sweep();
      const write = db.transaction((rows: InsightRow[]) => {
        for (const row of rows)
          upsert.run(row.id, row.route, row.event, row.value, row.operation ?? null, row.day, row.reader, row.expires);
      });
      write(batch.rows);
      batch.resolve();
    } catch (error) {
      batch.reject(error);
    }
  };
  const secrets = new Map<string, Buffer>();
  return {
    put(rows: InsightRow[]) {
      if (!pending) {
        let resolve!: () => void;
        let reject!: (error: unknown) => void;
        const done = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
        pending = { rows: [], done, resolve, reject };
        setTimeout(flush, FLUSH_MS);
      }
      pending.rows.push(...rows);
      return pending.done;
    },
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
      if (pending) flush();
      db.close();
    },
  };
}
