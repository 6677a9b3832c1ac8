/**
 * Contract changes planted in a copy of the vendored contract, each with how api-smart-diff (as
 * ../diff.ts configures it) classifies it: every bound tightened and loosened, a type and a format changed,
 * enum values removed and added, parameters added, a response, a header and a media type removed, a
 * security scope added, an operation removed, deprecated and added, a default changed. `before` sets up
 * what the change needs (a header to remove); `after` is the change.
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
  /** What the description says (the tool's words). */
  says: RegExp;
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
    says: /\[Added\] maximum validator in query parameter `page_size`/,
  },
  {
    name: 'maximum loosened: page_size may be larger',
    before: (doc) => (doc.components.parameters.PageSize.schema.maximum = 500),
    after: (doc) => (doc.components.parameters.PageSize.schema.maximum = 1000),
    operations: PAGED,
    type: 'non-breaking',
    says: /\[Replaced\] maximum validator in query parameter `page_size`/,
  },
  {
    name: 'maxLength tightened: a publisher filter value gets a maximum length',
    after: (doc) => (publisherValue(doc).maxLength = 64),
    operations: FILTERS,
    type: 'breaking',
    says: /\[Added\] maxLength validator to `publishers\[\]\.value` in Request Body/,
  },
  {
    name: 'maxLength loosened',
    before: (doc) => (publisherValue(doc).maxLength = 64),
    after: (doc) => (publisherValue(doc).maxLength = 128),
    operations: FILTERS,
    type: 'non-breaking',
    says: /\[Replaced\] maxLength validator of `publishers\[\]\.value`/,
  },
  {
    name: 'minItems tightened: publishers needs two items',
    after: (doc) => (schemas(doc).DocumentFilters.properties.publishers.minItems = 2),
    operations: FILTERS,
    type: 'breaking',
    says: /\[Replaced\] minItems validator of `publishers`/,
  },
  {
    name: 'minItems loosened: publishers may be empty',
    after: (doc) => delete schemas(doc).DocumentFilters.properties.publishers.minItems,
    operations: FILTERS,
    type: 'non-breaking',
    says: /\[Removed\] minItems validator from `publishers`/,
  },
  {
    name: 'pattern tightened: a search query needs 20 characters',
    after: (doc) => (searchQuery(doc).pattern = '^(\\s*\\S){20}'),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: /\[Replaced\] pattern validator of `query`/,
  },
  {
    name: 'pattern loosened: a search query has no pattern',
    after: (doc) => delete searchQuery(doc).pattern,
    operations: ['POST /interrogator/search'],
    type: 'non-breaking',
    says: /\[Removed\] pattern validator from `query`/,
  },
  {
    name: 'type changed: a search query becomes a number',
    after: (doc) => (searchQuery(doc).type = 'number'),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: /\[Replaced\] type definition of `query`/,
  },
  {
    name: 'format changed: a document id is a URI, no longer a UUID',
    after: (doc) => (doc.components.parameters.DocumentId.schema.format = 'uri'),
    operations: BY_DOCUMENT_ID,
    type: 'breaking',
    says: /\[Replaced\] value format in path parameter `document_id`/,
  },
  {
    name: 'enum value removed from a request field',
    after: (doc) => (schemas(doc).PublisherFilter.properties.type.enum = ['jurisdiction']),
    operations: FILTERS,
    type: 'breaking',
    says: /possible values of `publishers\[\]\.type`/,
  },
  {
    name: 'enum value added to a request field',
    after: (doc) => schemas(doc).PublisherFilter.properties.type.enum.push('country'),
    operations: FILTERS,
    type: 'non-breaking',
    says: /possible values of `publishers\[\]\.type`/,
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
    says: /\[Added\] required query parameter `region`/,
  },
  {
    name: 'required parameter added to an operation without parameters',
    after: (doc) =>
      (doc.paths['/doctypes'].get.parameters = [
        { name: 'lang', in: 'query', required: true, schema: { type: 'string' } },
      ]),
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: /^\[Added\] parameters$/,
  },
  {
    name: 'optional parameter added',
    after: (doc) =>
      doc.paths['/publishers'].get.parameters.push({ name: 'region', in: 'query', schema: { type: 'string' } }),
    operations: ['GET /publishers'],
    type: 'non-breaking',
    says: /\[Added\] query parameter `region`/,
  },
  {
    name: 'response status removed',
    after: (doc) => delete doc.paths['/documents/{document_id}'].get.responses['404'],
    operations: ['GET /documents/{document_id}'],
    type: 'breaking',
    says: /\[Removed\] Response 404/,
  },
  {
    name: 'response header removed: Retry-After',
    before: withRetryAfter,
    after: (doc) => delete doc.paths['/publishers'].get.responses['429'].headers['Retry-After'],
    operations: ['GET /publishers'],
    type: 'breaking',
    says: /\[Removed\] responses\.429\.headers\.Retry-After/,
  },
  {
    name: 'media type removed from a response',
    before: (doc) => (doc.paths['/doctypes'].get.responses['200'].content['text/csv'] = { schema: { type: 'string' } }),
    after: (doc) => delete doc.paths['/doctypes'].get.responses['200'].content['text/csv'],
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: /^\[Removed\] responses\.200\.content\.text\/csv$/,
  },
  {
    name: 'security scope added',
    before: (doc) => (doc.paths['/doctypes'].get.security = [{ bearerAuth: [] }]),
    after: (doc) => (doc.paths['/doctypes'].get.security = [{ bearerAuth: ['read:reference-data'] }]),
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: /\[Added\] some security details/,
  },
  {
    name: 'operation removed',
    after: (doc) => delete doc.paths['/doctypes'],
    operations: ['GET /doctypes'],
    type: 'breaking',
    says: /\[Removed\] operation GET \/doctypes/,
  },
  {
    name: 'operation deprecated',
    after: (doc) => (doc.paths['/sectors'].get.deprecated = true),
    operations: ['GET /sectors'],
    type: 'deprecated',
    says: /\[Added\] deprecated status/,
  },
  {
    name: 'operation added',
    after: (doc) => (doc.paths['/alerts'] = { get: { responses: { '200': { description: 'Alerts.' } } } }),
    operations: ['GET /alerts'],
    type: 'non-breaking',
    says: /\[Added\] operation GET \/alerts/,
  },
  {
    name: 'default changed: page_size defaults to 50',
    after: (doc) => (doc.components.parameters.PageSize.schema.default = 50),
    operations: PAGED,
    type: 'breaking',
    says: /\[Replaced\] default value in query parameter `page_size`/,
  },
  {
    name: 'request field made required',
    after: (doc) => (schemas(doc).InterrogatorSearchRequest.required = ['query', 'doctypes']),
    operations: ['POST /interrogator/search'],
    type: 'breaking',
    says: /\[Added\] required status to `doctypes`/,
  },
];
