/**
 * @jest-environment node
 *
 * The API changelog: the vendored contract has no breaking change that openapi/changelog.yaml does not
 * name, and every entry with a breaking change says what a client must change (its `action`), never that
 * clients lose nothing (scripts/openapi/__tests__/diff.test.ts: each planted breaking change left unrecorded
 * fails the check, named); and, in a scratch Git repository, removing an enum value without an
 * entry is found and named, `npm run changelog`'s recording makes the check pass, and the page and feeds
 * show the change flagged breaking.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { loadContract, OPENAPI_SPEC_PATH } from '../../config/openapi';
import type { ContractChange } from '../../scripts/openapi/diff';
import {
  CHANGELOG_PATH,
  changelogFeeds,
  changelogPage,
  checkChangelog,
  ChangelogError,
  describeChange,
  entryProblems,
  readChangelog,
  recordChanges,
  unrecordedReport,
  type Changelog,
} from '../../scripts/openapi/changelog';

const ROOT = path.resolve(__dirname, '../..');

test('every breaking change to the contract is named in openapi/changelog.yaml', () => {
  const { breaking } = checkChangelog(ROOT, loadContract(ROOT));
  if (breaking.length > 0) throw new Error(unrecordedReport(breaking));
});

describe('an entry with a breaking change says what a client must change', () => {
  const removed422: ContractChange = {
    operation: 'GET /sanctions/{sanction_id}',
    at: '/paths/~1sanctions~1{sanction_id}/get/responses/422',
    change: 'remove',
    type: 'breaking',
    description: 'The `422` answer is no longer listed; stop relying on it.',
  };
  const log = (entry: Partial<Changelog['entries'][number]>): Changelog => ({
    entries: [{ date: '2026-12-01', contract: 'abcdefabcdefabcd', changes: [removed422], ...entry }],
  });

  test('in openapi/changelog.yaml, every breaking entry has an action and no "nothing to change" wording', () => {
    const changelog = readChangelog(ROOT);
    expect(changelog.entries.some((entry) => entry.changes.some((change) => change.type === 'breaking'))).toBe(true);
    expect(entryProblems(changelog)).toEqual([]);
  });

  it('names a breaking entry without an action', () => {
    expect(entryProblems(log({ summary: 'The 422 goes.' }))).toEqual([
      `${CHANGELOG_PATH}, entry 2026-12-01: it has breaking changes; say in "action" what a client must change.`,
    ]);
    expect(entryProblems(log({ action: '   ' }))).toHaveLength(1);
  });

  it.each([
    'Clients lose nothing.',
    'No action is needed.',
    'Nothing to change for clients.',
    'Clients need not change.',
  ])('names a breaking entry whose words say "%s"', (words) => {
    expect(entryProblems(log({ summary: words, action: 'Regenerate your client.' }))).toEqual([
      expect.stringMatching(/entry 2026-12-01: its "summary" says "[^"]+", yet the entry has breaking changes/),
    ]);
    expect(entryProblems(log({ action: words }))).toEqual([
      expect.stringMatching(/its "action" says "[^"]+", yet the entry has breaking changes/),
    ]);
  });

  it('lets an entry without a breaking change go without an action, whatever its summary', () => {
    expect(
      entryProblems(log({ summary: 'Clients lose nothing.', changes: [{ ...removed422, type: 'non-breaking' }] })),
    ).toEqual([]);
  });

  it('shows the action on the page and in the feeds', () => {
    const changelog = log({ action: 'Regenerate your client.' });
    expect(changelogPage(changelog)).toContain('**What to change**: Regenerate your client.');
    expect(changelogFeeds(changelog, 'https://docs.example.com', 'RegData').atom).toContain(
      'What to change:</strong> Regenerate your client.',
    );
  });

  it('keeps the paragraphs of a summary and an action apart on the page and in the feeds', () => {
    // What YAML's folded style gives for two paragraphs: one newline between them.
    const changelog = log({ summary: 'First thing.\nSecond thing.', action: 'Do this.\nThen that.' });
    expect(changelogPage(changelog)).toContain('First thing.\n\nSecond thing.');
    expect(changelogPage(changelog)).toContain('**What to change**: Do this.\n\nThen that.');
    const { atom } = changelogFeeds(changelog, 'https://docs.example.com', 'RegData');
    expect(atom).toContain('First thing.</p><p>Second thing.</p>');
  });
});

describe("every change in openapi/changelog.yaml is in a customer's words", () => {
  const log = (changes: Partial<ContractChange>[], summary?: string): Changelog => ({
    entries: [
      {
        date: '2026-12-01',
        contract: 'abcdefabcdefabcd',
        ...(summary ? { summary } : {}),
        changes: changes.map((change) => ({
          operation: 'GET /publishers',
          at: '/paths/~1publishers/get/parameters/0/schema/items/pattern',
          change: 'replace' as const,
          type: 'non-breaking' as const,
          description: 'The pattern changed.',
          ...change,
        })),
      },
      { date: '2025', changes: [] },
    ],
  });

  test('in openapi/changelog.yaml, no description has a tool tag, an empty name or a double space', () => {
    const changes = readChangelog(ROOT).entries.flatMap((entry) => entry.changes);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((change) => /\[[A-Z][a-z]+\]|``|`\[\]`| {2}/.test(change.description))).toEqual([]);
  });

  it.each([
    '[Replaced]  of `[]` in query parameter `jurisdictions`',
    '[Added] anyOf schema to `last_updated_from` in Request Body content (application/json)',
    'The pattern of ``  is now `a`.',
  ])('names a change described as "%s"', (description) => {
    expect(entryProblems(log([{ description }]))).toEqual([
      `${CHANGELOG_PATH}, entry 2026-12-01, change 1 (GET /publishers): its description "${description}" is not in a customer's words (a diff tool's tag, an empty name or a double space): say which field changed and how, as npm run changelog writes it.`,
    ]);
  });

  it('names an entry that says the changelog starts there while older entries follow it', () => {
    expect(entryProblems(log([], 'The changelog starts here.'))).toEqual([
      `${CHANGELOG_PATH}, entry 2026-12-01: its "summary" says "changelog starts here", yet older entries follow it; say what it begins instead.`,
    ]);
    const oldest = log([]);
    oldest.entries[1].summary = 'The changelog starts here.';
    expect(entryProblems(oldest)).toEqual([]);
  });
});

describe('in a scratch repository', () => {
  let root: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, stdio: 'pipe' });
  const contractFile = () => path.join(root, OPENAPI_SPEC_PATH);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'changelog-'));
    fs.mkdirSync(path.join(root, 'openapi'));
    fs.copyFileSync(path.join(ROOT, OPENAPI_SPEC_PATH), contractFile());
    fs.copyFileSync(path.join(ROOT, CHANGELOG_PATH), path.join(root, CHANGELOG_PATH));
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'contract');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The contract with `country` added to and `publisher_id` removed from the publisher filter's type. */
  function removeEnumValue() {
    const doc = YAML.parse(fs.readFileSync(contractFile(), 'utf8'));
    doc.components.schemas.PublisherFilter.properties.type.enum = ['jurisdiction', 'country'];
    fs.writeFileSync(contractFile(), YAML.stringify(doc));
    return doc;
  }

  it('a removed enum value without an entry is named; recording it passes and shows it as breaking', () => {
    const doc = removeEnumValue();
    const check = checkChangelog(root, doc);
    const words =
      '`publishers[].type` in the request body takes `country` in place of `publisher_id`; send only the values it takes.';
    expect(check.breaking.map(describeChange)).toEqual([
      `POST /documents: ${words} (breaking)`,
      `POST /documents/lite: ${words} (breaking)`,
      `POST /document_counts: ${words} (breaking)`,
    ]);
    expect(check.breaking.map((change) => change.before)).toEqual(['publisher_id', 'publisher_id', 'publisher_id']);

    const recorded = recordChanges(root, doc, '2026-12-01');
    expect(recorded).toHaveLength(3);
    expect(checkChangelog(root, doc)).toEqual({ breaking: [], additions: [], current: true });
    // The hand-written summaries and the header comment are kept.
    const text = fs.readFileSync(path.join(root, CHANGELOG_PATH), 'utf8');
    expect(text).toMatch(/^# The API changelog/);
    expect(text).toContain('From this entry on, each entry lists every change');

    const changelog = readChangelog(root);
    const page = changelogPage(changelog);
    expect(page).toContain('## 2026-12-01 {#2026-12-01}');
    expect(page).toContain(
      `**Breaking**\n\n- \`POST /documents\`, \`POST /documents/lite\`, \`POST /document_counts\`: ${words}\n`,
    );
    const { atom, rss } = changelogFeeds(changelog, 'https://docs.example.com', 'RegData');
    expect(atom).toContain('<id>https://docs.example.com/api/changelog#2026-12-01</id>');
    expect(atom).toContain('3 changes, 3 breaking');
    expect(rss).toContain('<link>https://docs.example.com/api/changelog#2026-12-01</link>');
  });

  it("records a second change of the same day in that day's entry: a day has one entry", () => {
    const removed = removeEnumValue();
    recordChanges(root, removed, '2026-12-01');
    git('commit', '-qam', 'the first change of the day');
    const entriesBefore = readChangelog(root).entries.length;
    removed.components.schemas.PublisherFilter.properties.note = { type: 'string' };
    fs.writeFileSync(contractFile(), YAML.stringify(removed));
    const added = recordChanges(root, removed, '2026-12-01');
    expect(added.map(describeChange)).toContain(
      'POST /documents: New field `publishers[].note` in the request body. (non-breaking)',
    );
    const [newest] = readChangelog(root).entries;
    expect(readChangelog(root).entries).toHaveLength(entriesBefore);
    expect(newest.date).toBe('2026-12-01');
    expect(newest.changes).toHaveLength(3 + added.length);
    expect(checkChangelog(root, removed)).toEqual({ breaking: [], additions: [], current: true });

    // Two entries of one day, written by hand, are refused, named.
    const file = path.join(root, CHANGELOG_PATH);
    const data = YAML.parse(fs.readFileSync(file, 'utf8'));
    data.entries.splice(1, 0, { ...data.entries[0], changes: [] });
    fs.writeFileSync(file, YAML.stringify(data));
    expect(() => readChangelog(root)).toThrow(/two are dated 2026-12-01: merge them/);
  });

  it('an entry written by hand that names the change is enough', () => {
    const doc = removeEnumValue();
    const { breaking } = checkChangelog(root, doc);
    const [first] = breaking;
    const file = path.join(root, CHANGELOG_PATH);
    const data = YAML.parse(fs.readFileSync(file, 'utf8'));
    data.entries[0].changes = breaking;
    fs.writeFileSync(file, YAML.stringify(data));
    expect(first).toBeDefined();
    expect(checkChangelog(root, doc).breaking).toEqual([]);
  });

  it('an addition alone is not breaking', () => {
    const doc = YAML.parse(fs.readFileSync(contractFile(), 'utf8'));
    doc.components.schemas.PublisherFilter.properties.note = { type: 'string' };
    const check = checkChangelog(root, doc);
    expect(check).toMatchObject({ breaking: [], current: false });
    expect(check.additions.map(describeChange)).toContain(
      'POST /documents: New field `publishers[].note` in the request body. (non-breaking)',
    );
  });

  it('says what to fix when the file is not a changelog, or no commit holds the contract it describes', () => {
    const file = path.join(root, CHANGELOG_PATH);
    fs.writeFileSync(file, 'entries:\n  - date: 26/11/2026\n    contract: 87f6166004441f0c\n    changes: []\n');
    expect(() => readChangelog(root)).toThrow(/entry 1: "date" is not YYYY-MM-DD/);
    fs.writeFileSync(file, 'entries:\n  - date: 2026-11-26\n    contract: abcdefabcdefabcd\n    changes: []\n');
    expect(() => checkChangelog(root, loadContract(root))).toThrow(ChangelogError);
    expect(() => checkChangelog(root, loadContract(root))).toThrow(/no Git commit holds the contract it describes/);
  });
});
