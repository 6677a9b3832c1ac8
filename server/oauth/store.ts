/**
 * Where the MCP authorization server keeps its short-lived state: oidc-provider's models (interactions,
 * authorization codes, access and refresh tokens, grants, sessions, dynamically registered and metadata-document
 * clients), and the reader's user-pool session behind a grant (./cognito.ts). One interface, two stores: SQLite
 * for the single-process gate (./sqliteStore.ts) and DynamoDB with TTL on AWS (./dynamoStore.ts).
 *
 * Every record carries its expiry (seconds since the epoch): a read of an expired record finds nothing, and
 * the stores delete them (SQLite when it sweeps, DynamoDB by TTL). An authorization code is consumed once
 * (`consume` marks it; oidc-provider refuses a consumed code and revokes what it issued).
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** A record as a store keeps it: the model's payload, its expiry and the keys oidc-provider looks it up by. */
export interface OAuthRecord {
  payload: AdapterPayload;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The store behind the authorization server. */
export interface OAuthStore {
  /** oidc-provider's adapter for the model `name` (`AccessToken`, `Grant`, `Interaction`, …). */
  adapter(name: string): Adapter;
  /** Closes the store's connections. */
  close(): void;
}

/** The seconds since the epoch of `ms` milliseconds since the epoch. */
export const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Whether `record` is usable at `nowS` (seconds since the epoch): not expired. A consumed record is still
 * found (oidc-provider needs it, to refuse a reused code and revoke what it issued).
 */
export function isLive(record: OAuthRecord | undefined, nowS: number): record is OAuthRecord {
  return record !== undefined && record.expiresAt > nowS;
}
