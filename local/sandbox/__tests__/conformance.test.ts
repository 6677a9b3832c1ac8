/**
 * @jest-environment node
 *
 * The sandbox against the contract: every operation, called with valid input, answers a
 * status the contract documents with a body valid for that status's schema (Ajv over the same file, not
 * the sandbox's own validation); called with invalid input, an unknown id or no token, the documented
 * error. The response validation the sandbox runs in tests is a second, independent check.
 */
import { findOperation } from '../../../rules/contract';
import { ajv, allOperations, contract, refTo, resolve } from '../../../scripts/docs-check/contract';
import { SAMPLE_IDS } from '../corpus/sampleData';
import { sandbox } from './helper';

type Call = Awaited<ReturnType<typeof sandbox>>['call'];

const query = 'What are the reporting duties for consumer credit firms?';

/** One valid request per operation, and what makes it invalid. */
const CASES: Record<
  string,
  { request: [string, string, unknown?]; invalid?: [string, string, unknown?]; unknown?: [string, string] }
> = {
  searchDocuments: {
    request: ['POST', '/documents?page=1&page_size=5', { doctypes: ['Laws', 'Guidance and FAQs'] }],
    invalid: ['POST', '/documents?page=0', {}],
  },
  searchDocumentsLite: {
    request: ['POST', '/documents/lite', { title: '"capital requirements" -consultation' }],
    invalid: ['POST', '/documents/lite', { sector: { level_5: ['Banking'] } }],
  },
  getDocument: {
    request: ['GET', `/documents/${SAMPLE_IDS.document}`],
    invalid: ['GET', '/documents/not-a-uuid'],
    unknown: ['GET', '/documents/00000000-0000-4000-8000-000000000000'],
  },
  getDocumentSummary: {
    request: ['GET', `/documents/${SAMPLE_IDS.document}/summary`],
    invalid: ['GET', `/documents/${SAMPLE_IDS.document}/summary?refresh=maybe`],
    unknown: ['GET', '/documents/00000000-0000-4000-8000-000000000000/summary'],
  },
  getDocumentFile: {
    request: ['GET', `/documents/${SAMPLE_IDS.document}/file`],
    invalid: ['GET', '/documents/42/file'],
    unknown: ['GET', '/documents/00000000-0000-4000-8000-000000000000/file'],
  },
  countDocuments: {
    request: ['POST', '/document_counts', { publisher_rankings: [1, 2, 3] }],
    invalid: ['POST', '/document_counts', { publisher_rankings: [15] }],
  },
  listDoctypes: { request: ['GET', '/doctypes'] },
  listSectors: { request: ['GET', '/sectors'] },
  listPsiDescriptions: { request: ['GET', '/psi/descriptions'] },
  listDomains: { request: ['GET', '/domains'] },
  getDomainTags: {
    request: ['GET', `/domains/${SAMPLE_IDS.domain}/tags?version=2`],
    invalid: ['GET', `/domains/${SAMPLE_IDS.domain}/tags?version=0`],
    unknown: ['GET', '/domains/astrology/tags'],
  },
  listFrameworks: { request: ['GET', '/frameworks/'] },
  listFrameworkControls: {
    request: ['GET', `/frameworks/${SAMPLE_IDS.framework}/controls?nested=true`],
    invalid: ['GET', `/frameworks/${SAMPLE_IDS.framework}/controls?nested=perhaps`],
    unknown: ['GET', '/frameworks/no-such-framework/controls'],
  },
  getControl: {
    request: ['GET', `/frameworks/control/${SAMPLE_IDS.control}`],
    unknown: ['GET', '/frameworks/control/ctl-none'],
  },
  listFrameworkActions: {
    request: ['GET', `/frameworks/${SAMPLE_IDS.framework}/actions`],
    unknown: ['GET', '/frameworks/no-such-framework/actions'],
  },
  listInitiatives: { request: ['GET', '/initiatives'] },
  listPublishers: {
    request: ['GET', '/publishers?jurisdictions=GB-ENG&jurisdictions=US-NY'],
    invalid: ['GET', '/publishers?jurisdictions=Albion'],
  },
  listPublisherRankings: { request: ['GET', '/publishers/rankings'] },
  listJurisdictions: { request: ['GET', '/publishers/jurisdictions'] },
  listSanctions: {
    request: ['GET', '/sanctions/?jurisdictions=GB-ENG&latest_only=false'],
    invalid: ['GET', '/sanctions/?latest_only=sometimes'],
  },
  getSanction: { request: ['GET', `/sanctions/${SAMPLE_IDS.sanction}`], unknown: ['GET', '/sanctions/no-such-list'] },
  getSanctionFile: {
    request: ['GET', `/sanctions/${SAMPLE_IDS.sanction}/file`],
    unknown: ['GET', '/sanctions/no-such-list/file'],
  },
  createInterrogatorSearch: {
    request: ['POST', '/interrogator/search', { query, jurisdictions: ['GB-ENG'] }],
    invalid: ['POST', '/interrogator/search', { query: 'too short' }],
  },
  getInterrogatorSearch: {
    request: ['GET', `/interrogator/search/${SAMPLE_IDS.search}`],
    invalid: ['GET', '/interrogator/search/abc'],
    unknown: ['GET', '/interrogator/search/00000000-0000-4000-8000-000000000000'],
  },
  createInterrogatorSummary: {
    request: [
      'POST',
      '/interrogator/summary',
      { query, results: [{ document_id: SAMPLE_IDS.document, page_index: 0 }] },
    ],
    invalid: ['POST', '/interrogator/summary', { results: [] }],
  },
  getInterrogatorSummary: {
    request: ['GET', `/interrogator/summary/${SAMPLE_IDS.summary}`],
    unknown: ['GET', '/interrogator/summary/00000000-0000-4000-8000-000000000000'],
  },
  sendInterrogatorFeedback: {
    request: [
      'POST',
      '/interrogator/feedback',
      { is_satisfied: true, feedback: 'The top result answered my question.' },
    ],
    invalid: ['POST', '/interrogator/feedback', { is_satisfied: true, feedback: 'Too short' }],
  },
};

