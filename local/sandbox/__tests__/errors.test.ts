/**
 * @jest-environment node
 *
 * The sandbox's `422` entries use the vocabulary of the contract's examples (FastAPI, pydantic v2), and
 * each operation's example is what the sandbox answers to the invalid request it describes, so "Send API
 * request" against the sandbox answers what the API reference shows.
 */
import { loadContract } from '../../../config/openapi';
import { CUSTOMER_BASE_PATH } from '../../../rules/contract';
import { mintToken } from '../../../tests/support/gate';
import { SANDBOX_ERROR } from '../app';
import { SAMPLE_IDS } from '../corpus/sampleData';
import { checkedSandbox, sandbox } from './helper';

let env: Awaited<ReturnType<typeof sandbox>>;
beforeAll(async () => {
  env = await sandbox();
});

/** The `detail` list of the answer to `method path`, which must be a 422. */
async function detail(method: string, path: string, body?: unknown) {
  const response = await env.call(method, path, body);
  expect(response.statusCode).toBe(422);
  return JSON.parse(response.body).detail as { loc: (string | number)[]; msg: string; type: string }[];
}

/**
 * For each operation with a `422`, a request that fails validation as its example describes (the comment
 * beside each response of the contract's `components/responses`).
 */
const INVALID_REQUESTS: Record<string, [method: string, path: string, body?: unknown]> = {
  searchDocuments: ['POST', '/documents?page=0', {}],
  searchDocumentsLite: ['POST', '/documents/lite?page=0', {}],
  getDocument: ['GET', '/documents/abc'],
  getDocumentSummary: ['GET', '/documents/abc/summary'],
  getDocumentFile: ['GET', '/documents/abc/file'],
  countDocuments: ['POST', '/document_counts', { start_date: '2024-06-01T00:00:00Z' }],
  getDomainTags: ['GET', '/domains/consumer-credit/tags?version=0'],
  listFrameworkControls: ['GET', '/frameworks/nist-csf-2.0/controls?nested=maybe'],
  listPublishers: ['GET', '/publishers?jurisdictions=gb'],
  listSanctions: ['GET', '/sanctions/?jurisdictions=gb'],
  createInterrogatorSearch: ['POST', '/interrogator/search', {}],
  getInterrogatorSearch: ['GET', '/interrogator/search/abc'],
  createInterrogatorSummary: ['POST', '/interrogator/summary', { results: [] }],
  getInterrogatorSummary: ['GET', '/interrogator/summary/abc'],
  sendInterrogatorFeedback: ['POST', '/interrogator/feedback', { is_satisfied: true }],
};

interface ContractResponse {
  $ref?: string;
  content: { 'application/json': { example: unknown } };
}

/** Each operation with a `422` and its example, from the contract. */
const examples422 = (() => {
  const contract = loadContract() as {
    paths: Record<string, Record<string, { operationId: string; responses?: Record<string, ContractResponse> }>>;
    components: { responses: Record<string, ContractResponse> };
  };
  return Object.values(contract.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => {
      const found = operation?.responses?.['422'];
      if (!found) return [];
      const response = found.$ref ? contract.components.responses[found.$ref.split('/').pop()!] : found;
      return [[operation.operationId, response.content['application/json'].example] as const];
    }),
  );
})();

it('has a request for every operation that answers 422', () => {
  expect(examples422.map(([operationId]) => operationId).sort()).toEqual(Object.keys(INVALID_REQUESTS).sort());
});

it.each(examples422)(
  "%s: answers the contract's own 422 example to the request it describes",
  async (operationId, example) => {
    const [method, path, body] = INVALID_REQUESTS[operationId] ?? ['GET', '/unlisted'];
    expect({ detail: await detail(method, path, body) }).toEqual(example);
  },
);

