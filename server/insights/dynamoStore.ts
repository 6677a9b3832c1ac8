/**
 * Reader insights in a DynamoDB table (deploy/stack.ts: on-demand, TTL on `expires`, point-in-time recovery,
 * encryption): the store of the insights function on AWS (deploy/insights), and what `npm run insights -- --aws`
 * reads. One item per row, keyed by its `id` (server/insights/store.ts); the months' secrets are items
 * `secret|<month>` that expire a month after theirs ends.
 */
import crypto from 'node:crypto';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { InsightRow, InsightsStore } from './store';

/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_ITEMS = 25;

/** Prefix of the months' secrets' ids. */
const SECRET_PREFIX = 'secret|';

/** When the secret of `month` (`2026-11`) expires: the end of the month after it, epoch seconds. */
export function secretExpiryOf(month: string): number {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 2);
  return Math.floor(date.getTime() / 1000);
}

/**
 * @param tableName - the table (the stack's `InsightsTableName` output).
 * @param client - the document client (tests pass a mocked one).
 * @param now - the clock, for the rows not yet deleted by TTL (DynamoDB deletes expired items within days).
 */
export function dynamoInsightsStore(
  tableName: string,
  client: DynamoDBDocumentClient = DynamoDBDocumentClient.from(new DynamoDBClient({})),
  now: () => Date = () => new Date(),
): InsightsStore {
  // A month's secret is read once per instance: it never changes once drawn.
  const secrets = new Map<string, Buffer>();
  async function drawOrRead(month: string): Promise<Buffer> {
    const id = `${SECRET_PREFIX}${month}`;
    const read = async () =>
      (await client.send(new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }))).Item as
        { secret: string } | undefined;
    const known = await read();
    if (known) return Buffer.from(known.secret, 'base64');
    const secret = crypto.randomBytes(32).toString('base64');
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { id, secret, expires: secretExpiryOf(month) },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return Buffer.from(secret, 'base64');
    } catch (error) {
      // Another instance drew this month's secret first: use theirs.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return Buffer.from((await read())!.secret, 'base64');
    }
  }
  return {
    async put(rows: InsightRow[]) {
      for (let start = 0; start < rows.length; start += BATCH_ITEMS) {
        let requests = rows.slice(start, start + BATCH_ITEMS).map((row) => ({ PutRequest: { Item: { ...row } } }));
        // Unprocessed items (throttling) are sent again, with a growing pause, so none is lost.
        for (let attempt = 0; requests.length > 0; attempt += 1) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
          if (attempt > 8) throw new Error(`DynamoDB left ${requests.length} insight rows unwritten after 8 retries`);
          const output: BatchWriteCommandOutput = await client.send(
            new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
          );
          requests = (output.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
    },
    async monthSecret(month: string) {
      const secret = secrets.get(month) ?? (await drawOrRead(month));
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
            FilterExpression: 'NOT begins_with(id, :secret) AND expires >= :now',
            ExpressionAttributeValues: { ':secret': SECRET_PREFIX, ':now': since },
          }),
        );
        rows.push(...((page.Items ?? []) as InsightRow[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return rows;
    },
  };
}
