/**
 * @jest-environment node
 *
 * The DynamoDB store (../dynamoStore.ts) against a mocked client: what it writes for a record (its key, JSON
 * payload, expiry and lookup keys), that an expired or missing item is not found, that a consumed one says
 * so, and that revoking a grant deletes every record of it found through the grant index, page by page.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoOAuthStore, GRANT_INDEX } from '../dynamoStore';

const documents = mockClient(DynamoDBDocumentClient);
const NOW = 1_800_000_000_000;
const store = dynamoOAuthStore('oauth-table', new DynamoDBClient({ region: 'eu-west-2' }), () => NOW);

beforeEach(() => documents.reset());

it('writes a record with its key, payload, expiry and lookup keys', async () => {
  documents.on(PutCommand).resolves({});
  await store.adapter('AccessToken').upsert('t1', { grantId: 'g1', kind: 'AccessToken', accountId: 'u' }, 3600);
  expect(documents.commandCalls(PutCommand)[0].args[0].input).toEqual({
    TableName: 'oauth-table',
    Item: {
      key: 'AccessToken#t1',
      payload: JSON.stringify({ grantId: 'g1', kind: 'AccessToken', accountId: 'u' }),
      expires: 1_800_003_600,
      grantId: 'g1',
      uid: undefined,
    },
  });
});

it('finds a live record, with its consumption, and nothing once it has expired', async () => {
  documents
    .on(GetCommand)
    .resolves({})
    .on(GetCommand, { Key: { key: 'AuthorizationCode#c1' } })
    .resolves({
      Item: {
        key: 'AuthorizationCode#c1',
        payload: '{"kind":"AuthorizationCode"}',
        expires: 1_800_000_060,
        consumed: 1_799_999_999,
      },
    })
    .on(GetCommand, { Key: { key: 'AuthorizationCode#c2' } })
    .resolves({ Item: { key: 'AuthorizationCode#c2', payload: '{}', expires: 1_799_999_000 } });
  const codes = store.adapter('AuthorizationCode');
  expect(await codes.find('c1')).toEqual({ kind: 'AuthorizationCode', consumed: 1_799_999_999 });
  expect(await codes.find('c2')).toBeUndefined();
  expect(await codes.find('c3')).toBeUndefined();
});

it('revokes a grant: every record the grant index lists, over its pages', async () => {
  documents
    .on(QueryCommand)
    .resolvesOnce({ Items: [{ key: 'AccessToken#a' }, { key: 'RefreshToken#b' }], LastEvaluatedKey: { key: 'x' } })
    .resolvesOnce({ Items: [{ key: 'AuthorizationCode#c' }] });
  documents.on(BatchWriteCommand).resolves({});
  await store.adapter('Grant').revokeByGrantId('g1');
  expect(documents.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({
    IndexName: GRANT_INDEX,
    ExpressionAttributeValues: { ':v': 'g1' },
  });
  expect(documents.commandCalls(BatchWriteCommand)[0].args[0].input.RequestItems).toEqual({
    'oauth-table': ['AccessToken#a', 'RefreshToken#b', 'AuthorizationCode#c'].map((key) => ({
      DeleteRequest: { Key: { key } },
    })),
  });
});
