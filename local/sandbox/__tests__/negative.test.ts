/**
 * @jest-environment node
 *
 * Hostile and mistaken input, generated from the contract, gets the documented answer: for every
 * operation, each invalid input ./contractInputs.ts derives from its schemas (wrong type, out of range,
 * missed pattern, format or enum, missing required field, unknown field, no body, malformed JSON) is
 * answered `422` (spec §5.1), and each bad token `401` (or `403` for a user without API access, spec §6,
 * §8.1). Stoplight Prism (../validated.ts) judges both sides of every exchange: the request must break the
 * contract (so the case really is invalid), the answer must not (never a 500, never an undocumented
 * shape). Then the limits the sandbox adds to the schema's, which a schema cannot express.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ISSUER, localAuth, mintToken } from '../../../tests/support/gate';
import { TEST_USERS } from '../../identity/testUsers';
import { CorpusDb } from '../corpus/db';
import { MAX_QUERY_CHARS, MAX_TITLE_CHARS } from '../corpus/filters';
import { MAX_TITLE_REGEX_CHARS } from '../corpus/titleRegex';
import { validatedInject, type ContractRequest, type ContractValidator } from '../validated';
import { invalidInputs, OPERATIONS, validRequest, type Operation } from './contractInputs';
import { checkedSandbox } from './helper';

const auth = { authorization: `Bearer ${mintToken()}` };

let corpus: CorpusDb;
let app: FastifyInstance;
let validator: ContractValidator;

beforeAll(async () => {
  ({ app, corpus, validator } = await checkedSandbox());
}, 30_000);

afterAll(async () => {
  await app?.close();
  corpus?.close();
});

/** Sends `request`; returns the status, the `detail` of the body, and what Prism found on each side. */
async function exchange(request: ContractRequest) {
  const { response, report } = await validatedInject(app, validator, request);
  let detail: unknown;
  try {
    detail = JSON.parse(response.body.toString('utf8')).detail;
  } catch {
    detail = response.body.toString('utf8');
  }
  return { status: response.status, detail, report };
}

const CASES = OPERATIONS.flatMap((op) =>
  invalidInputs(op, auth).map(({ name, request }) => [op.operationId, name, request] as const),
);

describe('generated invalid input: 422 with loc, msg and type, and a request Prism calls invalid', () => {
  it('generates inputs for every operation that takes any', () => {
    const withInput = OPERATIONS.filter((op) => op.node.requestBody || op.node.parameters?.length);
    const without = withInput.filter((op) => !CASES.some(([id]) => id === op.operationId)).map((op) => op.operationId);
    // Their one input is a path segment any string fills; what it does not name is a 404 (contract.test.ts).
    expect(without.sort()).toEqual(['getControl', 'getSanction', 'getSanctionFile', 'listFrameworkActions']);
    expect(CASES.length).toBeGreaterThan(200);
  });

  it.each(CASES)('%s, %s', async (_operationId, _name, request) => {
    const { status, detail, report } = await exchange(request);
    expect(report.request.length).toBeGreaterThan(0);
    expect({ exchange: report.exchange, violations: report.response }).toEqual({
      exchange: report.exchange.replace(/→ \d+$/, '→ 422'),
      violations: [],
    });
    expect(status).toBe(422);
    expect((detail as { loc: unknown[] }[])[0].loc[0]).toMatch(/^(body|query|path)$/);
  });
});

/** An RSA key pair no pool ever had, for a foreign pool's tokens. */
const foreignKey = crypto
  .generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/** Bad credentials, each with the status it must get (spec §6, §8.1; the contract's 401 for the rest). */
const TOKENS: [string, Record<string, string>, number][] = [
  ['no Authorization header', {}, 401],
  ['another scheme (Basic)', { authorization: 'Basic ZGVtbzpkZW1v' }, 401],
  ['Bearer without a token', { authorization: 'Bearer' }, 401],
  ['a token that is no JWT', { authorization: 'Bearer abc.def.ghi' }, 401],
  [
    'a JWT of bytes that are no text',
    { authorization: `Bearer ${Buffer.from([0xff, 0xfe, 0x22]).toString('base64url')}.e30.x` },
    401,
  ],
  [
    'an unsigned token (alg none)',
    { authorization: `Bearer ${mintToken({}, { header: { alg: 'none' }, key: null })}` },
    401,
  ],
  ['an expired access token', { authorization: `Bearer ${mintToken({ iat: 1000, exp: 2000 })}` }, 401],
  [
    'an ID token instead of the access token',
    {
      authorization: `Bearer ${mintToken({ token_use: 'id', aud: localAuth.userPoolClientId, client_id: undefined, email: 'demo@example.com' })}`,
    },
    401,
  ],
  [
    "another pool's token (foreign issuer and key)",
    {
      authorization: `Bearer ${mintToken({ iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Foreign' }, { key: foreignKey, header: { kid: 'foreign' } })}`,
    },
    401,
  ],
  [
    'a token signed with a key the pool never had',
    { authorization: `Bearer ${mintToken({}, { key: foreignKey })}` },
    401,
  ],
  [
    "another app client's token",
    { authorization: `Bearer ${mintToken({ client_id: 'someone-elses-client', iss: ISSUER })}` },
    401,
  ],
  [
    `the user without API access (${TEST_USERS.noAccess})`,
    { authorization: `Bearer ${mintToken({ username: TEST_USERS.noAccess })}` },
    403,
  ],
];

