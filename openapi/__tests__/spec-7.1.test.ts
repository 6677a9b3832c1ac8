/**
 * @jest-environment node
 *
 * The customer API contract against the specification (spec §3.1, §4, §5.1, §6, §7.1, §8.1, §9): the
 * §7.1 table is held here as data, and every operation, parameter, constraint, default and response
 * the spec names must be in openapi/customer-api.yaml exactly so.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { nodeAt } from '../../rules/contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any; // an arbitrary piece of the OpenAPI document

const doc: Node = parse(fs.readFileSync(path.join(__dirname, '../customer-api.yaml'), 'utf8'));

/** Follows local `$ref`s (and single-entry `allOf` wrappers) until a concrete node. */
function resolve(node: Node): Node {
  let current = node;
  for (let hops = 0; current && typeof current === 'object' && hops < 20; hops += 1) {
    if (typeof current.$ref === 'string') {
      current = nodeAt(doc, current.$ref);
    } else if (Array.isArray(current.allOf) && current.allOf.length === 1 && !current.type) {
      current = { ...resolve(current.allOf[0]), ...current, allOf: undefined };
    } else return current;
  }
  return current;
}

const operation = (method: string, p: string): Node => doc.paths?.[p]?.[method.toLowerCase()];
const parameter = (method: string, p: string, name: string): Node =>
  (operation(method, p)?.parameters ?? []).map(resolve).find((param: Node) => param.name === name);
const requestSchema = (method: string, p: string): Node =>
  resolve(resolve(operation(method, p)?.requestBody)?.content?.['application/json']?.schema);
const response = (method: string, p: string, status: string): Node =>
  resolve(operation(method, p)?.responses?.[status]);
const property = (schema: Node, name: string): Node => resolve(resolve(schema)?.properties?.[name]);
const schema = (name: string): Node => resolve(doc.components?.schemas?.[name]);

/** Spec §7.1, row by row: method, path, query parameters, and whether a JSON body is taken. */
const SPEC_7_1: { method: string; path: string; query?: string[]; body?: boolean; pathParams?: string[] }[] = [
  { method: 'POST', path: '/documents', query: ['page', 'page_size'], body: true },
  { method: 'POST', path: '/documents/lite', query: ['page', 'page_size'], body: true },
  { method: 'GET', path: '/documents/{document_id}', pathParams: ['document_id'] },
  { method: 'GET', path: '/documents/{document_id}/summary', query: ['refresh'], pathParams: ['document_id'] },
  { method: 'GET', path: '/documents/{document_id}/file', pathParams: ['document_id'] },
  { method: 'POST', path: '/document_counts', body: true },
  { method: 'GET', path: '/doctypes' },
  { method: 'GET', path: '/sectors' },
  { method: 'GET', path: '/psi/descriptions' },
  { method: 'GET', path: '/domains' },
  { method: 'GET', path: '/domains/{domain}/tags', query: ['version'], pathParams: ['domain'] },
  { method: 'GET', path: '/frameworks/' },
  { method: 'GET', path: '/frameworks/{framework_id}/controls', query: ['nested'], pathParams: ['framework_id'] },
  { method: 'GET', path: '/frameworks/control/{control_id}', pathParams: ['control_id'] },
  { method: 'GET', path: '/frameworks/{framework_id}/actions', pathParams: ['framework_id'] },
  { method: 'GET', path: '/initiatives' },
  { method: 'GET', path: '/publishers', query: ['jurisdictions'] },
  { method: 'GET', path: '/publishers/rankings' },
  { method: 'GET', path: '/publishers/jurisdictions' },
  { method: 'GET', path: '/sanctions/', query: ['jurisdictions', 'latest_only'] },
  { method: 'GET', path: '/sanctions/{sanction_id}', pathParams: ['sanction_id'] },
  { method: 'GET', path: '/sanctions/{sanction_id}/file', pathParams: ['sanction_id'] },
  { method: 'POST', path: '/interrogator/search', body: true },
  { method: 'GET', path: '/interrogator/search/{request_id}', pathParams: ['request_id'] },
  { method: 'POST', path: '/interrogator/summary', body: true },
  { method: 'GET', path: '/interrogator/summary/{request_id}', pathParams: ['request_id'] },
  { method: 'POST', path: '/interrogator/feedback', body: true },
];

