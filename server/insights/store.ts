/**
 * Where reader insights are kept (./record.ts): SQLite for the gate (./sqliteStore.ts), DynamoDB for the
 * insights function on AWS (./dynamoStore.ts), each with the readers' use of their daily quota beside the
 * rows. `npm run insights` reads the rows of either.
 */
import type { InsightEvent, ReaderUse } from '../../rules/insights';

/** One kept event. Holds no IP address, user agent, token or user id. */
export interface InsightRow {
  /** `vote|<reader>|<route>` and `comment|<reader>|<route>` (one per reader and page); `<event>|<day>|<uuid>` otherwise. */
  id: string;
  /** The page's path, without query or fragment. */
  route: string;
  event: InsightEvent['type'];
  /** `yes`/`no` for a vote, the text of a comment, the query of a search, the status class of a try, `''` for a read or a copy. */
  value: string;
  /** The operation of a try or a copy. */
  operation?: string;
  /** The day, UTC (`2026-11-27`): no time of day is kept. */
  day: string;
  /** The reader key: HMAC of the user id under the month's secret. */
  reader: string;
  /** When the row is deleted, epoch seconds (13 months after `day`). */
  expires: number;
}

/** What a batch of one reader takes of that reader's quota of a day (rules/insights.ts `READER_DAILY_QUOTA`). */
export interface QuotaClaim {
  /** The reader key. */
  reader: string;
  /** The day, UTC (`2026-11-27`). */
  day: string;
  /** What the batch takes. */
  use: ReaderUse;
  /** The most the reader may take in the day. */
  quota: ReaderUse;
}

/** A store of insight rows, of the readers' daily use, and of the months' secrets. */
export interface InsightsStore {
  /**
   * Takes `claim.use` from the reader's quota of the day and writes `rows`, replacing a row with the same id;
   * or, when the reader's use of the day would then go over `claim.quota`, neither.
   *
   * @returns whether the rows were written (`false`: the quota is used up, and nothing changed).
   */
  put(rows: InsightRow[], claim: QuotaClaim): Promise<boolean>;
  /**
   * The secret of `month` (`2026-11`), drawn at random the first time it is asked for (32 bytes) and kept until
   * the month after it ends, so every process of a deployment uses the same one.
   */
  monthSecret(month: string): Promise<Buffer>;
  /** Every row not yet expired. */
  rows(): Promise<InsightRow[]>;
}
