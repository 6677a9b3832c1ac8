/**
 * @jest-environment node
 *
 * The sandbox is the contract on every path, as an independent referee sees it: every status the
 * contract declares for each of its operations (spec §7.1) is produced by a request, and Stoplight
 * Prism (../validated.ts, reading `openapi/customer-api.yaml` itself) passes every answer: its status,
 * content type, headers and body. The sandbox's own response validation is off, so what Prism sees is
 * what a client gets. Each test is named `<operationId> <status>`; the last one fails when a declared
 * status has no request here.
 *
 * Then every state the spec names (§4, §8.1) is reached the way docs/api/run-locally.mdx "Reaching every
 * state" tells a reader, and the validating front serves real HTTP clients byte for byte.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../../config/openapi';
import { mintToken } from '../../../tests/support/gate';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { TEST_USERS } from '../../identity/testUsers';
import { CorpusDb } from '../corpus/db';
import { SAMPLE_IDS } from '../corpus/sampleData';
import { STATE_TRIGGERS } from '../states';
import {
  startValidatedSandbox,
  validatedInject,
  type ContractRequest,
  type ContractResponse,
  type ContractValidator,
} from '../validated';
import { declaredStatuses, invalidInputs, OPERATIONS, validRequest, type Operation } from './contractInputs';
import { checkedSandbox } from './helper';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const auth = { authorization: `Bearer ${mintToken()}` };
const noAccess = { authorization: `Bearer ${mintToken({ username: TEST_USERS.noAccess })}` };

let corpus: CorpusDb;
let app: FastifyInstance;
let validator: ContractValidator;
let verifier: Awaited<ReturnType<typeof createAccessTokenVerifier>>;

beforeAll(async () => {
  ({ app, corpus, verifier, validator } = await checkedSandbox());
}, 30_000);

afterAll(async () => {
  await app?.close();
  corpus?.close();
});

/** Sends `request` and expects Prism to find nothing wrong with the answer. */
async function send(request: ContractRequest): Promise<ContractResponse> {
  const { response, report } = await validatedInject(app, validator, request);
  expect({ exchange: report.exchange, violations: report.response }).toEqual({
    exchange: report.exchange,
    violations: [],
  });
  return response;
}

const json = (response: ContractResponse) => JSON.parse(response.body.toString('utf8'));

const at = (op: Operation, path: string, headers: Record<string, string> = auth): ContractRequest => ({
  ...validRequest(op, headers),
  path,
});

/**
 * How to produce a status: the requests to send in order (the last one's answer must have the status).
 * The 2xx of each operation is its valid request (the contract's examples); 401 is that request without a
 * token, 403 with the token of a user without API access, 422 the first invalid input generated from the
 * operation's schemas. The rest are named per operation.
 */
type Producer = (op: Operation) => ContractRequest[];

const GENERIC: Record<number, Producer> = {
  200: (op) => [validRequest(op, auth)],
  307: (op) => [validRequest(op, auth)],
  401: (op) => [validRequest(op)],
  403: (op) => [validRequest(op, noAccess)],
  422: (op) => [invalidInputs(op, auth)[0].request],
};

const SPECIFIC: Record<string, Record<number, Producer>> = {
  getDocument: { 404: (op) => [at(op, `/documents/${UNKNOWN_UUID}`)] },
  getDocumentSummary: {
    // Spec §4: 202 "initiated" (refresh starts over), 202 "in progress", then 200.
    200: (op) => [
      at(op, `/documents/${SAMPLE_IDS.document}/summary?refresh=true`),
      at(op, `/documents/${SAMPLE_IDS.document}/summary`),
      at(op, `/documents/${SAMPLE_IDS.document}/summary`),
    ],
    202: (op) => [at(op, `/documents/${SAMPLE_IDS.document}/summary?refresh=true`)],
    404: (op) => [at(op, `/documents/${UNKNOWN_UUID}/summary`)],
  },
  getDocumentFile: { 404: (op) => [at(op, `/documents/${UNKNOWN_UUID}/file`)] },
  getDomainTags: { 404: (op) => [at(op, '/domains/astrology/tags')] },
  listFrameworkControls: { 404: (op) => [at(op, '/frameworks/no-such-framework/controls')] },
  getControl: { 404: (op) => [at(op, '/frameworks/control/no-such-control')] },
  listFrameworkActions: { 404: (op) => [at(op, '/frameworks/no-such-framework/actions')] },
  listInitiatives: {
    404: (op) => [at(op, '/initiatives', { ...auth, prefer: STATE_TRIGGERS.noInitiatives.prefer })],
  },
  getSanction: { 404: (op) => [at(op, '/sanctions/no-such-list')] },
  getSanctionFile: { 404: (op) => [at(op, '/sanctions/no-such-list/file')] },
  createInterrogatorSearch: {
    400: (op) => [{ ...at(op, op.template), body: JSON.stringify({ ...exampleBody(op), publisher_ids: ['nobody'] }) }],
  },
  getInterrogatorSearch: { 404: (op) => [at(op, `/interrogator/search/${UNKNOWN_UUID}`)] },
  getInterrogatorSummary: { 404: (op) => [at(op, `/interrogator/summary/${UNKNOWN_UUID}`)] },
};