/** Spec §7.1 "Document filter body fields". */
const FILTER_FIELDS = [
  'jurisdictions',
  'publisher_ids',
  'publishers',
  'sector',
  'initiatives',
  'authoritative',
  'has_signposts',
  'required_tags',
  'require_all_tags',
  'start_date',
  'end_date',
  'doctypes',
  'domains',
  'languages',
  'min_title_length',
  'title_regex',
  'title',
  'last_updated_from',
  'last_updated_to',
  'publisher_rankings',
  'remove_near_duplicates',
  'document_restriction',
  'psi_labels',
  'require_all_psi_labels',
];

/** Spec §3.1 "Doctypes", verbatim. */
const DOCTYPES = [
  'Laws',
  'Legislative Codes',
  'Rules, Technical Standards and Codes of Practice',
  'Codified rulebooks',
  'Guidance and FAQs',
  'Consultations and Calls for Input',
  'Consultation Responses Received',
  'Corporate Actions, Operations and Reporting',
  'Policies and Decisions',
  "Regulators' formal evidence and opinions",
  'Speeches and oral evidence',
  'Firm-level actions and enforcement',
  'Research and Thematic Reports',
  'Lists, Forms and Tables',
  'Other',
  'International supervisory standards',
  'Individual Guidance',
];

describe('spec §7.1 operations', () => {
  it(`has exactly the ${SPEC_7_1.length} operations of the table, under /api/v1/customer`, () => {
    const documented = Object.entries(doc.paths).flatMap(([p, item]: [string, Node]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(SPEC_7_1.map((row) => `${row.method} ${row.path}`).sort());
    expect(doc.servers[0].url).toMatch(/\/api\/v1\/customer$/);
  });

  it.each(SPEC_7_1)('$method $path has its parameters, body, tag, summary and an example', (row) => {
    const op = operation(row.method, row.path);
    expect(op).toBeDefined();
    expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(op.tags).toHaveLength(1);
    expect(op.summary).toBeTruthy();
    expect(op.description).toBeTruthy();
    for (const name of row.query ?? []) expect(parameter(row.method, row.path, name)).toMatchObject({ in: 'query' });
    for (const name of row.pathParams ?? []) {
      expect(parameter(row.method, row.path, name)).toMatchObject({ in: 'path', required: true });
    }
    if (row.body) {
      expect(requestSchema(row.method, row.path)).toBeDefined();
      expect(resolve(op.requestBody).content['application/json'].example).toBeDefined();
    }
    expect(op.responses['403']).toBeDefined();
  });

  it('applies one bearer security scheme to every operation (spec §6)', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('marks the actions operation as prerelease', () => {
    expect(operation('GET', '/frameworks/{framework_id}/actions')['x-prerelease']).toBe(true);
  });
});

describe('spec §5.1 and §9 constraints', () => {
  it('pages from 1 (default 1) with 100 items by default', () => {
    for (const p of ['/documents', '/documents/lite']) {
      expect(parameter('POST', p, 'page').schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
      expect(parameter('POST', p, 'page_size').schema).toMatchObject({ type: 'integer', default: 100 });
    }
  });

  it('needs at least 15 characters other than white space in an Interrogator query', () => {
    const pattern = new RegExp(property(schema('InterrogatorSearchRequest'), 'query').pattern);
    expect(pattern.test('What are the rules?')).toBe(true);
    expect(pattern.test('fifteen-chars!!')).toBe(true);
    expect(pattern.test('a b c d e f g h i j k l m n o')).toBe(true);
    expect(pattern.test('fourteen-chars')).toBe(false);
    expect(pattern.test('a b c d e f g h i j k l m n')).toBe(false);
    expect(pattern.test(`${' '.repeat(30)}x`)).toBe(false);
    expect(schema('InterrogatorSearchRequest').required).toContain('query');
  });

  it('needs at least 5 words of feedback', () => {
    const pattern = new RegExp(property(schema('InterrogatorFeedback'), 'feedback').pattern);
    expect(pattern.test('This answered my question well')).toBe(true);
    expect(pattern.test('Not quite what I')).toBe(false);
    expect(schema('InterrogatorFeedback').required).toEqual(expect.arrayContaining(['is_satisfied', 'feedback']));
  });

  it('summarises 1 to 100 results', () => {
    expect(property(schema('InterrogatorSummaryRequest'), 'results')).toMatchObject({ minItems: 1, maxItems: 100 });
  });

  it('takes at least one publisher condition, each a jurisdiction or publisher_id with a value', () => {
    const publishers = property(schema('DocumentFilters'), 'publishers');
    expect(publishers.minItems).toBe(1);
    const item = resolve(publishers.items);
    expect(item.required).toEqual(expect.arrayContaining(['type', 'value']));
    expect(property(item, 'type').enum).toEqual(['jurisdiction', 'publisher_id']);
  });

  it('bounds rankings 1 to 14, ids and lengths at 0, domain versions at 1, initiative names at 3', () => {
    expect(resolve(property(schema('DocumentFilters'), 'publisher_rankings').items)).toMatchObject({
      minimum: 1,
      maximum: 14,
    });
    expect(property(schema('Publisher'), 'hierarchy_ranking')).toMatchObject({ minimum: 1, maximum: 14 });
    expect(resolve(property(schema('DocumentFilters'), 'initiatives').items)).toMatchObject({ minimum: 0 });
    expect(property(schema('Initiative'), 'id')).toMatchObject({ minimum: 0 });
    expect(property(schema('Initiative'), 'name')).toMatchObject({ minLength: 3 });
    expect(parameter('GET', '/domains/{domain}/tags', 'version').schema).toMatchObject({ minimum: 1 });
    expect(property(schema('RegScore'), 'domain_version')).toMatchObject({ minimum: 1 });
    expect(property(schema('DocumentFilters'), 'min_title_length')).toMatchObject({ minimum: 0 });
  });

  it('has every document filter field, deprecated ones marked, with the spec defaults', () => {
    const filters = schema('DocumentFilters');
    expect(Object.keys(filters.properties).sort()).toEqual([...FILTER_FIELDS].sort());
    for (const name of ['jurisdictions', 'publisher_ids', 'title_regex'])
      expect(property(filters, name).deprecated).toBe(true);
    expect(property(filters, 'remove_near_duplicates').default).toBe(false);
    expect(property(filters, 'require_all_tags').default).toBe(false);
    expect(property(filters, 'require_all_psi_labels').default).toBe(false);
    expect(property(filters, 'document_restriction').default).toEqual([
      'unrestricted',
      'partially_restricted',
      'restricted',
    ]);
    expect(parameter('GET', '/sanctions/', 'latest_only').schema.default).toBe(true);
    expect(property(filters, 'sector').minProperties).toBe(1);
  });

  it('describes the title syntax, sector rules and inclusive dates', () => {
    const filters = schema('DocumentFilters');
    expect(property(filters, 'title').description).toMatch(
      /all its words[\s\S]*any[\s\S]*`-`[\s\S]*double quotes[\s\S]*`OR`/,
    );
    expect(schema('SectorFilter').description).toMatch(/OR[\s\S]*AND/);
    expect(schema('SectorLevel').description).toMatch(/null/);
    expect(property(filters, 'start_date').description).toMatch(/inclusive/);
    expect(property(filters, 'end_date').description).toMatch(/inclusive/);
  });
});

describe('spec §3.1 entities', () => {
  it('lists the 17 doctypes verbatim and the three restriction levels', () => {
    expect(schema('Doctype').enum).toEqual(DOCTYPES);
    expect(schema('Restriction').enum).toEqual(['unrestricted', 'partially_restricted', 'restricted']);
  });

  it('gives the Document and Document lite fields their formats and meanings', () => {
    const lite = schema('DocumentLite');
    expect(Object.keys(lite.properties).sort()).toEqual(
      [
        'document_id',
        'publishers',
        'title',
        'published',
        'doctype',
        'content_type',
        'princeps',
        'version_cluster',
        'restriction',
        'copyright_notice',
      ].sort(),
    );
    expect(property(lite, 'document_id').format).toBe('uuid');
    expect(property(lite, 'published')).toMatchObject({
      format: 'date',
      description: expect.stringMatching(/1 January/),
    });
    expect(property(lite, 'princeps').description).toMatch(/oldest near-duplicate/);
    expect(property(lite, 'version_cluster').description).toMatch(/newest similar version/);
    const full = resolve(schema('Document').allOf[1]);
    for (const name of [
      'processed',
      'source_text',
      'translated_text_en',
      'languages',
      'authoritative',
      'initiatives',
      'sector',
      'reg_scores',
      'signposts',
      'psi_classifications',
      'source_urls',
      'crawled',
      'last_updated',
      'output_version',
      'actionable_items',
    ]) {
      expect(full.properties).toHaveProperty(name);
    }
    expect(property(full, 'processed').format).toBe('date-time');
    expect(property(full, 'languages').description).toMatch(/sum to 1/);
  });

  it('describes publishers: kebab-case id, ISO 3166 codes, ranking where lower is more authoritative', () => {
    const publisher = schema('Publisher');
    expect(new RegExp(property(publisher, 'id').pattern).test('financial-conduct-authority')).toBe(true);
    expect(new RegExp(property(publisher, 'id').pattern).test('Financial Conduct')).toBe(false);
    expect(property(publisher, 'jurisdiction').description).toMatch(/ISO 3166-2/);
    expect(property(publisher, 'country').description).toMatch(/ISO 3166-1 alpha-2/);
    expect(property(publisher, 'hierarchy_ranking').description).toMatch(/lower is more authoritative/);
  });
});

describe('spec §4 and §8.1 responses', () => {
  it('answers a summary with 200 when ready and 202 with the two generation messages', () => {
    expect(response('GET', '/documents/{document_id}/summary', '200')).toBeDefined();
    const pending = response('GET', '/documents/{document_id}/summary', '202').content['application/json'];
    expect(property(resolve(pending.schema), 'message').enum).toEqual([
      'Summary generation initiated',
      'Summary generation in progress',
    ]);
    expect(parameter('GET', '/documents/{document_id}/summary', 'refresh').schema.type).toBe('boolean');
  });

  it('redirects a document file with 307 to a presigned link valid 5 minutes', () => {
    const redirect = response('GET', '/documents/{document_id}/file', '307');
    expect(redirect.headers.Location).toBeDefined();
    expect(redirect.description).toMatch(/5 minutes/);
  });

  it('reports Interrogator statuses pending, in_progress, completed and failed', () => {
    expect(schema('InterrogatorStatus').enum).toEqual(['pending', 'in_progress', 'completed', 'failed']);
  });

  it('answers a search with unknown publishers or jurisdictions with the two 400 messages', () => {
    const examples = response('POST', '/interrogator/search', '400').content['application/json'].examples;
    expect(
      Object.values(examples)
        .map((e: Node) => e.value.detail)
        .sort(),
    ).toEqual(['Invalid Jurisdiction(s) provided', 'Invalid Publisher ID(s) provided']);
  });

  it('answers 403 with the spec message and 422 with a list of loc, msg, type', () => {
    expect(doc.components.responses.Forbidden.content['application/json'].example.detail).toBe(
      'User does not have permission to access the requested resource.',
    );
    const entry = resolve(property(schema('ValidationError'), 'detail').items);
    expect(entry.required).toEqual(['loc', 'msg', 'type']);
  });

  it.each(
    Object.entries(doc.paths as Record<string, Record<string, Node>>).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([, op]) => op?.responses?.['422'])
        .map(([method]) => [method.toUpperCase(), p]),
    ),
  )('%s %s: its 422 example names an input the operation has', (method, p) => {
    // The example shows what a client of this operation gets: a `loc` naming an input it cannot send would
    // send a reader looking for it.
    const entries: { loc: (string | number)[] }[] = response(method, p, '422').content['application/json'].example
      .detail;
    expect(entries.length).toBeGreaterThan(0);
    const named = entries.map(({ loc }) => {
      const [part, name] = loc;
      if (part === 'body') return { loc, exists: property(requestSchema(method, p), String(name)) !== undefined };
      const param = parameter(method, p, String(name));
      return { loc, exists: param?.in === part };
    });
    expect(named).toEqual(entries.map(({ loc }) => ({ loc, exists: true })));
  });

  it('answers 404 where an id names something that may not exist', () => {
    for (const row of SPEC_7_1.filter((r) => r.pathParams)) expect(response(row.method, row.path, '404')).toBeDefined();
    expect(response('GET', '/initiatives', '404')).toBeDefined();
  });
});

describe('x-assumed markers say only what the spec leaves open', () => {
  it('DocumentLite requires the fields its marker says are always there (document_id, restriction)', () => {
    const lite = doc.components.schemas.DocumentLite;
    expect(lite['x-assumed']).toMatch(/`document_id` and `restriction` are always there/);
    expect(lite.required).toEqual(expect.arrayContaining(['document_id', 'restriction']));
  });

  it('the domain version marker assumes only what leaving it out gives: §5.1 gives its minimum', () => {
    const version = doc.components.parameters.DomainVersion;
    expect(version.schema.minimum).toBe(1);
    expect(version['x-assumed']).not.toMatch(/names the parameter only|minimum/);
    expect(version['x-assumed']).toMatch(/has not confirmed what leaving out `version` gives/);
  });
});

describe('the threshold filters markers', () => {
  it('takes "minimum threshold" (§5.1) and proportions summing to 1 (§3.1) from the spec, assuming only the reg_score scale', () => {
    const shared: string = doc.components.schemas.ThresholdMap['x-assumed'];
    const domains: string = doc.components.schemas.DocumentFilters.properties.domains['x-assumed'];
    for (const marker of [shared, domains]) expect(marker).not.toMatch(/minimum|at least the threshold|\bsum/);
    expect(domains).toMatch(/has not confirmed what a `domains` threshold is compared with/);
    expect(domains).toMatch(/reg_score/);
  });

  it("the map both filters share assumes only what holds for both (§5.1 says neither whether every threshold must be reached, nor any domains' scale)", () => {
    const shared: string = doc.components.schemas.ThresholdMap['x-assumed'];
    expect(shared).toMatch(/has not confirmed whether a document must reach every threshold/);
    expect(shared).not.toMatch(/domains|reg_score|language/);
  });
});

describe('jurisdiction codes (spec §3.1: a jurisdiction is ISO 3166-2)', () => {
  // ISO 3166-2: the country's ISO 3166-1 alpha-2 code, a hyphen, one to three letters or digits.
  const iso3166_2 = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
  const pattern = new RegExp(doc.components.schemas.Jurisdiction.pattern);

  it('takes ISO 3166-2 codes and refuses what is none: a bare country code, `EU`', () => {
    for (const code of ['GB-ENG', 'DE-BY', 'US-NY', 'FR-IDF', 'IE-D', 'JP-13'])
      expect({ code, valid: pattern.test(code) }).toEqual({ code, valid: true });
    for (const code of ['GB', 'DE', 'EU', 'gb-eng', 'GB-', 'GB-ENGL'])
      expect({ code, valid: pattern.test(code) }).toEqual({ code, valid: false });
  });

  it('gives every jurisdiction of its texts and examples as an ISO 3166-2 code', () => {
    const text = JSON.stringify(doc);
    const named = [
      ...[...text.matchAll(/jurisdictions=([^&`"\\)]+)/g)].map((m) => m[1]),
      ...[...text.matchAll(/"jurisdiction":"([^"]*)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/"type":"jurisdiction","value":"([^"]*)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/"jurisdictions":\[([^\]]*)\]/g)].flatMap((m) => JSON.parse(`[${m[1]}]`) as string[]),
      ...(nodeAt(
        doc,
        '#/paths/~1publishers~1jurisdictions/get/responses/200/content/application~1json/example',
      ) as string[]),
      ...[...text.matchAll(/`Jurisdiction` codes? such as `([^`]*)`(?: or `([^`]*)`)?/g)].flatMap((m) => m.slice(1)),
    ];
    expect(named.length).toBeGreaterThan(6);
    expect(named.filter((code) => !iso3166_2.test(code))).toEqual([]);
  });

  it('refuses a `publishers` condition of type jurisdiction whose value is no code, as `jurisdictions` does', () => {
    // strict: false, so the contract's own keywords (`x-assumed`, `example`) are ignored.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'contract', components: doc.components });
    const condition = ajv.compile({ $ref: 'contract#/components/schemas/PublisherFilter' });
    const codes = ajv.compile({ $ref: 'contract#/components/schemas/Jurisdiction' });
    for (const value of ['GB-ENG', 'US-NY', 'GB', 'EU', 'gb-eng', ''])
      expect({ value, valid: condition({ type: 'jurisdiction', value }) }).toEqual({ value, valid: codes(value) });
    expect(condition({ type: 'jurisdiction', value: 'GB' })).toBe(false);
    expect(condition({ type: 'publisher_id', value: 'albion-conduct-authority' })).toBe(true);
    expect(schema('PublisherFilter')['x-assumed']).toMatch(
      /has not confirmed whether a `publishers` condition of `type` `jurisdiction` whose `value` is\s+not a jurisdiction code/,
    );
  });

  it('marks as assumed whether a whole country or a body above country level has a code', () => {
    const marker: string = doc.components.schemas.Jurisdiction['x-assumed'];
    expect(marker).toMatch(/has not confirmed whether a whole country, or a body above country level/);
    expect(doc.components.schemas.Publisher.properties.jurisdiction['x-assumed']).toMatch(/above country level/);
  });

  it("marks a publisher's country as its jurisdiction's country, absent above country level", () => {
    const country = doc.components.schemas.Publisher.properties.country;
    expect(country.description).toMatch(/Absent for a publisher above country level/);
    expect(country['x-assumed']).toBeDefined();
  });
});

/**
 * Details the contract stated as fact though the spec does not give them ("stated as
 * fact, not in the spec, not marked"). Each must carry `x-assumed` (shown to readers as _Assumed_).
 */
const STATED_AS_FACT: [string, string][] = [
  ['zero-based page_index of result pages', '#/components/schemas/SearchResultPage/properties/page_index'],
  ['zero-based page_index of PSI classifications', '#/components/schemas/PsiClassification/properties/page_index'],
  ['zero-based page_index of actions', '#/components/schemas/Action/properties/page_index'],
  ['AND between filter fields, OR inside a list', '#/components/schemas/DocumentFilters'],
  ['an empty sector list drops unclassified documents', '#/components/schemas/SectorLevel'],
  ['the {request_id} wrapper', '#/components/schemas/InterrogatorRequest'],
  ['the order of the Interrogator statuses', '#/components/schemas/InterrogatorStatus'],
  ['content_type is the media type of the original', '#/components/schemas/DocumentLite/properties/content_type'],
  ['output_version is the format version', '#/components/schemas/Document/allOf/1/properties/output_version'],
  ['tag_id is stable', '#/components/schemas/DomainTag/properties/tag_id'],
  ['psi_labels are the PSI description keys', '#/components/schemas/DocumentFilters/properties/psi_labels'],
  ['important dates may lack a document', '#/components/schemas/Initiative/properties/important_dates'],
  ['latest_only defaults to true', '#/paths/~1sanctions~1/get/parameters/1'],
  ['last-update bounds take dates and date-times', '#/components/schemas/DocumentFilters/properties/last_updated_from'],
  [
    'last-update bounds take dates and date-times (upper)',
    '#/components/schemas/DocumentFilters/properties/last_updated_to',
  ],
  ['values that constrain nothing are no condition', '#/components/schemas/DocumentFilters'],
  ['page fields are blocks and figures', '#/components/schemas/Page'],
  ['a search status repeats its request_id', '#/components/schemas/InterrogatorSearchStatus/properties/request_id'],
  ['a summary status repeats its request_id', '#/components/schemas/InterrogatorSummaryStatus/properties/request_id'],
  ['the sector tree depth is the filter level', '#/paths/~1sectors/get'],
  ['license_url is a URI', '#/components/schemas/Publisher/properties/license_url'],
  ['an important date is a date', '#/components/schemas/Initiative/properties/important_dates/items/properties/date'],
  ['source URLs are URIs', '#/components/schemas/Document/allOf/1/properties/source_urls'],
  ['the document filter body is required', '#/paths/~1documents/post/requestBody'],
  ['the lite filter body is required', '#/paths/~1documents~1lite/post/requestBody'],
  ['the count filter body is required', '#/paths/~1document_counts/post/requestBody'],
  ['search dates are days (YYYY-MM-DD)', '#/components/schemas/DocumentFilters/properties/start_date'],
  ['search dates are days (YYYY-MM-DD), upper', '#/components/schemas/DocumentFilters/properties/end_date'],
  ['a domain is named in the path by its name', '#/paths/~1domains~1{domain}~1tags/get/parameters/0'],
];

describe('what the spec does not say is marked assumed', () => {
  it.each(STATED_AS_FACT)('%s', (_what, pointer) => {
    const node = nodeAt(doc, pointer) as Node;
    expect({ pointer, assumed: typeof node?.['x-assumed'] }).toEqual({ pointer, assumed: 'string' });
  });
});