/** Ajv's verdict on a response body against the schema the contract gives for `status`. */
function conforms(method: string, path: string, status: number, body: string, contentType: string | undefined) {
  const found = findOperation(contract, method, path.split('?')[0]);
  if (!found) return { documented: false, errors: [`no operation ${method} ${path}`] };
  const response = resolve(found.operation.responses[String(status)]);
  if (!response)
    return { documented: false, errors: [`status ${status} is not documented for ${method} ${found.template}`] };
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return { documented: true, errors: [] };
  if (!contentType?.startsWith('application/json'))
    return { documented: true, errors: [`content-type ${contentType}`] };
  const pointer = found.operation.responses[String(status)].$ref
    ? [
        ...(found.operation.responses[String(status)].$ref as string).slice(2).split('/'),
        'content',
        'application/json',
        'schema',
      ]
    : [
        'paths',
        found.template,
        method.toLowerCase(),
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ];
  const valid = ajv.validate(refTo(...pointer), JSON.parse(body));
  return { documented: true, errors: valid ? [] : (ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message}`) };
}

let call: Call;
beforeAll(async () => {
  ({ call } = await sandbox());
});

describe('every operation of the contract', () => {
  it('has a case here, so none goes untested', () => {
    expect(Object.keys(CASES).sort()).toEqual(
      allOperations()
        .map((op) => op.operationId)
        .sort(),
    );
  });

  it.each(Object.entries(CASES))(
    '%s: valid input gets a documented 2xx (or 307) with a conforming body',
    async (_id, { request }) => {
      const [method, path, body] = request;
      const response = await call(method, path, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(200);
      expect(response.statusCode).toBeLessThan(400);
      expect(
        conforms(method, path, response.statusCode, response.body, response.headers['content-type'] as string),
      ).toEqual({
        documented: true,
        errors: [],
      });
    },
  );

  it.each(Object.entries(CASES).filter(([, c]) => c.invalid))(
    '%s: invalid input gets 422 with loc, msg and type',
    async (_id, { invalid }) => {
      const [method, path, body] = invalid!;
      const response = await call(method, path, body);
      expect(response.statusCode).toBe(422);
      expect(conforms(method, path, 422, response.body, response.headers['content-type'] as string)).toEqual({
        documented: true,
        errors: [],
      });
      expect(JSON.parse(response.body).detail[0].loc[0]).toMatch(/^(body|query|path)$/);
    },
  );

  it.each(Object.entries(CASES).filter(([, c]) => c.unknown))(
    '%s: an unknown id gets its documented 404',
    async (_id, { unknown }) => {
      const [method, path] = unknown!;
      const response = await call(method, path);
      expect(response.statusCode).toBe(404);
      expect(conforms(method, path, 404, response.body, response.headers['content-type'] as string)).toEqual({
        documented: true,
        errors: [],
      });
    },
  );

  it.each(Object.entries(CASES))('%s: without a token, the documented 401', async (_id, { request }) => {
    const [method, path, body] = request;
    const response = await call(method, path, body, {});
    expect(response.statusCode).toBe(401);
    expect(conforms(method, path, 401, response.body, response.headers['content-type'] as string)).toEqual({
      documented: true,
      errors: [],
    });
  });
});

describe('the contract check itself', () => {
  it('refuses a body of the wrong shape and an undocumented status', () => {
    expect(conforms('GET', '/doctypes', 200, '[{"name": "Laws"}]', 'application/json').errors.length).toBeGreaterThan(
      0,
    );
    expect(
      conforms('GET', `/documents/${SAMPLE_IDS.document}`, 200, '{"title": "no id"}', 'application/json').errors,
    ).toEqual([" must have required property 'document_id'", " must have required property 'restriction'"]);
    expect(conforms('GET', '/doctypes', 404, '{}', 'application/json').documented).toBe(false);
  });

  it('covers every response status the contract declares for errors', () => {
    const declared = new Set(
      Object.values(contract.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(
        (item) => Object.values(item).flatMap((op) => Object.keys(op.responses)),
      ),
    );
    expect([...declared].filter((s) => s.startsWith('4')).sort()).toEqual(['400', '401', '403', '404', '422']);
  });
});
