/**
 * @jest-environment node
 */
import { loadContract } from '../../config/openapi';
import { operationAssumptions } from '../assumptions';
import { operations } from '../contract';

const ref = (pointer: string) => ({ $ref: `#/components/${pointer}` });

const doc = {
  info: { 'x-assumed': 'Every field may be missing.' },
  paths: {
    '/a/{id}': {
      parameters: [ref('parameters/Id')],
      get: {
        'x-assumed': 'The operation is idempotent.',
        parameters: [{ name: 'q', in: 'query', schema: ref('schemas/Query') }],
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { type: 'array', items: ref('schemas/Node') },
                // Example data is never read as a reference or a note.
                example: { $ref: '#/components/schemas/Unused', 'x-assumed': 'not a note' },
              },
            },
          },
          '404': ref('responses/NotFound'),
        },
      },
    },
    '/b': { get: { responses: { '404': ref('responses/NotFound') } } },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', 'x-assumed': 'A JWT.' } },
    parameters: { Id: { name: 'id', in: 'path', 'x-assumed': 'Ids are UUIDs.' } },
    responses: { NotFound: { description: 'None', content: { 'application/json': { schema: ref('schemas/Error') } } } },
    schemas: {
      Query: { type: 'string', 'x-assumed': 'Queries are case-blind.' },
      Node: {
        type: 'object',
        'x-assumed': 'Nodes form a tree.',
        properties: { children: { type: 'array', items: ref('schemas/Node') }, at: ref('schemas/Error') },
      },
      Error: { type: 'object', properties: { detail: { type: 'string', 'x-assumed': 'Details are English.' } } },
      Unused: { 'x-assumed': 'Nothing uses this.' },
    },
  },
};

describe('operationAssumptions', () => {
  it("finds the notes of the operation, its path item's parameters, and everything they reach by $ref, each once", () => {
    expect(operationAssumptions(doc, 'GET', '/a/{id}')).toEqual([
      { pointer: '#/info', reason: 'Every field may be missing.' },
      { pointer: '#/paths/~1a~1{id}/get', reason: 'The operation is idempotent.' },
      { pointer: '#/components/schemas/Query', reason: 'Queries are case-blind.' },
      { pointer: '#/components/schemas/Node', reason: 'Nodes form a tree.' },
      { pointer: '#/components/schemas/Error/properties/detail', reason: 'Details are English.' },
      { pointer: '#/components/parameters/Id', reason: 'Ids are UUIDs.' },
    ]);
  });

  it("reaches the info's note, one through a shared response, and nothing of another operation or security", () => {
    expect(operationAssumptions(doc, 'get', '/b')).toEqual([
      { pointer: '#/info', reason: 'Every field may be missing.' },
      { pointer: '#/components/schemas/Error/properties/detail', reason: 'Details are English.' },
    ]);
  });

  it('refuses an operation the contract does not have, naming it', () => {
    expect(() => operationAssumptions(doc, 'post', '/b')).toThrow('the contract has no operation POST /b');
  });

  it('finds, across the operations of the vendored contract, every note but those of info and security schemes', () => {
    const contract = loadContract();
    const reached = new Set(
      operations(contract).flatMap(({ method, path }) =>
        operationAssumptions(contract, method, path).map((note) => note.pointer),
      ),
    );
    const everywhere: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-assumed') everywhere.push(at);
        else walk(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    };
    walk(contract, '#');
    const unreached = everywhere.filter((pointer) => !reached.has(pointer));
    expect(
      unreached.every((pointer) => pointer === '#/info' || pointer.startsWith('#/components/securitySchemes/')),
    ).toBe(true);
  });
});
