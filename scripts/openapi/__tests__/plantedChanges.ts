/**
 * Contract changes planted in a copy of the vendored contract, each with how api-smart-diff (as
 * ../diff.ts configures it) classifies it: every bound tightened and loosened, a type and a format changed,
 * enum values removed and added, parameters added, a response, a header and a media type removed, a
 * security scope added, an operation removed, deprecated and added, a default changed, the pattern of a
 * query parameter's values and of an answer's items changed, a form of value added, a conditional rule added.
 * `before` sets up what the change needs (a header to remove); `after` is the change.
 */
import type { ChangeType } from '../diff';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any; // a parsed OpenAPI document

export interface PlantedChange {
  name: string;
  before?: (doc: Doc) => void;
  after: (doc: Doc) => void;
  /** The operations the tool names, in its order, and the one type every change of the case has. */
  operations: string[];
  type: ChangeType;
  /** What the description of each change says, whole: a customer's words (../changeWords.ts). */
  says: string;
}

const schemas = (doc: Doc) => doc.components.schemas;
const FILTERS = ['POST /documents', 'POST /documents/lite', 'POST /document_counts'];
const PAGED = ['POST /documents', 'POST /documents/lite'];
const BY_DOCUMENT_ID = [
  'GET /documents/{document_id}',
  'GET /documents/{document_id}/summary',
  'GET /documents/{document_id}/file',
];
const publisherValue = (doc: Doc) => schemas(doc).PublisherFilter.properties.value;
const searchQuery = (doc: Doc) => schemas(doc).InterrogatorSearchRequest.properties.query;
/** `GET /publishers` answers `429` with a `Retry-After` header (the contract names neither yet). */
const withRetryAfter = (doc: Doc) => {
  doc.paths['/publishers'].get.responses['429'] = {
    description: 'Too many requests.',
    headers: { 'Retry-After': { schema: { type: 'integer' } }, 'X-Request-Id': { schema: { type: 'string' } } },
  };
};

