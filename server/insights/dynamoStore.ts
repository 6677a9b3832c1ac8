/**
 * Reader insights in a DynamoDB table (deploy/stack.ts: on-demand, TTL on `expires`, point-in-time recovery,
 * encryption): the store of the insights function on AWS (deploy/insights), and what `npm run insights -- --aws`
 * reads. One item per row, keyed by its `id` (server/insights/store.ts); the months' secrets are items
 * `secret|<month>` holding each secret only encrypted under a KMS key that the insights function alone may use
 * (deploy/stack.ts), so whoever reads the table, a backup or a point-in-time restore of it gets no secret, and
 * that expire a month after theirs ends; a reader's use of a day's quota is an item
 * `quota|<reader>|<day>` that expires the day after. A batch takes its quota first, then is written: when the
 * write fails after that (the caller answers 500), the quota it took stays taken. A secret an earlier version
 * kept in plain text is replaced by a drawn one at its first use (that month's readers count afresh from then).
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { InsightRow, InsightsStore, QuotaClaim } from './store';

/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_ITEMS = 25;

/** Prefix of the months' secrets' ids. */
const SECRET_PREFIX = 'secret|';

/** Prefix of the items counting a reader's use of a day's quota: `quota|<reader>|<day>`. */
const QUOTA_PREFIX = 'quota|';

/** When the count of `day` (`2026-11-27`) expires: the end of the day after it, epoch seconds. */
export function quotaExpiryOf(day: string): number {
  return Math.floor(new Date(`${day}T00:00:00Z`).getTime() / 1000) + 2 * 86_400;
}

/** When the secret of `month` (`2026-11`) expires: the end of the month after it, epoch seconds. */
export function secretExpiryOf(month: string): number {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 2);
  return Math.floor(date.getTime() / 1000);
}

/**
 * Adds `claim.use` to the reader's count of the day, on the condition that it stays within the quota (one
 * conditional UpdateItem, so concurrent requests of a reader cannot both take the last of it).
 *
 * @returns whether it was taken.
 */
async function takeQuota(client: DynamoDBDocumentClient, tableName: string, claim: QuotaClaim): Promise<boolean> {
  const { use, quota } = claim;
  if (use.events > quota.events || use.commentBytes > quota.commentBytes) return false;
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { id: `${QUOTA_PREFIX}${claim.reader}|${claim.day}` },
        UpdateExpression: 'ADD events :events, commentBytes :commentBytes SET expires = :expires',
        ConditionExpression:
          'attribute_not_exists(id) OR (events <= :eventsLeft AND commentBytes <= :commentBytesLeft)',
        ExpressionAttributeValues: {
          ':events': use.events,
          ':commentBytes': use.commentBytes,
          ':expires': quotaExpiryOf(claim.day),
          ':eventsLeft': quota.events - use.events,
          ':commentBytesLeft': quota.commentBytes - use.commentBytes,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Writes `rows`, {@link BATCH_ITEMS} at a time; unprocessed items (throttling) are sent again, with a growing
 * pause, so none is lost.
 *
 * @throws {Error} when DynamoDB leaves some unwritten after 8 retries.
 */
async function writeRows(client: DynamoDBDocumentClient, tableName: string, rows: InsightRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ITEMS) {
    let requests = rows.slice(start, start + BATCH_ITEMS).map((row) => ({ PutRequest: { Item: { ...row } } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error(`DynamoDB left ${requests.length} insight rows unwritten after 8 retries`);
      const output: BatchWriteCommandOutput = await client.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (output.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/**
 * The encryption context of every month's secret: KMS binds the ciphertext to it (decrypting needs it again),
 * and the key policy lets the insights function use the key for this purpose only (deploy/stack.ts).
 */
export const READER_KEY_PURPOSE = 'portal-insights-reader-key';

/** A month's secret as its item keeps it: the data key KMS drew, encrypted under the stack's key. */
interface SecretItem {
  /** The ciphertext KMS returned (GenerateDataKey `CiphertextBlob`). */
  wrapped?: Uint8Array;
  /** A secret an earlier version kept in plain text: replaced by a new one on first use. */
  secret?: string;
}

/**
 * The month's secret: drawn by KMS (GenerateDataKey, 32 bytes) the first time, kept in the table only as the
 * ciphertext, and decrypted by KMS when another instance reads it. Two instances drawing at once: the first
 * put wins and the other decrypts it.
 */
async function drawOrRead(
  client: DynamoDBDocumentClient,
  kms: KMSClient,
  tableName: string,
  keyId: string,
  month: string,
): Promise<Buffer> {
  const id = `${SECRET_PREFIX}${month}`;
  const context = { purpose: READER_KEY_PURPOSE, month };
  const read = async () =>
    (await client.send(new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }))).Item as
      SecretItem | undefined;
  const unwrap = async (wrapped: Uint8Array) =>
    Buffer.from(
      (await kms.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: context })))
        .Plaintext!,
    );
  const known = await read();
  if (known?.wrapped) return unwrap(known.wrapped);
  const drawn = await kms.send(
    new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
  );
  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { id, wrapped: drawn.CiphertextBlob, expires: secretExpiryOf(month) },
        // A secret in plain text (an earlier version's) is replaced; a wrapped one is never.
        ConditionExpression: 'attribute_not_exists(id) OR attribute_exists(secret)',
      }),
    );
    return Buffer.from(drawn.Plaintext!);
  } catch (error) {
    // Another instance drew this month's secret first: use theirs.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return unwrap((await read())!.wrapped!);
  }
}

/** Where the store is and what it may use. */
export interface DynamoInsightsOptions {
  /**
   * The KMS key the months' secrets are encrypted under (the stack's `InsightsSecretsKey`, which only the
   * insights function may use). Without it, `monthSecret` throws: reading the rows (`npm run insights -- --aws`)
   * needs none.
   */
  keyId?: string;
  /** The document client (tests pass a mocked one). */
  client?: DynamoDBDocumentClient;
  /** The KMS client (tests pass a mocked one). */
  kms?: KMSClient;
  /** The clock, for the rows not yet deleted by TTL (DynamoDB deletes expired items within days). */
  now?: () => Date;
}

/**
 * @param tableName - the table (the stack's `InsightsTableName` output).
 */
export function dynamoInsightsStore(tableName: string, options: DynamoInsightsOptions = {}): InsightsStore {
  const client = options.client ?? DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const now = options.now ?? (() => new Date());
  const { keyId } = options;
  let kms = options.kms;
  // A month's secret is read once per instance: it never changes once drawn.
  const secrets = new Map<string, Buffer>();
  return {
    async put(rows: InsightRow[], claim: QuotaClaim) {
      if (!(await takeQuota(client, tableName, claim))) return false;
      await writeRows(client, tableName, rows);
      return true;
    },
    async monthSecret(month: string) {
      if (!keyId) throw new Error("the months' secrets need the KMS key (INSIGHTS_KEY_ID); reading rows does not");
      kms ??= new KMSClient({});
      const secret = secrets.get(month) ?? (await drawOrRead(client, kms, tableName, keyId, month));
      secrets.set(month, secret);
      return secret;
    },
    async rows() {
      const rows: InsightRow[] = [];
      const since = Math.floor(now().getTime() / 1000);
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            ExclusiveStartKey: start,
            FilterExpression: 'NOT begins_with(id, :secret) AND NOT begins_with(id, :quota) AND expires >= :now',
            ExpressionAttributeValues: { ':secret': SECRET_PREFIX, ':quota': QUOTA_PREFIX, ':now': since },
          }),
        );
        rows.push(...((page.Items ?? []) as InsightRow[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return rows;
    },
  };
}
