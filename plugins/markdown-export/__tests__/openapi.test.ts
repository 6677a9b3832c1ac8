/**
 * @jest-environment node
 *
 * The API reference as Markdown, from the real contract: what a reader's tool needs of an operation (method
 * and path, parameters, the request and response bodies' fields with their types, defaults and possible values,
 * a curl sample) and of a schema, as the HTML reference shows them.
 */
import { loadContract } from '../../../config/openapi';
import { operations, resolveRef } from '../../../rules/contract';
import {
  infoMarkdown,
  operationMarkdown,
  schemaMarkdown,
  schemaNameFor,
  tagMarkdown,
  type ApiDocument,
} from '../openapi';
import { FIELD_LIMITS, fieldRows, typeOf } from '../schemaFields';

const contract = loadContract() as unknown as ApiDocument;

/** A string matched literally in a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every field path of a schema in the contract, read from it here (as a reader would name them: `a.b`,
 * `list[].c`, a map's values as `*`): objects' properties, `allOf` parts, array items and map values, each
 * schema followed once on the way down.
 */
function fieldPaths(node: unknown, prefix = '', seen: ReadonlySet<string> = new Set()): string[] {
  const { node: schema, seen: inner } = resolveRef(contract, node, seen);
  if (!schema) return [];
  const paths: string[] = [];
  for (const part of [schema, ...(schema.allOf ?? [])]) {
    const { node: object, seen: partSeen } = resolveRef(contract, part, inner);
    for (const [name, child] of Object.entries((object?.properties ?? {}) as Record<string, unknown>)) {
      paths.push(`${prefix}${name}`);
      const { node: field } = resolveRef(contract, child, partSeen);
      if ((child as { $ref?: string }).$ref && partSeen.has((child as { $ref: string }).$ref)) continue;
      if (field?.type === 'array') paths.push(...fieldPaths(field.items, `${prefix}${name}[].`, partSeen));
      else paths.push(...fieldPaths(child, `${prefix}${name}.`, partSeen));
    }
    if (object?.additionalProperties?.properties || object?.additionalProperties?.$ref)
      paths.push(...fieldPaths(object.additionalProperties, `${prefix}*.`, partSeen));
  }
  return paths;
}