export const PLANTED_CHANGES: PlantedChange[] = [
  {
    name: 'maximum tightened: page_size gets a maximum',
    after: (doc) => (doc.components.parameters.PageSize.schema.maximum = 500),
    operations: PAGED,
    type: 'breaking',
    says: 'Query parameter `page_size` now has a maximum, `500`; keep what you send within it.',
  },
  {
    name: 'maximum loosened: page_size may be larger',
    before: (doc) => (doc.components.parameters.PageSize.schema.maximum = 500),
    after: (doc) => (doc.components.parameters.PageSize.schema.maximum = 1000),
    operations: PAGED,
    type: 'non-breaking',
    says: 'The maximum of query parameter `page_size` is now `1000` (it was `500`).',
  },
  {
    name: 'maxLength tightened: a publisher filter value gets a maximum length',
    after: (doc) => (publisherValue(doc).maxLength = 64),
    operations: FILTERS,
    type: 'breaking',
    says: '`publishers[].value` in the request body now has a maximum length, `64`; keep what you send within it.',
  },
  {
    name: 'maxLength loosened',
    before: (doc) => (publisherValue(doc).maxLength = 64),
    after: (doc) => (publisherValue(doc).maxLength = 128),
    operations: FILTERS,
    type: 'non-breaking',
    says: 'The maximum length of `publishers[].value` in the request body is now `128` (it was `64`).',
  },
  {
    name: 'minItems tightened: publishers needs two items',
    after: (doc) => (schemas(doc).DocumentFilters.properties.publishers.minItems = 2),
    operations: FILTERS,
    type: 'breaking',
    says: 'The minimum number of items of `publishers` in the request body is now `2` (it was `1`); keep what you send within it.',
  },
  {
    name: 'minItems loosened: publishers may be empty',
    after: (doc) => delete schemas(doc).DocumentFilters.properties.publishers.minItems,
    operations: FILTERS,
    type: 'non-breaking',
    says: '`publishers` in the request body no longer has a minimum number of items (it was `1`).',
  },
  {
    name: 'pattern tightened: a search query needs 20 characters',
    after: (doc) => (searchQuery(doc).pattern = '^(\\s*\\S){20}'),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: 'The pattern of `query` in the request body is now `^(\\s*\\S){20}` (it was `^(\\s*\\S){15}`); send values that match it.',
  },
  {
    name: 'pattern loosened: a search query has no pattern',
    after: (doc) => delete searchQuery(doc).pattern,
    operations: ['POST /interrogator/search'],
    type: 'non-breaking',
    says: '`query` in the request body no longer has a pattern (it was `^(\\s*\\S){15}`).',
  },
  {
    name: 'type changed: a search query becomes a number',
    after: (doc) => (searchQuery(doc).type = 'number'),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: 'The type of `query` in the request body is now `number` (it was `string`); send values of the new type.',
  },
  {
    name: 'format changed: a document id is a URI, no longer a UUID',
    after: (doc) => (doc.components.parameters.DocumentId.schema.format = 'uri'),
    operations: BY_DOCUMENT_ID,
    type: 'breaking',
    says: 'The format of path parameter `document_id` is now `uri` (it was `uuid`); send values in the new format.',
  },
  {
    name: 'enum value removed from a request field',
    after: (doc) => (schemas(doc).PublisherFilter.properties.type.enum = ['jurisdiction']),
    operations: FILTERS,
    type: 'breaking',
    says: '`publishers[].type` in the request body no longer takes `publisher_id`; send only the values it takes.',
  },
  {
    name: 'enum value added to a request field',
    after: (doc) => schemas(doc).PublisherFilter.properties.type.enum.push('country'),
    operations: FILTERS,
    type: 'non-breaking',
    says: '`publishers[].type` in the request body takes a new value, `country`.',
  },
  {
    name: 'required parameter added to an operation with parameters',
    after: (doc) =>
      doc.paths['/publishers'].get.parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    operations: ['GET /publishers'],
    type: 'breaking',
    says: 'New required query parameter `region`; send it.',
  },
  {
    name: 'required parameter added to an operation without parameters',
    after: (doc) =>
      (doc.paths['/doctypes'].get.parameters = [
        { name: 'lang', in: 'query', required: true, schema: { type: 'string' } },
      ]),
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: 'The operation now takes query parameter `lang` (required); send the required ones.',
  },
  {
    name: 'optional parameter added',
    after: (doc) =>
      doc.paths['/publishers'].get.parameters.push({ name: 'region', in: 'query', schema: { type: 'string' } }),
    operations: ['GET /publishers'],
    type: 'non-breaking',
    says: 'New query parameter `region`.',
  },
  {
    name: 'response status removed',
    after: (doc) => delete doc.paths['/documents/{document_id}'].get.responses['404'],
    operations: ['GET /documents/{document_id}'],
    type: 'breaking',
    says: 'The `404` answer is no longer listed; stop relying on it.',
  },
  {
    name: 'response header removed: Retry-After',
    before: withRetryAfter,
    after: (doc) => delete doc.paths['/publishers'].get.responses['429'].headers['Retry-After'],
    operations: ['GET /publishers'],
    type: 'breaking',
    says: 'Header `Retry-After` of the `429` answer is no longer listed; stop relying on it.',
  },
  {
    name: 'media type removed from a response',
    before: (doc) => (doc.paths['/doctypes'].get.responses['200'].content['text/csv'] = { schema: { type: 'string' } }),
    after: (doc) => delete doc.paths['/doctypes'].get.responses['200'].content['text/csv'],
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: 'The `text/csv` form of the `200` answer is no longer listed; stop relying on it.',
  },
  {
    name: 'security scope added',
    before: (doc) => (doc.paths['/doctypes'].get.security = [{ bearerAuth: [] }]),
    after: (doc) => (doc.paths['/doctypes'].get.security = [{ bearerAuth: ['read:reference-data'] }]),
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: 'The access token needs scope `read:reference-data`; use an access token that has it.',
  },
  {
    name: 'operation removed',
    after: (doc) => delete doc.paths['/doctypes'],
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: 'Operation `GET /doctypes` removed; stop calling it.',
  },
  {
    name: 'operation deprecated',
    after: (doc) => (doc.paths['/sectors'].get.deprecated = true),
    operations: ['GET /sectors'],
    type: 'deprecated',
    says: 'The operation is now deprecated.',
  },
  {
    name: 'operation added',
    after: (doc) => (doc.paths['/alerts'] = { get: { responses: { '200': { description: 'Alerts.' } } } }),
    operations: ['GET /alerts'],
    type: 'non-breaking',
    says: 'New operation `GET /alerts`.',
  },
  {
    name: 'default changed: page_size defaults to 50',
    after: (doc) => (doc.components.parameters.PageSize.schema.default = 50),
    operations: PAGED,
    type: 'breaking',
    says: 'The default of query parameter `page_size` is now `50` (it was `100`); send the value itself if you relied on the old default.',
  },
  {
    name: 'request field made required',
    after: (doc) => (schemas(doc).InterrogatorSearchRequest.required = ['query', 'doctypes']),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: '`doctypes` in the request body is now required; send it.',
  },
  {
    name: "pattern tightened: a query parameter's values",
    before: (doc) =>
      (doc.components.parameters.Jurisdictions.schema.items = { type: 'string', pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' }),
    after: (doc) => (doc.components.parameters.Jurisdictions.schema.items.pattern = '^[A-Z]{2}-[A-Z]{2}$'),
    operations: ['GET /publishers', 'GET /sanctions/'],
    type: 'breaking',
    says: 'The pattern of each value of query parameter `jurisdictions` is now `^[A-Z]{2}-[A-Z]{2}$` (it was `^[A-Z]{2}-[A-Z0-9]{1,3}$`); send values that match it.',
  },
  {
    name: 'form of value added: a date bound takes one more',
    before: (doc) => schemas(doc).DocumentFilters.properties.last_updated_from.anyOf.pop(),
    after: (doc) =>
      schemas(doc).DocumentFilters.properties.last_updated_from.anyOf.push({ type: 'string', format: 'date' }),
    operations: FILTERS,
    type: 'non-breaking',
    says: '`last_updated_from` in the request body takes one more form of value.',
  },
  {
    // An `else` (a rule for the conditions that are not of `type` `jurisdiction`): not in the contract, so no
    // changelog entry names it.
    name: 'conditional constraint added: a rule for the other publishers conditions',
    after: (doc) => (schemas(doc).PublisherFilter.else = { properties: { value: { minLength: 2 } } }),
    operations: FILTERS,
    type: 'breaking',
    says: 'Each value of `publishers` in the request body is now checked against a rule that depends on its other fields; check what you send against the new description.',
  },
];
