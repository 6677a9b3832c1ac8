/**
 * @jest-environment node
 *
 * The contract diff is api-smart-diff's: each planted change (./plantedChanges.ts) is found, in every
 * operation it reaches, and classified as the tool (with ../diff.ts's rules) says, and a breaking one that
 * no changelog entry names fails the changelog check, named (openapi/__tests__/changelog.test.ts runs that
 * check on the vendored contract); text alone is no change.
 */
import { loadContract } from '../../../config/openapi';
import { contractChanges, contractDifferences, contractFingerprint, describeChange } from '../diff';
import { notNamedIn, readChangelog, unrecordedReport, type Changelog } from '../changelog';
import { startDiffChild, type DiffChild } from './diffInChild';
import { PLANTED_CHANGES } from './plantedChanges';

const vendored = loadContract();
const copy = () => structuredClone(vendored);
const changelog = readChangelog(process.cwd());

// contractChanges runs in one child process (./diffInChild.ts says why); the last test calls
// contractChanges and contractDifferences here.
let child: DiffChild;
beforeAll(() => {
  child = startDiffChild();
});
afterAll(() => child?.close());

describe('each planted change is classified as the tool says', () => {
  it('the corpus plants at least 15 kinds of change, breaking and not', () => {
    expect(PLANTED_CHANGES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(PLANTED_CHANGES.map((c) => c.type))).toEqual(new Set(['breaking', 'non-breaking', 'deprecated']));
  });

  it.each(PLANTED_CHANGES.map((planted) => [planted.name, planted] as const))('%s', async (_name, planted) => {
    const before = copy();
    planted.before?.(before);
    const after = structuredClone(before);
    planted.after(after);
    const changes = await child.changes(before, after);
    expect([...new Set(changes.map((change) => change.operation))]).toEqual(planted.operations);
    expect(changes.map((change) => `${change.operation}: ${change.type}`)).toEqual(
      changes.map((change) => `${change.operation}: ${planted.type}`),
    );
    for (const change of changes) expect(change.description).toMatch(planted.says);

    // Unrecorded, a breaking change fails npm test with a report naming it; recorded, it passes.
    const unrecorded = notNamedIn(changes, changelog).filter((change) => change.type === 'breaking');
    if (planted.type !== 'breaking') return expect(unrecorded).toEqual([]);
    const report = unrecordedReport(unrecorded);
    for (const operation of planted.operations) expect(report).toContain(`  - ${operation}: `);
    for (const change of unrecorded) expect(report).toContain(`${describeChange(change)} at ${change.at}`);
    const recorded: Changelog = { entries: [{ date: '2026-12-01', changes: unrecorded }, ...changelog.entries] };
    expect(notNamedIn(changes, recorded)).toEqual(changes.filter((c) => c.type !== 'breaking'));
  });
});

describe('what is not a change a client could notice', () => {
  it('finds nothing between a contract and its copy', async () => {
    expect(await child.changes(vendored, copy())).toEqual([]);
  });

  it('leaves out descriptions, examples, x-assumed notes and tag texts', async () => {
    const other = copy();
    other.paths['/doctypes'].get.description = 'Another text.';
    other.components.parameters.PageSize['x-assumed'] = 'Another assumption.';
    other.components.parameters.DocumentId.example = '00000000-0000-4000-8000-000000000000';
    other.tags[0].description = 'Another tag text.';
    other.components.schemas.DocumentFilters.properties.title.description = 'Another field text.';
    expect(await child.changes(vendored, other)).toEqual([]);
  });

  it('reads a field described beside its $ref, or in an allOf of one $ref, as the $ref alone', async () => {
    const other = copy();
    const publisher = other.components.schemas.Publisher.properties;
    const jurisdiction = publisher.jurisdiction;
    expect(jurisdiction).toEqual(expect.objectContaining({ allOf: [{ $ref: '#/components/schemas/Jurisdiction' }] }));
    publisher.jurisdiction = { $ref: '#/components/schemas/Jurisdiction', description: 'Where it publishes.' };
    expect(await child.changes(vendored, other)).toEqual([]);
    // A real change beside it is still found.
    publisher.jurisdiction = { $ref: '#/components/schemas/PublisherId' };
    expect((await child.changes(vendored, other)).map((c) => c.operation)).toContain('GET /publishers');
  });

  it('a field added to a property named "description" is a change, not text', async () => {
    const other = copy();
    other.components.schemas.PublisherFilter.properties.description = { type: 'string' };
    expect((await child.changes(vendored, other)).map((change) => change.type)).toContain('non-breaking');
  });
});

describe('the fingerprint', () => {
  it('is the same for the same contract in another key order, and differs on any edit', () => {
    const reordered = Object.fromEntries(Object.entries(copy()).reverse());
    expect(contractFingerprint(reordered)).toBe(contractFingerprint(vendored));
    const edited = copy();
    edited.paths['/doctypes'].get.description = 'Another text.';
    expect(contractFingerprint(edited)).not.toBe(contractFingerprint(vendored));
  });
});

it('openapi:fetch prints one line per change, naming the operation and the classification', () => {
  const other = copy();
  delete other.paths['/doctypes'];
  const lines = contractDifferences(vendored, other);
  expect(lines).toEqual(['GET /doctypes: [Removed] operation GET /doctypes (breaking)']);
  expect(describeChange(contractChanges(vendored, other)[0])).toBe(lines[0]);
});
