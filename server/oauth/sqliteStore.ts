/**
 * The MCP authorization server's state in a SQLite file (libsql, as reader insights keep theirs): the
 * single-process gate's store, locally under the git-ignored `.local/oauth` (config/env.ts
 * `mcpOAuth.dataDir`), created on first use with mode 0700 for the folder and 0600 for the file: it holds
 * refresh tokens and the readers' user-pool refresh tokens. One table for every model, keyed by model and id,
 * with the grant id, interaction uid and user code oidc-provider looks records up by. Expired records are
 * deleted when the store opens and at most once a minute after, with `secure_delete`, so a revoked or expired
 * token is gone from the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { epochSeconds, isLive, type OAuthRecord, type OAuthStore } from './store';
import { PROJECT_ROOT } from '../../config/paths';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, grant_id TEXT, uid TEXT, user_code TEXT,
  expires INTEGER NOT NULL, PRIMARY KEY (model, id));
CREATE INDEX IF NOT EXISTS records_grant ON records (grant_id);
CREATE INDEX IF NOT EXISTS records_uid ON records (model, uid);
CREATE INDEX IF NOT EXISTS records_user_code ON records (model, user_code);
CREATE INDEX IF NOT EXISTS records_expires ON records (expires);
`;

/** How often, at most, expired records are deleted, in ms. */
export const SWEEP_EVERY_MS = 60_000;

/** The store's folder: `configured` (MCP_OAUTH_DATA_DIR), or `.local/oauth` in the repository (git-ignored). */
export function oauthDataDirOf(configured: string | undefined): string {
  return path.resolve(configured ?? path.join(PROJECT_ROOT, '.local', 'oauth'));
}

/** The database file in `dataDir`. */
export const oauthFileOf = (dataDir: string) => path.join(dataDir, 'oauth.db');

/** A row as the table holds it. */
interface Row {
  payload: string;
  expires: number;
}

/** The statements the store runs, prepared once. */
function prepareStatements(db: InstanceType<typeof Database>) {
  return {
    upsert: db.prepare(
      `INSERT INTO records (model, id, payload, grant_id, uid, user_code, expires) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
         uid = excluded.uid, user_code = excluded.user_code, expires = excluded.expires`,
    ),
    find: db.prepare('SELECT payload, expires FROM records WHERE model = ? AND id = ?'),
    findByUid: db.prepare('SELECT payload, expires FROM records WHERE model = ? AND uid = ?'),
    findByUserCode: db.prepare('SELECT payload, expires FROM records WHERE model = ? AND user_code = ?'),
    consume: db.prepare("UPDATE records SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?"),
    destroy: db.prepare('DELETE FROM records WHERE model = ? AND id = ?'),
    revokeByGrantId: db.prepare('DELETE FROM records WHERE grant_id = ?'),
    sweep: db.prepare('DELETE FROM records WHERE expires <= ?'),
  };
}

/**
 * Opens (or creates) the store in `dataDir`.
 *
 * @param now - the clock, ms since the epoch (tests pass their own).
 * @throws {Error} when the folder cannot be created or the file opened.
 */
export function sqliteOAuthStore(dataDir: string, now: () => number = Date.now): OAuthStore {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = oauthFileOf(dataDir);
  const db = new Database(file);
  fs.chmodSync(file, 0o600);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;');
  db.exec(SCHEMA);
  const statements = prepareStatements(db);
  let sweptAt = -Infinity;
  const sweep = () => {
    if (now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now();
    statements.sweep.run(epochSeconds(now()));
  };
  sweep();
  return { adapter: (model) => modelAdapter(model, statements, sweep, now), close: () => db.close() };
}

/**
 * oidc-provider's adapter for `model` over the store's `statements`: a record is found only while it lives, and
 * every write first sweeps the expired ones (`sweep`, at most once a minute).
 */
function modelAdapter(
  model: string,
  statements: ReturnType<typeof prepareStatements>,
  sweep: () => void,
  now: () => number,
): Adapter {
  const live = (row: Row | undefined): AdapterPayload | undefined => {
    const record: OAuthRecord | undefined = row && { payload: JSON.parse(row.payload), expiresAt: row.expires };
    return isLive(record, epochSeconds(now())) ? record.payload : undefined;
  };
  return {
    async upsert(id, payload, expiresIn) {
      sweep();
      // oidc-provider gives every model it stores an expiry; a record without one lives a day.
      const expires = epochSeconds(now()) + (expiresIn ?? 86_400);
      statements.upsert.run(
        model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expires,
      );
    },
    async find(id) {
      return live(statements.find.get(model, id) as Row | undefined);
    },
    async findByUid(uid) {
      return live(statements.findByUid.get(model, uid) as Row | undefined);
    },
    async findByUserCode(userCode) {
      return live(statements.findByUserCode.get(model, userCode) as Row | undefined);
    },
    async consume(id) {
      statements.consume.run(epochSeconds(now()), model, id);
    },
    async destroy(id) {
      statements.destroy.run(model, id);
    },
    async revokeByGrantId(grantId) {
      statements.revokeByGrantId.run(grantId);
    },
  };
}
