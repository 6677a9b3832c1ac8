/**
 * @jest-environment node
 *
 * The DynamoDB store of the insights function: every row is written even when DynamoDB leaves some
 * unprocessed (throttling), a reader's daily quota is taken in one conditional update before anything is
 * written, a month's secret is drawn by KMS and kept only encrypted under the stack's key (two instances
 * drawing at once end with the same one; a plain one of an earlier version is replaced), and reading
 * pages through the table leaving out the secrets and the expired rows.
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoInsightsStore, quotaExpiryOf, READER_KEY_PURPOSE, secretExpiryOf } from '../dynamoStore';
import type { InsightRow, QuotaClaim } from '../store';

const TABLE = 'portal-insights';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const dynamo = mockClient(client);
beforeEach(() => dynamo.reset());

const CLAIM: QuotaClaim = {
  reader: 'r',
  day: '2026-11-27',
  use: { events: 30, commentBytes: 0 },
  quota: { events: 1000, commentBytes: 65_536 },
};

const row = (n: number): InsightRow => ({
  id: `read|2026-11-27|${n}`,
  route: '/docs/x',
  event: 'read',
  value: '',
  day: '2026-11-27',
  reader: 'r',
  expires: 1_900_000_000,
});

test('rows are written 25 at a time, and what DynamoDB leaves unprocessed is sent again', async () => {
  const rows = Array.from({ length: 30 }, (_, n) => row(n));
  dynamo
    .on(BatchWriteCommand)
    .resolvesOnce({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: rows[3] } }] } })
    .resolves({});
  dynamo.on(UpdateCommand).resolves({});
  expect(await dynamoInsightsStore(TABLE, { client }).put(rows, CLAIM)).toBe(true);
  const written = dynamo
    .commandCalls(BatchWriteCommand)
    .flatMap((call) => call.args[0].input.RequestItems![TABLE].map((r) => (r.PutRequest!.Item as InsightRow).id));
  expect(dynamo.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems![TABLE].length)).toEqual([
    25, 1, 5,
  ]);
  expect(new Set(written)).toEqual(new Set(rows.map((r) => r.id)));
});

const KEY = 'arn:aws:kms:us-east-1:111122223333:key/insights';
const kms = new KMSClient({ region: 'us-east-1' });
const kmsMock = mockClient(kms);
beforeEach(() => kmsMock.reset());

test('a month’s secret is drawn by KMS and kept only encrypted; the instance that loses the race decrypts the winner’s', async () => {
  const ours = { plain: Buffer.alloc(32, 1), wrapped: Buffer.from('ours, encrypted') };
  const theirs = { plain: Buffer.alloc(32, 7), wrapped: Buffer.from('theirs, encrypted') };
  dynamo
    .on(GetCommand)
    .resolvesOnce({})
    .resolves({ Item: { id: 'secret|2026-11', wrapped: theirs.wrapped } });
  dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
  kmsMock.on(GenerateDataKeyCommand).resolves({ Plaintext: ours.plain, CiphertextBlob: ours.wrapped });
  kmsMock.on(DecryptCommand).resolves({ Plaintext: theirs.plain });
  const secret = await dynamoInsightsStore(TABLE, { client, kms, keyId: KEY }).monthSecret('2026-11');
  expect(secret.equals(theirs.plain)).toBe(true);
  const context = { purpose: READER_KEY_PURPOSE, month: '2026-11' };
  expect(kmsMock.commandCalls(GenerateDataKeyCommand)[0].args[0].input).toEqual({
    KeyId: KEY,
    KeySpec: 'AES_256',
    EncryptionContext: context,
  });
  expect(kmsMock.commandCalls(DecryptCommand)[0].args[0].input).toEqual({
    KeyId: KEY,
    CiphertextBlob: theirs.wrapped,
    EncryptionContext: context,
  });
  // What goes into the table is the ciphertext, never the secret.
  const put = dynamo.commandCalls(PutCommand)[0].args[0].input;
  expect(put).toMatchObject({
    ConditionExpression: 'attribute_not_exists(id) OR attribute_exists(secret)',
    Item: { id: 'secret|2026-11', wrapped: ours.wrapped, expires: secretExpiryOf('2026-11') },
  });
  expect(Object.keys(put.Item!).sort()).toEqual(['expires', 'id', 'wrapped']);
  // It expires when the month after it ends.
  expect(new Date(secretExpiryOf('2026-11') * 1000).toISOString()).toBe('2027-01-01T00:00:00.000Z');
});

test('a secret an earlier version kept in plain text is replaced by a drawn one, kept encrypted', async () => {
  const drawn = { plain: Buffer.alloc(32, 9), wrapped: Buffer.from('drawn, encrypted') };
  dynamo.on(GetCommand).resolves({ Item: { id: 'secret|2026-11', secret: Buffer.alloc(32, 3).toString('base64') } });
  dynamo.on(PutCommand).resolves({});
  kmsMock.on(GenerateDataKeyCommand).resolves({ Plaintext: drawn.plain, CiphertextBlob: drawn.wrapped });
  const secret = await dynamoInsightsStore(TABLE, { client, kms, keyId: KEY }).monthSecret('2026-11');
  expect(secret.equals(drawn.plain)).toBe(true);
  expect(dynamo.commandCalls(PutCommand)[0].args[0].input.Item).toEqual({
    id: 'secret|2026-11',
    wrapped: drawn.wrapped,
    expires: secretExpiryOf('2026-11'),
  });
});

test('the report’s store reads rows without a key, and cannot draw or read a secret', async () => {
  await expect(dynamoInsightsStore(TABLE, { client }).monthSecret('2026-11')).rejects.toThrow(/INSIGHTS_KEY_ID/);
  expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
});

test('reading pages through the table, leaving out the secrets and rows past their expiry', async () => {
  dynamo
    .on(ScanCommand)
    .resolvesOnce({ Items: [row(1)], LastEvaluatedKey: { id: 'read|2026-11-27|1' } })
    .resolves({ Items: [row(2)] });
  const now = new Date('2026-11-27T12:00:00Z');
  const rows = await dynamoInsightsStore(TABLE, { client, now: () => now }).rows();
  expect(rows.map((r) => r.id)).toEqual(['read|2026-11-27|1', 'read|2026-11-27|2']);
  const scans = dynamo.commandCalls(ScanCommand).map((c) => c.args[0].input);
  expect(scans[1].ExclusiveStartKey).toEqual({ id: 'read|2026-11-27|1' });
  expect(scans[0]).toMatchObject({
    FilterExpression: 'NOT begins_with(id, :secret) AND NOT begins_with(id, :quota) AND expires >= :now',
    ExpressionAttributeValues: {
      ':secret': 'secret|',
      ':quota': 'quota|',
      ':now': Math.floor(now.getTime() / 1000),
    },
  });
});

test('a batch takes its reader’s quota of the day in one conditional update; over the quota nothing is written', async () => {
  dynamo
    .on(UpdateCommand)
    .resolvesOnce({})
    .rejects(new ConditionalCheckFailedException({ message: 'over', $metadata: {} }));
  dynamo.on(BatchWriteCommand).resolves({});
  const store = dynamoInsightsStore(TABLE, { client });
  const claim: QuotaClaim = { ...CLAIM, use: { events: 2, commentBytes: 300 } };
  expect(await store.put([row(1), row(2)], claim)).toBe(true);
  expect(await store.put([row(3), row(4)], claim)).toBe(false);
  expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(1);
  expect(dynamo.commandCalls(UpdateCommand)[0].args[0].input).toMatchObject({
    Key: { id: 'quota|r|2026-11-27' },
    UpdateExpression: 'ADD events :events, commentBytes :commentBytes SET expires = :expires',
    ConditionExpression: 'attribute_not_exists(id) OR (events <= :eventsLeft AND commentBytes <= :commentBytesLeft)',
    ExpressionAttributeValues: {
      ':events': 2,
      ':commentBytes': 300,
      ':eventsLeft': 998,
      ':commentBytesLeft': 65_236,
      ':expires': quotaExpiryOf('2026-11-27'),
    },
  });
  // The count is deleted by TTL the day after its own.
  expect(new Date(quotaExpiryOf('2026-11-27') * 1000).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  // A batch larger than the quota itself is refused without a call.
  expect(await store.put([row(5)], { ...CLAIM, use: { events: 1001, commentBytes: 0 } })).toBe(false);
  expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(2);
});
