/**
 * @jest-environment node
 *
 * The synthetic content of `npm run bench:scale`: N copies of every operation and schema, each
 * copy linked to its own schemas, valid under the Redocly lint, the same bytes every time; and the docs
 * at N× with unique routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { stringify } from 'yaml';
import { loadContract } from '../../../config/openapi';
import { operations } from '../../../rules/contract';
import { growthExponent, scaleContract, scaleDocs } from '../scale';

const ROOT = path.resolve(__dirname, '../../..');
const contract = loadContract(ROOT);

test('3× the operations and schemas, each copy pointing at its own schemas, deterministic', () => {
  const scaled = scaleContract(contract, 3);
  expect(operations(scaled)).toHaveLength(3 * operations(contract).length);
  expect(Object.keys(scaled.components.schemas)).toHaveLength(3 * Object.keys(contract.components.schemas).length);
  const copy = scaled.paths['/s3/documents'].post;
  expect(copy.operationId).toBe('searchDocumentsS3');
  expect(copy.tags).toEqual(['Documents 3']);
  expect(JSON.stringify(copy)).toContain('#/components/schemas/DocumentFiltersS3');
  expect(JSON.stringify(copy)).not.toMatch(/#\/components\/schemas\/\w+?(?<!S3)"/);
  expect(JSON.stringify(scaleContract(contract, 3))).toBe(JSON.stringify(scaled));
  expect(() => scaleContract(contract, 0)).toThrow(/whole number from 1 to 100/);
});

test('the 3× contract passes the Redocly lint with no errors (as npm run lint:openapi runs it)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scaled-contract-'));
  const file = path.join(dir, 'customer-api.yaml');
  fs.writeFileSync(file, stringify(scaleContract(contract, 3)));
  const lint = spawnSync(
    path.join(ROOT, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', path.join(ROOT, 'redocly.yaml')],
    {
      encoding: 'utf8',
    },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  expect({ status: lint.status, output: lint.status === 0 ? '' : lint.stdout + lint.stderr }).toEqual({
    status: 0,
    output: '',
  });
}, 60_000);

test('the docs at 3×: every copy in its own folder, ids and slugs unique', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'scaled-docs-'));
  const written = scaleDocs(path.join(ROOT, 'docs'), out, 3);
  const originals = fs.readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' });
  const docs = originals.filter((name) => /\.mdx?$/.test(name));
  expect(written).toBe(3 * docs.length);
  for (const name of docs) {
    expect(fs.existsSync(path.join(out, 'scale-3', name))).toBe(true);
  }
  const all = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((name) => /\.mdx?$/.test(name));
  const keys = all.flatMap((name) =>
    [...fs.readFileSync(path.join(out, name), 'utf8').matchAll(/^(id|slug):(.+)$/gm)].map(
      (m) => `${m[1]} ${m[2].trim()}`,
    ),
  );
  expect(new Set(keys).size).toBe(keys.length);
  fs.rmSync(out, { recursive: true, force: true });
});

describe('growthExponent (how bench:scale says cost grows)', () => {
  it('finds 1 for a cost that grows with the size, 2 for one that grows with its square, 0 for a constant', () => {
    const sizes = [1, 3, 10];
    expect(growthExponent(sizes.map((x) => ({ x, y: 41 * x })))).toBeCloseTo(1, 6);
    expect(growthExponent(sizes.map((x) => ({ x, y: 5 * x * x })))).toBeCloseTo(2, 6);
    expect(growthExponent(sizes.map((x) => ({ x, y: 130 })))).toBeCloseTo(0, 6);
  });

  it('has no answer from one size', () => {
    expect(growthExponent([{ x: 1, y: 41 }])).toBeNaN();
  });
});
