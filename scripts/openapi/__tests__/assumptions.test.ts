/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { operationAssumptions } from '../../../rules/assumptions';
import { nodeAt, operations, resolveRef, type ContractNode } from '../../../rules/contract';
import { operationMarkdown, type ApiDocument } from '../../../plugins/markdown-export/openapi';
import { assumptionNote, findAssumptions, listedAssumptions, withAssumptionNotes } from '../assumptions';

const REPO = path.resolve(__dirname, '../../..');

const doc = {
  info: { title: 'T', 'x-assumed': 'Success statuses are assumed.' },
  paths: {
    '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', 'x-assumed': 'Ids are UUIDs.' }] } },
  },
  components: {
    schemas: { Count: { type: 'object', description: 'A count.', 'x-assumed': 'The object is assumed.' } },
  },
};

describe('findAssumptions', () => {
  it('finds every x-assumed with its JSON pointer, escaping / in path names (RFC 6901)', () => {
    expect(findAssumptions(doc)).toEqual([
      { pointer: '#/info', reason: 'Success statuses are assumed.' },
      { pointer: '#/paths/~1a~1{id}/get/parameters/0', reason: 'Ids are UUIDs.' },
      { pointer: '#/components/schemas/Count', reason: 'The object is assumed.' },
    ]);
  });

  it('refuses an x-assumed that does not say what is assumed, naming where it is', () => {
    expect(() => findAssumptions({ components: { schemas: { A: { 'x-assumed': true } } } })).toThrow(
      'x-assumed at #/components/schemas/A must say what is assumed',
    );
  });
});

describe('listedAssumptions', () => {
  it('reads the pointers of the "| Where |" table', () => {
    const markdown = [
      'Intro',
      '',
      '| Where | Spec | To settle |',
      '|---|---|---|',
      '| `#/info` | §7.1 | x |',
      '| `#/a` | §3 | y |',
      '',
      'After | no',
    ].join('\n');
    expect(listedAssumptions(markdown)).toEqual(['#/info', '#/a']);
  });

  it('reads a table whose columns Prettier padded', () => {
    const markdown = ['| Where   | Spec |', '| ------- | ---- |', '| `#/info` | §7.1 |'].join('\n');
    expect(listedAssumptions(markdown)).toEqual(['#/info']);
  });

  it('says so when there is no table', () => {
    expect(() => listedAssumptions('# Nothing here')).toThrow(/no assumption table/);
  });
});

describe('withAssumptionNotes', () => {
  const noted = withAssumptionNotes(doc);

  it('appends the assumption to an existing description as its own paragraph', () => {
    expect(noted.components.schemas.Count.description).toBe(`A count.\n\n${assumptionNote('The object is assumed.')}`);
  });

  it('gives a node without a description the note as its description', () => {
    expect((noted.paths['/a/{id}'].get.parameters[0] as { description?: string }).description).toBe(
      assumptionNote('Ids are UUIDs.'),
    );
  });

  it('keeps the extension and leaves the input untouched', () => {
    expect(noted.info['x-assumed']).toBe('Success statuses are assumed.');
    expect(doc.components.schemas.Count.description).toBe('A count.');
  });
});

