/**
 * Reader insights in a SQLite file (libsql, the client the sandbox uses): the gate's store, locally under the
 * git-ignored `.local/` folder (config/env.ts `insights.dataDir`). The file and its folder are created on
 * first use. Rows are written in batches ({@link FLUSH_MS}), each batch with its reader's use of the day's
 * quota (`put` resolves once its rows are written, or refused).
 *
 * The months' secrets are not in the database: each is a file of its own in {@link insightsKeyDirOf} (a
 * folder of mode 0700, files of mode 0600), so a copy of the database (or whoever reads it, as `npm run
 * insights` does, read-only) holds rows whose reader keys nobody can recompute from the list of users. It
 * stands in for what the insights function does on AWS (./dynamoStore.ts: the secrets encrypted under a key
 * only it may use).
 *
 * Rows past their expiry, the quota counts of past days and the secrets of months before last month (their
 * files) are deleted when the store opens and at most once a day after. The database runs with
 * `secure_delete` (SQLite overwrites deleted content with zeros) and its write-ahead log is truncated after a
 * sweep, so what is deleted is gone from the file, not only unlinked from its pages. A database of an earlier
 * version that kept the secrets in a table has them moved to files (this month's and last month's; the rest are
 * past their use), the table dropped and the file vacuumed when the store opens.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { InsightRow, InsightsStore, QuotaClaim } from './store';
import { PROJECT_ROOT } from '../../config/paths';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, route TEXT NOT NULL, event TEXT NOT NULL, value TEXT NOT NULL, operation TEXT,
  day TEXT NOT NULL, reader TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS events_expires ON events (expires);
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
  return path.resolve(configured ?? path.join(PROJECT_ROOT, '.local', 'insights'));
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

/** The folder of the months' secrets: `keys/` in the store's folder, one file per month (`2026-11.key`). */
export const insightsKeyDirOf = (dataDir: string) => path.join(dataDir, 'keys');

/** The bytes of a month's secret. */
const SECRET_BYTES = 32;

/** A month as the key files name it. */
const MONTH = /^\d{4}-\d{2}$/;

const keyFileOf = (keyDir: string, month: string) => path.join(keyDir, `${month}.key`);

/**
 * Writes `secret` as the file of `month`, unless there is one: written under a name of its own first, then
 * linked to the month's name, which fails when another process has linked its own there first (then theirs
 * is the month's). Folder 0700, file 0600.
 */
function writeKeyFile(keyDir: string, month: string, secret: Buffer): void {
  fs.mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  const draft = path.join(keyDir, `.${month}.${process.pid}.${crypto.randomUUID()}`);
  fs.writeFileSync(draft, secret, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, keyFileOf(keyDir, month));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * The secret of `month` from its file, drawn at random and written first when there is none.
 *
 * @throws {Error} naming the file when it is not a secret ({@link SECRET_BYTES} bytes).
 */
function monthKey(keyDir: string, month: string): Buffer {
  const file = keyFileOf(keyDir, month);
  if (!fs.existsSync(file)) writeKeyFile(keyDir, month, crypto.randomBytes(SECRET_BYTES));
  const secret = fs.readFileSync(file);
  if (secret.length !== SECRET_BYTES)
    throw new Error(`${file} is not a month's secret (${SECRET_BYTES} bytes): delete it, and a new one is drawn`);
  return secret;
}

/** Deletes the files of the months before `oldest` (`2026-10`). */
function sweepKeyFiles(keyDir: string, oldest: string): void {
  if (!fs.existsSync(keyDir)) return;
  for (const name of fs.readdirSync(keyDir)) {
    const month = name.slice(0, -'.key'.length);
    if (name.endsWith('.key') && MONTH.test(month) && month < oldest) fs.rmSync(path.join(keyDir, name));
  }
}

/**
 * Moves the secrets an earlier version kept in the table `month_secrets` to their files (those of `oldest` and
 * after), drops the table and vacuums the file, so no secret is left in it.
 */
function moveSecretsToFiles(db: Database.Database, keyDir: string, oldest: string): void {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'month_secrets'").get()) return;
  const kept = db.prepare('SELECT month, secret FROM month_secrets WHERE month >= ?').all(oldest) as {
    month: string;
    secret: Uint8Array;
  }[];
  for (const { month, secret } of kept) writeKeyFile(keyDir, month, Buffer.from(secret));
  db.exec('DROP TABLE month_secrets');
  db.exec('VACUUM');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** Every row of `db` not past its expiry at `now`. */
function rowsOf(db: Database.Database, now: Date): InsightRow[] {
  const all = db
    .prepare('SELECT id, route, event, value, operation, day, reader, expires FROM events WHERE expires >= ?')
    .all(Math.floor(now.getTime() / 1000)) as (InsightRow & { operation: string | null })[];
  return all.map(({ operation, ...row }) => (operation === null ? row : { ...row, operation }));
}

/**
 * The rows of the store in `dataDir`, read-only, as `npm run insights` reads them: no secret, no change.
 *
 * @returns `[]` when there is no store yet.
 */
export function readInsightRows(dataDir: string, now: Date = new Date()): InsightRow[] {
  const file = insightsFileOf(dataDir);
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true });
  try {
    return rowsOf(db, now);
  } finally {
    db.close();
  }
}

/**
 * Opens (creating it when missing) the store in `dataDir`.
 *
 * @param now - the clock, for expiry (tests pass their own).
 * @param keyDir - the folder of the months' secrets (default {@link insightsKeyDirOf}).
 * @throws {Error} when the folder cannot be created or the file is not a SQLite database.
 */
export function sqliteInsightsStore(
  dataDir: string,
  now: () => Date = () => new Date(),
  keyDir: string = insightsKeyDirOf(dataDir),
): InsightsStore & { close(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(insightsFileOf(dataDir));
  db.exec('PRAGMA journal_mode = WAL');
  // Deleted rows are overwritten with zeros, not only unlinked: a copy of the file keeps none of them.
  db.exec('PRAGMA secure_delete = ON');
  // In WAL mode, NORMAL syncs at checkpoints, not at every commit: a write is a few microseconds instead of a
  // disk flush, and the file cannot be corrupted (SQLite "PRAGMA synchronous"); a power cut may lose the last
  // events, which are feedback, not records.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec(SCHEMA);
  const oldestMonth = () => previousMonth(now().toISOString().slice(0, 7));
  moveSecretsToFiles(db, keyDir, oldestMonth());
  // Each month's secret is read from its file once, then held in memory until its month is swept.
  const secrets = new Map<string, Buffer>();
  let swept = '';
  const sweep = () => {
    const today = now().toISOString().slice(0, 10);
    if (swept === today) return;
    swept = today;
    const deleted =
      db.prepare('DELETE FROM events WHERE expires < ?').run(Math.floor(now().getTime() / 1000)).changes +
      db.prepare('DELETE FROM reader_days WHERE day < ?').run(today).changes;
    // The zeroed pages reach the file, and the log holding their earlier content is emptied.
    if (deleted > 0) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    sweepKeyFiles(keyDir, oldestMonth());
    for (const month of secrets.keys()) if (month < oldestMonth()) secrets.delete(month);
  };
  sweep();
  const writer = batchWriter(db, sweep);
  return {
    put: writer.put,
    async monthSecret(month: string) {
      const secret = secrets.get(month) ?? monthKey(keyDir, month);
      secrets.set(month, secret);
      return secret;
    },
    async rows() {
      return rowsOf(db, now());
    },
    close() {
      writer.flush();
      db.close();
    },
  };
}