it.each([
  [
    'a number under the minimum',
    'POST',
    '/documents?page_size=0',
    {},
    { loc: ['query', 'page_size'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
  ],
  [
    'an unknown field',
    'POST',
    '/document_counts',
    { foo: 1 },
    { loc: ['body', 'foo'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
  ],
  [
    'a value outside the enum',
    'POST',
    '/document_counts',
    { publishers: [{ type: 'x', value: 'GB' }] },
    { loc: ['body', 'publishers', 0, 'type'], msg: "Input should be 'jurisdiction' or 'publisher_id'", type: 'enum' },
  ],
  [
    'a missing field',
    'POST',
    '/document_counts',
    { publishers: [{ type: 'jurisdiction' }] },
    { loc: ['body', 'publishers', 0, 'value'], msg: 'Field required', type: 'missing' },
  ],
  [
    'an empty list that needs an item',
    'POST',
    '/document_counts',
    { publishers: [] },
    {
      loc: ['body', 'publishers'],
      msg: 'List should have at least 1 item after validation, not 0',
      type: 'too_short',
    },
  ],
  [
    'a last-update bound that is a date-time without its offset',
    'POST',
    '/document_counts',
    { last_updated_from: '2024-01-01T00:00:00' },
    {
      loc: ['body', 'last_updated_from'],
      msg: 'Input should be a valid datetime or date: a date (2024-06-01) or a datetime with a time zone offset (2024-06-01T00:00:00Z)',
      type: 'datetime_from_date_parsing',
    },
  ],
  [
    'a publication date that is a date-time',
    'POST',
    '/document_counts',
    { start_date: '2024-01-01T00:00:00Z' },
    { loc: ['body', 'start_date'], msg: 'Input should be a valid date in the format YYYY-MM-DD', type: 'date_parsing' },
  ],
  [
    'a path id that is not a UUID',
    'GET',
    '/documents/abc',
    undefined,
    { loc: ['path', 'document_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' },
  ],
  [
    'a query number that does not parse',
    'POST',
    '/documents?page=x',
    {},
    {
      loc: ['query', 'page'],
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      type: 'int_parsing',
    },
  ],
  [
    'a body value of the wrong type',
    'POST',
    '/document_counts',
    { has_signposts: 'maybe' },
    {
      loc: ['body', 'has_signposts'],
      msg: 'Input should be a valid boolean, unable to interpret input',
      type: 'bool_parsing',
    },
  ],
  [
    'a body value of another JSON type',
    'POST',
    '/document_counts',
    { min_title_length: true },
    { loc: ['body', 'min_title_length'], msg: 'Input should be a valid integer', type: 'int_type' },
  ],
])('%s: pydantic names it', async (_name, method, path, body, entry) => {
  expect(await detail(method, path, body)).toContainEqual(entry);
});

it('a value no alternative takes: one entry per alternative, no summary entry', async () => {
  expect(await detail('POST', '/document_counts', { title: 5 })).toEqual([
    { loc: ['body', 'title'], msg: 'Input should be a valid string', type: 'string_type' },
    { loc: ['body', 'title'], msg: 'Input should be a valid list', type: 'list_type' },
  ]);
});

it('a last-update bound that is neither a date nor a date-time: one entry naming both forms, as the contract takes', async () => {
  const entry = {
    loc: ['body', 'last_updated_to'],
    msg: 'Input should be a valid datetime or date: a date (2024-06-01) or a datetime with a time zone offset (2024-06-01T00:00:00Z)',
    type: 'datetime_from_date_parsing',
  };
  expect(await detail('POST', '/document_counts', { last_updated_to: 'June 2024' })).toEqual([entry]);
  for (const taken of ['2024-01-01', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00+02:00']) {
    expect((await env.call('POST', '/document_counts', { last_updated_to: taken })).statusCode).toBe(200);
  }
});

it("answers a failure it does not expect with a 500 naming no file of the sandbox's disk", async () => {
  const { app, corpus } = await checkedSandbox();
  const file = '/srv/portal/.local/sandbox/corpus.db';
  const failure = Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { path: file });
  jest.spyOn(corpus, 'document').mockImplementation(() => {
    throw failure;
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const response = await app.inject({
      method: 'GET',
      url: `${CUSTOMER_BASE_PATH}/documents/${SAMPLE_IDS.document}`,
      headers: { authorization: `Bearer ${mintToken()}` },
    });
    expect([response.statusCode, JSON.parse(response.body)]).toEqual([500, { detail: SANDBOX_ERROR }]);
    expect(logged.mock.calls.flat()).toContain(failure);
  } finally {
    logged.mockRestore();
    await app.close();
    corpus.close();
  }
});