describe('an operation as Markdown', () => {
  const search = operationMarkdown(contract, 'post', '/documents');

  it('starts with its summary, then its method and path', () => {
    expect(search.split('\n\n').slice(0, 2)).toEqual(['# Search documents', '`POST /documents`']);
  });

  it('has a parameters table with type, required, default and bounds', () => {
    expect(search).toContain('| Name | In | Type | Required | Default | Description |');
    expect(search).toMatch(/\| `page` \| query \| integer \| no \| `1` \| Page number, from 1\. Range: `>= 1`\. \|/);
  });

  it('lists the request body fields by path, nested ones included, and its example', () => {
    expect(search).toContain('## Request body');
    expect(search).toContain('`application/json`, required: DocumentFilters (object), with these fields:');
    expect(search).toContain('| Field | Type | Required | Default | Description |');
    expect(search).toMatch(
      /\| `publishers\[\]\.type` \| string \| yes \| {2}\| [^|]+ Possible values: `"jurisdiction"`, `"publisher_id"`\. \|/,
    );
    expect(search).toMatch(/\| `sector\.level_1` \|/);
    // A type holding a pipe is escaped, so the table keeps its columns.
    expect(search).toMatch(/\| `title` \| string \\\| array of string \| no \|/);
    expect(search).toContain('"doctypes": [\n    "Laws",');
  });

  it("gives each request field's default and possible values, as the HTML reference does", () => {
    const filters = contract.components!.schemas!.DocumentFilters as {
      properties: Record<string, { default?: unknown }>;
    };
    const defaults = Object.entries(filters.properties).filter(([, field]) => field.default !== undefined);
    expect(defaults.length).toBeGreaterThan(2);
    for (const [name, field] of defaults)
      expect(search).toMatch(
        new RegExp(`\\| \`${name}\` \\| [^|]+ \\| no \\| \`${escape(JSON.stringify(field.default))}\` \\|`),
      );
    expect(search).toContain('| `remove_near_duplicates` | boolean | no | `false` |');
    const rows = search.split('\n');
    const restriction = rows.find((line) => line.startsWith('| `document_restriction` |'));
    expect(restriction).toContain('`["unrestricted","partially_restricted","restricted"]`');
    // Its items' row names the three levels.
    expect(rows.find((line) => line.startsWith('| `document_restriction[]` |'))).toContain(
      'Possible values: `"unrestricted"`, `"partially_restricted"`, `"restricted"`.',
    );
  });

  it("shows every response's fields, nested as deep as they go, with what each is", () => {
    const { responses } = contract.paths['/documents'].post as { responses: Record<string, unknown> };
    expect(Object.keys(responses)).toContain('200');
    const ok = search.slice(search.indexOf('### 200'), search.indexOf('### 401'));
    expect(ok).toContain('`application/json`: array of Document; each item has these fields:');
    // Every field of a Document, at every depth, by its path: derived from the contract.
    const paths = fieldPaths({ $ref: '#/components/schemas/Document' });
    expect(paths.length).toBeGreaterThan(40);
    for (const field of paths) expect(ok).toContain(`| \`${field}\` |`);
    expect(ok).toMatch(/\| `source_text\[\]\.blocks\[\]\.coordinates\.x0` \| number \| yes \|/);
    expect(ok).toMatch(/\| `restriction` \| Restriction \| yes \| {2}\| .*Possible values: `"unrestricted"`/);
    // A map's values are named by `*`; a recursive schema stops where it comes back.
    expect(ok).toMatch(/\| `reg_scores\.\*\.reg_score` \| number \| yes \|/);
    expect(operationMarkdown(contract, 'get', '/sectors')).toMatch(/\| `children` \| array of SectorCategory \| no \|/);
    const error = search.slice(search.indexOf('### 401'), search.indexOf('### 403'));
    expect(error).toContain('`application/json`: Error (object), with these fields:');
    expect(error).toMatch(/\| `detail` \| string \| yes \|/);
    expect(error).toContain('`WWW-Authenticate` header:');
  });

  it("lists a response's named examples, and what each item of a list of plain values is", () => {
    const summary = operationMarkdown(contract, 'get', '/documents/{document_id}/summary');
    expect(summary).toContain('Example (First request):\n\n```json\n{\n  "status": "ok",');
    const jurisdictions = operationMarkdown(contract, 'get', '/publishers/jurisdictions');
    expect(jurisdictions).toMatch(
      /`application\/json`: array of Jurisdiction\.\n\nEach item: A jurisdiction: .* Pattern: `/,
    );
  });

  it('has every documented response with its example', () => {
    const { responses } = contract.paths['/documents'].post as { responses: Record<string, unknown> };
    expect(Object.keys(responses).length).toBeGreaterThan(2);
    for (const status of Object.keys(responses)) expect(search).toContain(`### ${status}\n`);
    expect(search).toContain('### 422');
    expect(search).toContain('"msg": "Input should be greater than or equal to 1"');
  });

  it("ends with a curl sample built like the docs' samples", () => {
    expect(search).toMatch(
      /## Example request\n\n```bash\ncurl -sS --fail-with-body "\$API_BASE\/documents" \\\n {2}--request POST \\\n {2}--header "Authorization: Bearer \$TOKEN"/,
    );
  });

  it('fills path parameters of the sample from their examples, and says where a 307 goes', () => {
    const file = operationMarkdown(contract, 'get', '/documents/{document_id}/file');
    expect(file).toMatch(/curl -sS --fail-with-body "\$API_BASE\/documents\/[0-9a-f-]{36}\/file"/);
    expect(file).toContain('`Location` header:');
  });

  it('is written for every operation of the contract, and refuses one it does not have', () => {
    for (const { method, path } of operations(contract)) {
      expect(operationMarkdown(contract, method, path)).toMatch(/^# .+\n\n`[A-Z]+ \//);
    }
    expect(() => operationMarkdown(contract, 'get', '/nowhere')).toThrow('the contract has no operation GET /nowhere');
  });
});

describe('schemas, tags and the landing page as Markdown', () => {
  it('a schema: its fields, nested by path, not following a schema into itself', () => {
    const document = schemaMarkdown(contract, 'Document');
    expect(document).toMatch(/^# Document\n/);
    expect(document).toMatch(/\| `source_text\[\]\.blocks\[\]\.coordinates\.x0` \| number \| yes \|/);
    const rows = fieldRows(contract, { $ref: '#/components/schemas/DomainTag' });
    expect(rows.length).toBeLessThan(50);
    expect(schemaMarkdown(contract, 'Restriction')).toContain(
      'Type: string. Possible values: `"unrestricted"`, `"partially_restricted"`, `"restricted"`.',
    );
  });

  it('stops nesting at its limits and says where the rest is', () => {
    // A chain deeper than the depth limit: each level a field `next` of the one before.
    const deep: ApiDocument = { paths: {}, components: { schemas: {} } };
    let node: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < FIELD_LIMITS.depth + 3; i++) node = { type: 'object', properties: { next: node } };
    const rows = fieldRows(deep, node);
    expect(rows).toHaveLength(FIELD_LIMITS.depth + 1);
    expect(rows.at(-1)![4]).toMatch(/schema pages/);
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, { type: 'string' }])),
    };
    expect(fieldRows(deep, wide)).toHaveLength(FIELD_LIMITS.rows + 1);
  });

  it("finds a schema page's schema by its lower-case id", () => {
    expect(schemaNameFor(contract, 'documentlite')).toBe('DocumentLite');
    expect(schemaNameFor(contract, 'nothing')).toBeUndefined();
  });

  it('a type names nullable and referenced schemas', () => {
    expect(typeOf(contract, { type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf(contract, { type: 'array', items: { $ref: '#/components/schemas/Document' } })).toBe(
      'array of Document',
    );
  });

  it('a tag lists its operations with links, and the landing page every tag', () => {
    const link = (method: string, path: string) => `https://portal.test/${method}${path}`;
    const tag = tagMarkdown(contract, 'Interrogator', link);
    expect(tag).toContain(
      '- [Ask Interrogator a question](https://portal.test/post/interrogator/search): `POST /interrogator/search`',
    );
    const info = infoMarkdown(contract, link);
    expect(info).toMatch(/^# Regulatory Content API\n\nVersion: 1\.0\.0/);
    for (const { name } of contract.tags ?? []) expect(info).toContain(`## ${name}\n`);
    expect(info).toContain('## Authentication');
  });
});