function exampleBody(op: Operation): Record<string, unknown> {
  return JSON.parse(validRequest(op).body ?? '{}');
}

const MATRIX = OPERATIONS.flatMap((op) => declaredStatuses(op).map((status) => [op.operationId, status, op] as const));

describe('every operation × every status it declares: produced, and the answer passes Prism', () => {
  it('covers every operation of the contract, each under its own operationId', () => {
    // How many there are is spec §7.1's table, which openapi/__tests__/spec-7.1.test.ts holds the contract to.
    expect(OPERATIONS.length).toBeGreaterThan(0);
    expect(new Set(OPERATIONS.map((op) => op.operationId)).size).toBe(OPERATIONS.length);
    expect(validator.operationIds.sort()).toEqual(OPERATIONS.map((op) => op.operationId).sort());
  });

  it.each(MATRIX)('%s %d', async (operationId, status, op) => {
    const producer = SPECIFIC[operationId]?.[status] ?? GENERIC[status];
    if (!producer) throw new Error(`no request here produces ${status} for ${operationId}`);
    let last: ContractResponse | undefined;
    for (const request of producer(op)) last = await send(request);
    expect(last!.status).toBe(status);
  });
});

describe('401 and 403 carry what the contract declares', () => {
  const op = OPERATIONS.find((o) => o.operationId === 'listDoctypes')!;

  it.each([
    ['no token', {}, 'Bearer'],
    ['a token that is no JWT', { authorization: 'Bearer abc.def.ghi' }, 'Bearer error="invalid_token"'],
    ['an expired token', { authorization: `Bearer ${mintToken({ exp: 1 })}` }, 'Bearer error="invalid_token"'],
  ])('%s: 401, JSON {detail}, and a Bearer challenge', async (_name, headers, challenge) => {
    const response = await send(validRequest(op, headers));
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['www-authenticate']).toMatch(new RegExp(`^${challenge}`));
    expect(typeof json(response).detail).toBe('string');
  });

  it('a user without API access: 403 with the spec §8.1 message', async () => {
    const response = await send(validRequest(op, noAccess));
    expect(json(response)).toEqual({ detail: 'User does not have permission to access the requested resource.' });
  });
});

/** The operation named `operationId`. */
const operation = (operationId: string) => OPERATIONS.find((o) => o.operationId === operationId)!;

/** Polls `path` until its status is final (at most 5 times) and returns every status seen. */
async function poll(op: Operation, path: string): Promise<{ statuses: string[]; last: Record<string, unknown> }> {
  const statuses: string[] = [];
  let last: Record<string, unknown> = {};
  for (let i = 0; i < 5; i += 1) {
    last = json(await send(at(op, path)));
    statuses.push(String(last.status));
    if (last.status === 'completed' || last.status === 'failed') break;
  }
  return { statuses, last };
}