describe('withAssumptionNotes: notes the OpenAPI theme would not show on an operation page', () => {
  const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const carried = withAssumptionNotes({
    paths: {
      '/x': {
        post: {
          parameters: [{ name: 'ids', in: 'query', schema: { type: 'array', items: schema('Id') } }],
          requestBody: { content: { 'application/json': { schema: schema('Filters') } } },
          responses: {
            '200': {
              description: 'A list.',
              content: { 'application/json': { schema: { type: 'array', items: schema('Item') } } },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
    },
    components: {
      responses: { NotFound: { description: 'None.', content: { 'application/json': { schema: schema('Error') } } } },
      schemas: {
        Id: { type: 'string', description: 'An id.', 'x-assumed': 'Ids are UUIDs.' },
        Filters: {
          type: 'object',
          'x-assumed': 'Filters combine by AND.',
          properties: {
            ids: { type: 'array', items: schema('Id') },
            tags: { type: 'array', description: 'Tags.', items: schema('Tag') },
            range: { allOf: [schema('Range')], description: 'A range.' },
          },
        },
        Tag: { type: 'object', 'x-assumed': 'Tags are objects.', properties: { name: { type: 'string' } } },
        Range: { type: 'object', 'x-assumed': 'Ranges are inclusive.', properties: { low: { type: 'number' } } },
        Item: { allOf: [schema('Base'), { type: 'object', properties: { more: { type: 'string' } } }] },
        Base: { type: 'object', 'x-assumed': 'Bases are assumed.', properties: { id: schema('Id') } },
        Error: { type: 'object', 'x-assumed': 'Errors have a detail.', properties: { detail: { type: 'string' } } },
      },
    },
  });
  const operation = carried.paths['/x'].post;
  const { schemas } = carried.components;

  it("gives a body's schema's note to the request body or response that shows it", () => {
    expect(operation.requestBody).toMatchObject({ description: assumptionNote('Filters combine by AND.') });
    expect(carried.components.responses.NotFound.description).toBe(
      `None.\n\n${assumptionNote('Errors have a detail.')}`,
    );
  });

  it("gives the notes of a list's items with fields, and of an allOf's parts, to what holds them", () => {
    expect(operation.responses['200']).toMatchObject({
      description: `A list.\n\n${assumptionNote('Bases are assumed.')}`,
    });
    expect(schemas.Filters.properties.tags.description).toBe(`Tags.\n\n${assumptionNote('Tags are objects.')}`);
    expect(schemas.Filters.properties.range.description).toBe(`A range.\n\n${assumptionNote('Ranges are inclusive.')}`);
  });

  it("leaves a plain item's note where the theme shows it, and gives a parameter every note of its schema", () => {
    expect(schemas.Filters.properties.ids).not.toHaveProperty('description');
    expect(operation.parameters[0]).toMatchObject({ description: assumptionNote('Ids are UUIDs.') });
  });
});

/**
 * The descriptions an operation's page shows: the operation's own, and those docusaurus-theme-openapi-docs 5.2.0
 * shows (lib/theme: ParamsItem, RequestSchema, StatusCodes, ResponseHeaders, Schema), read from its components: each parameter's, the request
 * body's, each response's and its headers'; in a body's schema, each property's, each `oneOf`/`anyOf`
 * branch's, a map's values' and a plain array item's; not the body schema's own, an `allOf` part's or the
 * own description of array items that have fields.
 */
function descriptionsShown(doc: ContractNode, method: string, path: string): string[] {
  const shown: string[] = [];
  const say = (node: ContractNode) => typeof node?.description === 'string' && shown.push(node.description);
  const schemaShown = (raw: ContractNode, described: boolean, seen: ReadonlySet<string>): void => {
    const { node, seen: inner } = resolveRef(doc, raw, seen);
    if (!node || typeof node !== 'object') return;
    if (described) say(node);
    for (const child of Object.values(node.properties ?? {})) schemaShown(child, true, inner);
    for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) schemaShown(branch, true, inner);
    for (const part of node.allOf ?? []) schemaShown(part, false, inner);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      schemaShown(node.additionalProperties, true, inner);
    if (node.items) {
      const items = resolveRef(doc, node.items, inner).node ?? {};
      const plain =
        ['string', 'number', 'integer', 'boolean', 'object'].includes(items.type) &&
        !['properties', 'additionalProperties', 'oneOf', 'anyOf', 'allOf'].some((key) => key in items);
      schemaShown(node.items, plain, inner);
    }
  };
  const { node: operation } = resolveRef(doc, doc.paths[path][method]);
  // The operation's description is the page's text (the generator writes it into the page).
  say(operation);
  for (const raw of [...(doc.paths[path].parameters ?? []), ...(operation.parameters ?? [])])
    say(resolveRef(doc, raw).node);
  const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})].map(
    (raw) => resolveRef(doc, raw).node,
  );
  for (const body of bodies.filter(Boolean)) {
    say(body);
    for (const header of Object.values(body.headers ?? {})) say(resolveRef(doc, header).node);
    for (const media of Object.values(body.content ?? {}) as ContractNode[])
      schemaShown(media.schema, false, new Set());
  }
  return shown;
}

