/**
 * @jest-environment node
 */
import { sampleFromSchema } from 'docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample';
import { loadContract } from '../../config/openapi';
import { ajv, allOperations, refTo } from '../../scripts/docs-check/contract';
import {
  contractUrl,
  nodeAt,
  operationSlug,
  parseContract,
  sandboxFirst,
  schemaPageId,
  withApiHost,
  withExampleBodies,
} from '../contract';

describe('contractUrl (spec §7.1)', () => {
  it('is /api/v1/openapi.json on the API host', () => {
    expect(contractUrl('https://api.acme.test/')).toBe('https://api.acme.test/api/v1/openapi.json');
  });
});

describe('withApiHost', () => {
  const doc = {
    openapi: '3.1.0',
    servers: [
      { url: 'https://placeholder.invalid/api/v1/customer', description: 'Production' },
      { url: 'http://localhost:4010/api/v1/customer', description: 'Local sandbox' },
    ],
  };

  it('points the production server at the configured host and keeps the sandbox', () => {
    expect(withApiHost(doc, 'https://api.acme.test').servers).toEqual([
      { url: 'https://api.acme.test/api/v1/customer', description: 'Production' },
      { url: 'http://localhost:4010/api/v1/customer', description: 'Local sandbox' },
    ]);
  });

  it('leaves the document as it is without a configured host', () => {
    expect(withApiHost(doc, undefined)).toBe(doc);
  });
});

describe('parseContract', () => {
  it.each([
    ['<html>Bad gateway</html>', /not JSON/],
    ['[1, 2]', /not a JSON object/],
    ['{"swagger": "2.0", "paths": {"/a": {}}}', /not an OpenAPI 3 document/],
    ['{"openapi": "3.1.0", "paths": {}}', /no paths/],
  ])('refuses %s', (body, message) => {
    expect(() => parseContract(body)).toThrow(message);
  });

  it('accepts an OpenAPI 3 document with paths', () => {
    expect(parseContract('{"openapi": "3.1.0", "paths": {"/doctypes": {}}}').paths).toHaveProperty('/doctypes');
  });
});

describe('nodeAt (RFC 6901 pointers as URI fragments)', () => {
  const doc = { paths: { '/a/{id}': { get: { parameters: [{ name: 'id' }] } } }, 'x~y': 1 };

  it('follows escaped segments and array indexes', () => {
    expect(nodeAt(doc, '#/paths/~1a~1{id}/get/parameters/0')).toEqual({ name: 'id' });
    expect(nodeAt(doc, '#/x~0y')).toBe(1);
  });

  it('gives the document for `#` and undefined for a pointer that leads nowhere', () => {
    expect(nodeAt(doc, '#')).toBe(doc);
    expect(nodeAt(doc, '#/paths/missing/get')).toBeUndefined();
  });
});

describe('sandboxFirst', () => {
  const doc = {
    servers: [
      { url: 'https://api.acme.test/api/v1/customer', description: 'Production' },
      { url: 'http://localhost:4010/api/v1/customer', description: 'Local sandbox' },
    ],
  };

  it('lists the local sandbox first, on the configured port', () => {
    expect(sandboxFirst(doc, 4500).servers).toEqual([
      { url: 'http://localhost:4500/api/v1/customer', description: 'Local sandbox' },
      { url: 'https://api.acme.test/api/v1/customer', description: 'Production' },
    ]);
  });

  it('leaves a document without a local server as it is', () => {
    const remote = { servers: [doc.servers[0]] };
    expect(sandboxFirst(remote, 4010)).toBe(remote);
  });
});

describe('withExampleBodies: the explorer starts from a body the API accepts', () => {
  const contract = loadContract();
  const withBodies = withExampleBodies(contract);

  it.each(allOperations().filter((op) => contract.paths[op.template][op.method.toLowerCase()].requestBody))(
    '$method $template: the body "Send API request" starts with is valid for the contract',
    ({ method, template }) => {
      const media = withBodies.paths[template][method.toLowerCase()].requestBody.content['application/json'];
      const body = sampleFromSchema(media.schema, { type: 'request' });
      expect(body).toEqual(media.example);
      expect(
        ajv.validate(
          refTo('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'),
          body,
        ),
      ).toBe(true);
    },
  );

  it('leaves the vendored contract untouched', () => {
    expect(contract.paths['/documents'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DocumentFilters',
    });
  });
});

describe('page ids of docusaurus-plugin-openapi-docs', () => {
  it('names an operation page by its operationId in kebab case', () => {
    expect(operationSlug('searchDocuments')).toBe('search-documents');
    expect(operationSlug('listPsiDescriptions')).toBe('list-psi-descriptions');
  });

  it('names a schema page by its title lower-cased, letters and digits apart (lodash kebabCase)', () => {
    expect(schemaPageId('DocumentLite')).toBe('documentlite');
    expect(schemaPageId('ErrorS2')).toBe('errors-2');
    expect(schemaPageId('Document summary')).toBe('document-summary');
  });
});