const TOKEN_CASES = OPERATIONS.flatMap((op) =>
  TOKENS.map(([name, , status]) => [op.operationId, name, status, op] as const),
);

describe('bad credentials, on every operation: the documented 401 (with its challenge) or 403', () => {
  it.each(TOKEN_CASES)('%s, %s: %d', async (_operationId, name, expected, op: Operation) => {
    const headers = TOKENS.find(([n]) => n === name)![1];
    const { status, detail, report } = await exchange(validRequest(op, headers));
    expect({ status, violations: report.response }).toEqual({ status: expected, violations: [] });
    expect(typeof detail).toBe('string');
  });
});

describe('limits the sandbox adds to the schema: 422 naming the field, never a 500', () => {
  const documents = OPERATIONS.find((op) => op.operationId === 'searchDocuments')!;
  const search = OPERATIONS.find((op) => op.operationId === 'createInterrogatorSearch')!;
  const post = (op: Operation, body: unknown, path = op.template): ContractRequest => ({
    ...validRequest(op, auth),
    path,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it.each([
    ['a title_regex SQLite cannot read', post(documents, { title_regex: '(' }), 'title_regex'],
    ['a title_regex too long', post(documents, { title_regex: 'a'.repeat(MAX_TITLE_REGEX_CHARS + 1) }), 'title_regex'],
    ['a title_regex too complex', post(documents, { title_regex: '((.?){16}){16}x' }), 'title_regex'],
    ['a title too long', post(documents, { title: 'a'.repeat(MAX_TITLE_CHARS + 1) }), 'title'],
    ['an Interrogator query too long', post(search, { query: 'why '.repeat(MAX_QUERY_CHARS) }), 'query'],
  ])('%s', async (_name, request, field) => {
    const { status, detail, report } = await exchange(request);
    expect({ status, violations: report.response }).toEqual({ status: 422, violations: [] });
    expect((detail as { loc: string[] }[])[0].loc).toEqual(['body', field]);
  });

  it('a malformed jurisdiction in `publishers`: the same 422 entry as in `jurisdictions`, at its value', async () => {
    const counts = OPERATIONS.find((op) => op.operationId === 'countDocuments')!;
    const viaPublishers = await exchange(post(counts, { publishers: [{ type: 'jurisdiction', value: 'GB' }] }));
    const viaJurisdictions = await exchange(post(counts, { jurisdictions: ['GB'] }));
    expect(viaJurisdictions.status).toBe(422);
    expect({ status: viaPublishers.status, violations: viaPublishers.report.response }).toEqual({
      status: 422,
      violations: [],
    });
    const [entry] = viaJurisdictions.detail as { loc: unknown[]; msg: string; type: string }[];
    expect(viaPublishers.detail).toEqual([{ ...entry, loc: ['body', 'publishers', 0, 'value'] }]);
  });

  it('a body over the sandbox limit (1 MiB): 422 at body', async () => {
    const { status, detail, report } = await exchange(post(documents, { title: ['x'.repeat(1024 * 1024)] }));
    expect({ status, violations: report.response }).toEqual({ status: 422, violations: [] });
    expect((detail as { loc: string[]; type: string }[])[0]).toMatchObject({ loc: ['body'], type: 'too_long' });
  });

  it('a body of another media type: 422 at body', async () => {
    const request = { ...post(documents, 'doctypes=Laws'), headers: { ...auth, 'content-type': 'text/plain' } };
    const { status, report } = await exchange(request);
    expect({ status, violations: report.response }).toEqual({ status: 422, violations: [] });
  });

  it.each([
    `page=${Number.MAX_SAFE_INTEGER}&page_size=${Number.MAX_SAFE_INTEGER}`,
    'page=1e300',
    'page=2&page_size=1e300',
  ])('a page far beyond the last (%s): 200, an empty page', async (query) => {
    const { status, report } = await exchange(post(documents, {}, `/documents?${query}`));
    expect({ status, violations: report.response }).toEqual({ status: 200, violations: [] });
  });

  it('a path no operation has: 404 with the contract error body', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/v1/customer/no-such-thing', headers: auth });
    expect([reply.statusCode, reply.json()]).toEqual([404, { detail: 'Not Found' }]);
  });
});