/** A text with its white space runs made one space, and the pipes a table cell escapes unescaped. */
const flat = (text: string) => text.replace(/\\\|/g, '|').replace(/\s+/g, ' ');

describe('the bundled contract the reference is generated from', () => {
  let bundled: ContractNode;

  beforeAll(() => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    fs.cpSync(path.join(REPO, 'openapi'), path.join(root, 'openapi'), { recursive: true });
    fs.copyFileSync(path.join(REPO, 'redocly.yaml'), path.join(root, 'redocly.yaml'));
    // Redocly is ESM only: bundle in a tsx child process, as `npm run gen-api` does.
    const code = `import { bundleContract } from './scripts/openapi/bundle'; bundleContract(${JSON.stringify(root)}, {}).then((r) => console.log(r.out));`;
    const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), '-e', code], {
      cwd: REPO,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    bundled = JSON.parse(fs.readFileSync(out, 'utf8'));
  });

  it('shows every assumption of the vendored contract in a description', () => {
    const assumptions = findAssumptions(loadContract());
    expect(assumptions.length).toBeGreaterThan(0);
    for (const { pointer, reason } of assumptions) {
      const node = nodeAt(bundled, pointer) as { description?: string } | undefined;
      expect({ pointer, description: node?.description }).toEqual({
        pointer,
        description: expect.stringContaining(assumptionNote(reason)),
      });
    }
  });

  it("no field shows a note about another field of its object and not about itself (a shared schema's note concerns every field that uses it)", () => {
    // A field's row shows the notes of the schemas it is built from (`allOf`), so a note written on a
    // shared schema reads on every field that uses it: one that names a sibling field alone is misplaced.
    const misplaced: string[] = [];
    const walk = (node: ContractNode, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      const properties = (node as { properties?: Record<string, { description?: unknown }> }).properties;
      if (properties && typeof properties === 'object') {
        const names = Object.keys(properties);
        for (const [name, field] of Object.entries(properties)) {
          const notes = String(field?.description ?? '')
            .split('\n\n')
            .filter((paragraph) => paragraph.startsWith(assumptionNote('')));
          for (const note of notes) {
            const others = names.filter((other) => other !== name && note.includes(`\`${other}\``));
            if (others.length && !note.includes(`\`${name}\``)) misplaced.push(`${at}/properties/${name}: ${note}`);
          }
        }
      }
      for (const [key, value] of Object.entries(node as Record<string, ContractNode>)) walk(value, `${at}/${key}`);
    };
    walk(bundled, '#');
    expect(misplaced).toEqual([]);
  });

  it('the `languages` filter shows what is assumed of thresholds, not what is assumed of `domains`', () => {
    const fields = bundled.components.schemas.DocumentFilters.properties;
    expect(fields.languages.description).toContain('every threshold');
    expect(fields.languages.description).not.toContain('`domains`');
    expect(fields.domains.description).toContain('`reg_score`');
  });

  // Derived from the contract: each operation's notes (rules/assumptions.ts), whatever the contract says.
  const each = () =>
    operations(loadContract()).map(({ method, path }) => [`${method.toUpperCase()} ${path}`, method, path]);

  it.each(each())('%s: its page shows every note that applies to it', (_name, method, path) => {
    const shown = flat(descriptionsShown(bundled, method, path).join('\n'));
    const notes = operationAssumptions(bundled, method, path);
    expect(notes.length).toBeGreaterThan(0);
    const missing = notes.filter(({ reason }) => !shown.includes(flat(assumptionNote(reason))));
    expect(missing).toEqual([]);
  });

  it.each(each())('%s: its Markdown copy holds every note that applies to it', (_name, method, path) => {
    const markdown = flat(operationMarkdown(bundled as ApiDocument, method, path));
    const missing = operationAssumptions(bundled, method, path).filter(
      ({ reason }) => !markdown.includes(flat(assumptionNote(reason))),
    );
    expect(missing).toEqual([]);
  });
});
