/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { nodeAt } from '../../../rules/contract';
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

describe('the bundled contract the reference is generated from', () => {
  it('shows every assumption of the vendored contract in a description', () => {
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
    const bundled = JSON.parse(fs.readFileSync(out, 'utf8'));
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
});
