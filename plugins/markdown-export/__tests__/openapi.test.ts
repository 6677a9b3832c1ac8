/**
 * @jest-environment node
 *
 * The API reference as Markdown, from the real bundled contract: what a reader's tool needs
 * of an operation (method and path, parameters, body, responses, a curl sample) and of a schema.
 */
import { loadContract } from '../../../config/openapi';
import { operations } from '../../../rules/contract';
import {
  fieldRows,
  infoMarkdown,
  operationMarkdown,
  schemaMarkdown,
  schemaNameFor,
  tagMarkdown,
  typeOf,
  type ApiDocument,
} from '../openapi';

const contract = loadContract() as unknown as ApiDocument;

describe('an operation as Markdown', () => {
  const search = operationMarkdown(contract, 'post', '/documents');

  it('starts with its summary, then its method and path', () => {
    expect(search.split('\n\n').slice(0, 2)).toEqual(['# Search documents', '`POST /documents`']);
  });

  it('has a parameters table with type, required and default', () => {
    expect(search).toContain('| Name | In | Type | Required | Description |');
    expect(search).toMatch(/\| `page` \| query \| integer \| no \| Page number, from 1\. Default: `1`\. \|/);
  });

  it('lists the request body fields by path, nested ones included, and its example', () => {
    expect(search).toContain('## Request body');
    expect(search).toMatch(/\| `publishers\[\]\.type` \| one of: "jurisdiction", "publisher_id" \| yes \|/);
    expect(search).toMatch(/\| `sector\.level_1` \|/);
    // A type holding a pipe is escaped, so the table keeps its columns.
    expect(search).toMatch(/\| `title` \| string \\\| array of string \| no \|/);
    expect(search).toContain('"doctypes": [\n    "Laws",');
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
      /## Example request\n\n```bash\ncurl -sS --fail-with-body -X POST "\$API_BASE\/documents" \\\n {2}-H "Authorization: Bearer \$TOKEN"/,
    );
  });

  it('fills path parameters of the sample from their examples, and says where a 307 goes', () => {
    const file = operationMarkdown(contract, 'get', '/documents/{document_id}/file');
    expect(file).toMatch(/curl -sS --fail-with-body -X GET "\$API_BASE\/documents\/[0-9a-f-]{36}\/file"/);
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