describe('every state the spec names can be reached, as docs/api/run-locally.mdx says', () => {
  const question = 'What are the reporting duties for consumer credit firms?';
  const failing = `${question} ${STATE_TRIGGERS.failed.marker}`;

  const results = [{ document_id: SAMPLE_IDS.document, page_index: 0 }];
  it.each([
    ['search', 'completed', { query: question }],
    ['search', 'failed', { query: failing }],
    ['summary', 'completed', { query: question, results }],
    ['summary', 'failed', { query: failing, results }],
  ])('an Interrogator %s goes pending → in_progress → %s', async (kind, final, body) => {
    const [create, get] =
      kind === 'search'
        ? ['createInterrogatorSearch', 'getInterrogatorSearch']
        : ['createInterrogatorSummary', 'getInterrogatorSummary'];
    const created = json(await send({ ...at(operation(create), `/interrogator/${kind}`), body: JSON.stringify(body) }));
    const { statuses, last } = await poll(operation(get), `/interrogator/${kind}/${created.request_id}`);
    expect(statuses).toEqual(['pending', 'in_progress', final]);
    // Spec §4: a completed request carries its result; a failed one none.
    expect((kind === 'search' ? 'results' : 'summary') in last).toBe(final === 'completed');
  });

  it('a document summary: 202 initiated, 202 in progress, 200 with status "ok"', async () => {
    const op = operation('getDocumentSummary');
    const path = `/documents/${SAMPLE_IDS.document}/summary`;
    const bodies = [];
    for (const query of ['?refresh=true', '', '']) bodies.push(json(await send(at(op, `${path}${query}`))));
    expect(bodies.map((b) => b.message ?? b.status)).toEqual([
      'Summary generation initiated',
      'Summary generation in progress',
      'ok',
    ]);
  });

  it('a document summary whose generation fails: 202, 202, then 200 with status "error"; refresh starts over', async () => {
    const op = operation('getDocumentSummary');
    const path = `/documents/${STATE_TRIGGERS.summaryError.documentId}/summary`;
    const answers: [number, Record<string, unknown>][] = [];
    for (const query of ['', '', '', '?refresh=true']) {
      const response = await send(at(op, `${path}${query}`));
      answers.push([response.status, json(response)]);
    }
    expect(answers.map(([status, body]) => [status, body.status])).toEqual([
      [202, 'ok'],
      [202, 'ok'],
      [200, 'error'],
      [202, 'ok'],
    ]);
    expect(answers[2][1].summary).toMatch(/failed/i);
  });

  it('no initiatives: 404 on request, and only then', async () => {
    const op = operation('listInitiatives');
    const none = await send(at(op, '/initiatives', { ...auth, prefer: STATE_TRIGGERS.noInitiatives.prefer }));
    expect([none.status, json(none).detail]).toEqual([404, 'No initiatives are available']);
    expect(none.headers['preference-applied']).toBe(STATE_TRIGGERS.noInitiatives.prefer);
    expect((await send(at(op, '/initiatives'))).status).toBe(200);
  });

  it.each(['unrestricted', 'partially_restricted', 'restricted'] as const)(
    'a %s document, by the id the page names',
    async (restriction) => {
      const id = STATE_TRIGGERS.restriction[restriction];
      const document = json(await send(at(operation('getDocument'), `/documents/${id}`)));
      expect(document.restriction).toBe(restriction);
    },
  );

  it('docs/api/run-locally.mdx names every trigger under "Reaching every state"', () => {
    const page = fs.readFileSync(path.resolve(__dirname, '../../../docs/api/run-locally.mdx'), 'utf8');
    const section = page.split(/^## /m).find((part) => part.startsWith('Reaching every state'));
    expect(section).toBeDefined();
    const triggers = [
      STATE_TRIGGERS.failed.marker,
      STATE_TRIGGERS.summaryError.documentId,
      STATE_TRIGGERS.noInitiatives.prefer,
      ...Object.values(STATE_TRIGGERS.restriction),
      TEST_USERS.noAccess,
    ];
    expect(triggers.filter((trigger) => !section!.includes(trigger))).toEqual([]);
  });
});

describe('the validating front (startValidatedSandbox), for clients that need a URL', () => {
  let front: Awaited<ReturnType<typeof startValidatedSandbox>>;
  let frontCorpus: CorpusDb;
  beforeAll(async () => {
    frontCorpus = CorpusDb.open(':memory:').corpus;
    front = await startValidatedSandbox({ corpus: frontCorpus, verifier, corsOrigins: [] });
  }, 30_000);
  afterAll(async () => {
    await front?.close();
    frontCorpus?.close();
  });

  it('passes a 307 and a binary file through unchanged, and finds nothing wrong', async () => {
    const redirect = await fetch(`${front.apiBase}/documents/${SAMPLE_IDS.document}/file`, {
      headers: auth,
      redirect: 'manual',
    });
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${front.url}/`)).toBe(true);
    const file = await fetch(location);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const sanction = await fetch(`${front.apiBase}/sanctions/${SAMPLE_IDS.sanction}/file`, { headers: auth });
    expect(sanction.status).toBe(200);
    expect(front.violations).toEqual([]);
    expect(front.checked()).toBe(2);
  });

  it('passes a malformed JSON body to the sandbox, whose 422 it checks', async () => {
    const reply = await fetch(`${front.apiBase}/document_counts`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"doctypes": [',
    });
    expect(reply.status).toBe(422);
    expect((await reply.json()).detail[0].loc[0]).toBe('body');
    expect(front.violations).toEqual([]);
  });

  it('records an answer that breaks the contract, and marks it with sl-violations', async () => {
    // A description in which GET /doctypes answers objects: the sandbox's list of names breaks it.
    const strict = loadContract();
    strict.paths['/doctypes'].get.responses['200'].content['application/json'].schema.items = { type: 'object' };
    const contractFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-')), 'strict.json');
    fs.writeFileSync(contractFile, JSON.stringify(strict));
    const strictCorpus = CorpusDb.open(':memory:').corpus;
    const checked = await startValidatedSandbox({ corpus: strictCorpus, verifier, corsOrigins: [], contractFile });
    try {
      const reply = await fetch(`${checked.apiBase}/doctypes`, { headers: auth });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.headers.get('sl-violations') ?? '[]')[0]).toMatchObject({ where: 'body.0' });
      expect(checked.violations.map((report) => report.exchange)).toEqual(['GET /doctypes → 200']);
    } finally {
      await checked.close();
      strictCorpus.close();
    }
  });
});
