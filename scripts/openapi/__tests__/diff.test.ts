/**
 * @jest-environment node
 *
 * The contract diff is api-smart-diff's: each planted change (./plantedChanges.ts) is found, in every
 * operation it reaches, and classified as the tool (with ../diff.ts's rules) says, and a breaking one that
 * no changelog entry names fails the changelog check, named (openapi/__tests__/changelog.test.ts runs that
 * check on the vendored contract); text alone is no change.
 */
import { loadContract } from '../../../config/openapi';
import { changeWords, type ChangeFacts } from '../changeWords';
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
    // In a customer's words: what the change touches by name, what it is now, and for a breaking one what to do.
    for (const change of changes) expect(change.description).toBe(planted.says);

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

describe("each kind of change the tool reports reads in a customer's words", () => {
  /** Every planted change, and the tool's own kinds the corpus does not plant, as the tool reports them. */
  const KINDS: ChangeFacts[] = [
    {
      path: ['parameters', 0, 'schema', 'items', 'pattern'],
      action: 'replace',
      type: 'breaking',
      before: 'a',
      after: 'b',
    },
    { path: ['parameters', 0, 'schema', 'items', 'enum', 2], action: 'add', type: 'non-breaking', after: 'x' },
    { path: ['parameters', 0, 'schema', 'items'], action: 'replace', type: 'breaking' },
    { path: ['parameters', 0, 'schema', 'maxItems'], action: 'add', type: 'breaking', after: 3 },
    { path: ['parameters', 0, 'required'], action: 'replace', type: 'breaking', before: false, after: true },
    { path: ['parameters', 0, 'deprecated'], action: 'add', type: 'deprecated', after: true },
    { path: ['parameters', 0], action: 'remove', type: 'breaking' },
    { path: ['requestBody'], action: 'add', type: 'breaking' },
    { path: ['requestBody', 'content', 'text/csv'], action: 'remove', type: 'breaking' },
    {
      path: ['requestBody', 'content', 'application/json', 'schema', 'properties', 'a'],
      action: 'remove',
      type: 'breaking',
    },
    { path: ['requestBody', 'content', 'application/json', 'schema', 'anyOf'], action: 'add', type: 'non-breaking' },
    {
      path: ['requestBody', 'content', 'application/json', 'schema', 'required', 0],
      action: 'remove',
      type: 'non-breaking',
      before: 'a',
    },
    {
      path: ['responses', '200', 'content', 'application/json', 'schema', 'items', 'enum', 1],
      action: 'add',
      type: 'breaking',
      after: 'x',
    },
    {
      path: ['responses', '200', 'content', 'application/json', 'schema', 'items', 'properties', 'b'],
      action: 'add',
      type: 'non-breaking',
    },
    { path: ['responses', '201'], action: 'add', type: 'non-breaking' },
    {
      path: ['responses', '200', 'headers', 'X-Id', 'schema', 'type'],
      action: 'replace',
      type: 'breaking',
      before: 'string',
      after: 'integer',
    },
    { path: ['security', 0, 'bearerAuth', 0], action: 'remove', type: 'non-breaking', before: 'read' },
    { path: ['servers', 0, 'url'], action: 'replace', type: 'unclassified', before: 'https://a', after: 'https://b' },
    { path: ['x-unknown', 'deep'], action: 'rename', type: 'unclassified' },
  ].map((facts) => ({
    ...(facts as ChangeFacts),
    operation: 'GET /publishers',
    parameter: (n: number) => (n === 0 ? { name: 'jurisdictions', in: 'query' } : undefined),
  }));
  const words = [...KINDS.map(changeWords), ...PLANTED_CHANGES.map((planted) => planted.says)];

  it.each(words)('%s', (text) => {
    // No tool tag, no empty or bare-array name, no double space: what showed on the changelog page.
    expect(text).not.toMatch(/\[(?:Added|Removed|Replaced|Renamed)\]/);
    expect(text).not.toMatch(/``|`\[\]`| {2}|^ | $/);
    // It names what it touches (the page shows the operation beside it), and is one sentence.
    expect(text).toMatch(/`[^`]+`|request body|operation/);
    expect(text).toMatch(/^[A-Z`].*\.$/);
  });

  it('says what a client must do for a breaking change, and nothing for the others', () => {
    KINDS.forEach((facts, n) =>
      expect([words[n], words[n].includes('; ')]).toEqual([words[n], facts.type === 'breaking']),
    );
  });

  it('names a query parameter whose values change, and the field whose pattern changed', () => {
    expect(words[0]).toBe(
      'The pattern of each value of query parameter `jurisdictions` is now `b` (it was `a`); send values that match it.',
    );
    expect(words[12]).toBe('Each item of the `200` answer takes a new value, `x`; handle it too.');
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
  expect(lines).toEqual(['GET /doctypes: Operation `GET /doctypes` removed; stop calling it. (breaking)']);
  expect(describeChange(contractChanges(vendored, other)[0])).toBe(lines[0]);
});
