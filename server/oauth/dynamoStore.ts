/**
 * The MCP authorization server's state in a DynamoDB table (deploy/stack.ts: on-demand, TTL on `expires`,
 * encrypted, point-in-time recovery off: nothing in it outlives 30 days or is worth restoring): the store of
 * the authorization server's function on AWS (deploy/oauth), which the MCP function reads to check a token and
 * to find a reader's user-pool session for `call_api`. One item per record, keyed `<model>#<id>`, its payload
 * as JSON text, with the grant id and interaction uid oidc-provider looks records up by in the indexes
 * {@link GRANT_INDEX} and {@link UID_INDEX}. DynamoDB's TTL deletes an expired item within days, so reads
 * check `expires` themselves (./store.ts `isLive`).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { epochSeconds, isLive, type OAuthStore } from './store';

/** The index of items by grant id (partition key `grantId`): a grant's records, to revoke them all. */
export const GRANT_INDEX = 'grantId';

/** The index of items by interaction uid (partition key `uid`). */
export const UID_INDEX = 'uid';

/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_ITEMS = 25;

/** An item as the table holds it. */
interface Item {
  key: string;
  payload: string;
  expires: number;
  consumed?: number;
  grantId?: string;
  uid?: string;
}

/** Every item of `index` whose key `name` is `value` (of `model` only, when given), over its pages. */
async function queryAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  index: string,
  name: string,
  value: string,
  model?: string,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': name },
        ExpressionAttributeValues: { ':v': value },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return model ? items.filter((item) => item.key.startsWith(`${model}#`)) : items;
}

/**
 * Deletes `items`, a batch at a time; DynamoDB may leave some of a batch unprocessed (throttling), which are
 * sent again, up to five times.
 *
 * @throws {Error} naming `what` when some are still left.
 */
async function deleteAll(db: DynamoDBDocumentClient, tableName: string, items: Item[], what: string): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_ITEMS) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(i, i + BATCH_ITEMS)
      .map((item) => ({ DeleteRequest: { Key: { key: item.key } } }));
    for (let attempt = 0; requests?.length && attempt < 5; attempt += 1) {
      const answer = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = answer.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
    }
    if (requests?.length) throw new Error(`could not revoke ${what}: DynamoDB left deletes unprocessed`);
  }
}

/**
 * The store on `tableName`.
 *
 * @param client - a DynamoDB client (tests pass a mocked one).
 * @param now - the clock, ms since the epoch.
 */
export function dynamoOAuthStore(
  tableName: string,
  client: DynamoDBClient = new DynamoDBClient({}),
  now: () => number = Date.now,
): OAuthStore {
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const live = (item: Item | undefined): AdapterPayload | undefined => {
    const record = item && {
      payload: { ...JSON.parse(item.payload), ...(item.consumed ? { consumed: item.consumed } : {}) },
      expiresAt: item.expires,
    };
    return isLive(record, epochSeconds(now())) ? record.payload : undefined;
  };
  const byIndex = (index: string, name: string, value: string, model?: string) =>
    queryAll(db, tableName, index, name, value, model);
  const adapter = (model: string): Adapter => {
    const key = (id: string) => `${model}#${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const item: Item = {
          key: key(id),
          payload: JSON.stringify(payload),
          expires: epochSeconds(now()) + (expiresIn ?? 86_400),
          grantId: payload.grantId,
          uid: payload.uid,
        };
        await db.send(new PutCommand({ TableName: tableName, Item: item }));
      },
      async find(id) {
        return live((await db.send(new GetCommand({ TableName: tableName, Key: { key: key(id) } }))).Item as Item);
      },
      async findByUid(uid) {
        return live((await byIndex(UID_INDEX, 'uid', uid, model))[0]);
      },
      async findByUserCode() {
        // The device flow is off: no record has a user code.
        return undefined;
      },
      async consume(id) {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { key: key(id) },
            UpdateExpression: 'SET consumed = :now',
            ConditionExpression: 'attribute_exists(#k)',
            ExpressionAttributeNames: { '#k': 'key' },
            ExpressionAttributeValues: { ':now': epochSeconds(now()) },
          }),
        );
      },
      async destroy(id) {
        await db.send(new DeleteCommand({ TableName: tableName, Key: { key: key(id) } }));
      },
      async revokeByGrantId(grantId) {
        await deleteAll(db, tableName, await byIndex(GRANT_INDEX, 'grantId', grantId), `grant ${grantId}`);
      },
    };
  };
  return { adapter, close: () => db.destroy() };
}
