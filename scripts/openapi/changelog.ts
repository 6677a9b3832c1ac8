/**
 * The API changelog: dated entries in `openapi/changelog.yaml`, each listing how the vendored
 * contract changed as api-smart-diff classifies it (./diff.ts `contractChanges`: every change a client may
 * notice, at its JSON Pointer, breaking, non-breaking, deprecated or unclassified), with a summary writers
 * may edit. `npm run changelog` (scripts/changelog.ts) adds an entry when the contract changes; `npm run
 * gen-api` renders the page `/api/changelog` and its Atom and RSS feeds from the file; a test in `npm test`
 * fails, naming each, on a breaking change that no entry names ({@link unrecordedChanges}), and when an
 * entry with a breaking change does not say in `action` what a client must change ({@link entryProblems}).
 *
 * The file is the record, not a build output: writers commit it with the contract change. Each entry
 * carries the contract's fingerprint (./diff.ts `contractFingerprint`), so the check finds the contract the
 * newest entry describes in the Git history and compares the working copy with it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Feed } from 'feed';
import YAML from 'yaml';
import { API_DOCS_DIR, GENERATED_STATIC_DIR, OPENAPI_SPEC_PATH } from '../../config/openapi';
import { contractChanges, contractFingerprint, describeChange, isBreaking, type ContractChange } from './diff';

export { describeChange };

/** The changelog file, relative to the site directory. */
export const CHANGELOG_PATH = 'openapi/changelog.yaml';

/** The changelog page's route and its feeds (files the build serves from `generated/static`). */
export const CHANGELOG_ROUTE = '/api/changelog';
export const CHANGELOG_FEEDS = { atom: `${CHANGELOG_ROUTE}/atom.xml`, rss: `${CHANGELOG_ROUTE}/rss.xml` } as const;

/** One dated entry. */
export interface ChangelogEntry {
  /** `YYYY-MM-DD` (UTC; `npm run changelog` writes that), or `YYYY-MM` / `YYYY` for a history known that far. */
  date: string;
  /** The fingerprint of the contract after this entry's changes; required on the newest entry. */
  contract?: string;
  /** What changed, in the writers' words (Markdown); optional. */
  summary?: string;
  /**
   * What a client must change for the entry's breaking changes, in the writers' words (Markdown): required
   * when any change is breaking ({@link entryProblems}), shown as "What to change".
   */
  action?: string;
  changes: ContractChange[];
}

/** The file's content. */
export interface Changelog {
  /** Newest first. */
  entries: ChangelogEntry[];
}

const CHANGE_ACTIONS: string[] = ['add', 'remove', 'replace', 'rename'];
const CHANGE_TYPES: string[] = ['breaking', 'non-breaking', 'deprecated', 'unclassified'];

/** A changelog file that cannot be used; the message says what to fix. */
export class ChangelogError extends Error {}

/**
 * Reads and checks the changelog.
 *
 * @throws {ChangelogError} naming the file and the entry when it is not a list of dated entries.
 */
export function readChangelog(root: string): Changelog {
  const file = path.join(root, CHANGELOG_PATH);
  let data: unknown;
  try {
    data = YAML.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ChangelogError(`${CHANGELOG_PATH} cannot be read: ${error instanceof Error ? error.message : error}`);
  }
  const entries = (data as Changelog | null)?.entries;
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new ChangelogError(`${CHANGELOG_PATH} has no "entries" list: run npm run changelog.`);
  }
  entries.forEach((entry, n) => {
    const where = `${CHANGELOG_PATH}, entry ${n + 1}`;
    if (!/^\d{4}(-\d{2}(-\d{2})?)?$/.test(String(entry?.date))) {
      throw new ChangelogError(`${where}: "date" is not YYYY-MM-DD (or YYYY-MM, YYYY).`);
    }
    if ((n === 0 || entry.contract !== undefined) && !/^[0-9a-f]{16}$/.test(String(entry.contract))) {
      throw new ChangelogError(`${where}: "contract" is not a fingerprint (npm run changelog writes it).`);
    }
    if (!Array.isArray(entry.changes)) throw new ChangelogError(`${where}: "changes" is not a list.`);
    entry.changes.forEach((change: Partial<ContractChange> | null, m: number) => {
      const problem =
        typeof change?.at !== 'string' || !change.at.startsWith('/')
          ? '"at" is not a JSON Pointer'
          : !CHANGE_ACTIONS.includes(change.change as string)
            ? `"change" is not one of ${CHANGE_ACTIONS.join(', ')}`
            : !CHANGE_TYPES.includes(change.type as string)
              ? `"type" is not one of ${CHANGE_TYPES.join(', ')}`
              : typeof change.description !== 'string'
                ? '"description" is not text'
                : undefined;
      if (problem) throw new ChangelogError(`${where}, change ${m + 1}: ${problem} (npm run changelog writes it).`);
    });
    if (n > 0 && entry.date >= entries[n - 1].date) {
      // One entry a day: the page's headings, their anchors and the feeds' ids are the dates.
      throw new ChangelogError(
        entry.date === entries[n - 1].date
          ? `${where}: a day has one entry, and two are dated ${entry.date}: merge them (npm run changelog adds to the day's entry).`
          : `${where}: entries are newest first, and ${entry.date} is after ${entries[n - 1].date}.`,
      );
    }
  });
  return { entries };
}

/**
 * Words that tell a client a change costs it nothing. A breaking change removes or tightens something a
 * working client may rely on, so an entry with one never says so; it says what to change instead.
 */
const NOTHING_TO_CHANGE =
  /\b(?:lose[s]? nothing|nothing (?:to change|to do|changes for)|no (?:action|change)s? (?:is |are )?(?:needed|required)|need(?:s)? not change|(?:is|are) unaffected)\b/i;

/**
 * What no change's `description` holds: the diff tool's own tags (`[Replaced]`), an empty or bare-array
 * name (`` `` ``, `` `[]` ``), a double space. `npm run changelog` writes each change in a customer's words
 * (./changeWords.ts); a writer edits them, and these would show on the page as they are.
 */
const UNREADABLE = /\[(?:Added|Removed|Replaced|Renamed)\]|``|`\[\]`| {2}/;

/** Words that say the changelog begins at an entry: true of the oldest entry only. */
const STARTS_HERE = /\b(?:changelog|history) (?:starts|begins) here\b/i;

/**
 * What is wrong with the entries a writer keeps by hand: an entry with a breaking change must say in
 * `action` what a client must change, and neither its `summary` nor its `action` may tell clients that
 * they lose nothing or need change nothing; every change is described in a customer's words
 * ({@link UNREADABLE}); and only the oldest entry may say that the changelog starts there.
 *
 * @returns one message per problem, naming the entry by its date; empty when there is none.
 */
export function entryProblems(changelog: Changelog): string[] {
  return changelog.entries.flatMap((entry, n) => {
    const where = `${CHANGELOG_PATH}, entry ${entry.date}`;
    const problems: string[] = [];
    entry.changes.forEach((change, m) => {
      if (UNREADABLE.test(change.description))
        problems.push(
          `${where}, change ${m + 1} (${change.operation ?? change.at}): its description "${change.description}" ` +
            "is not in a customer's words (a diff tool's tag, an empty name or a double space): say which field " +
            'changed and how, as npm run changelog writes it.',
        );
    });
    const starts = STARTS_HERE.exec(entry.summary ?? '');
    if (starts && n < changelog.entries.length - 1)
      problems.push(
        `${where}: its "summary" says "${starts[0]}", yet older entries follow it; say what it begins instead.`,
      );
    if (!entry.changes.some(isBreaking)) return problems;
    if (typeof entry.action !== 'string' || !entry.action.trim())
      problems.push(`${where}: it has breaking changes; say in "action" what a client must change.`);
    for (const field of ['summary', 'action'] as const) {
      const found = NOTHING_TO_CHANGE.exec(entry[field] ?? '');
      if (found)
        problems.push(
          `${where}: its "${field}" says "${found[0]}", yet the entry has breaking changes; say what a client must change.`,
        );
    }
    return problems;
  });
}

/** Two changes are the same when they are at the same place, of the same kind, with the same values. */
function sameChange(a: ContractChange, b: ContractChange): boolean {
  const core = (c: ContractChange) => JSON.stringify([c.at, c.change, c.type, c.before ?? null, c.after ?? null]);
  return core(a) === core(b);
}

/**
 * What `npm test` says of breaking changes no entry names: one line each, naming the operation (or place),
 * what changed and where, then what to do.
 */
export function unrecordedReport(breaking: ContractChange[]): string {
  return (
    `${OPENAPI_SPEC_PATH} has breaking changes that no entry of ${CHANGELOG_PATH} names:\n` +
    `${breaking.map((change) => `  - ${describeChange(change)} at ${change.at}`).join('\n')}\n` +
    'Run "npm run changelog", then say in the new entry\'s "summary" what changed and in its "action" what a client must change.'
  );
}

/** Those of `changes` that no entry of `changelog` names. */
export function notNamedIn(changes: ContractChange[], changelog: Changelog): ContractChange[] {
  const named = changelog.entries.flatMap((entry) => entry.changes);
  return changes.filter((change) => !named.some((entry) => sameChange(entry, change)));
}

/** The changes between two contracts that no entry of `changelog` names. */
export function unrecordedChanges(previous: unknown, current: unknown, changelog: Changelog): ContractChange[] {
  return notNamedIn(contractChanges(previous, current), changelog);
}

/**
 * The contract the newest entry describes, from the Git history: the working copy's HEAD, then the last
 * commits that changed the contract, until one has the entry's fingerprint.
 *
 * @returns the parsed contract, or `null` when Git is missing or no commit of the last 200 has it.
 */
export function contractAt(root: string, fingerprint: string): unknown {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64e6 });
  let commits: string[];
  try {
    commits = ['HEAD', ...git('log', '--format=%H', '-n', '200', '--', OPENAPI_SPEC_PATH).split('\n').filter(Boolean)];
  } catch {
    return null;
  }
  for (const commit of commits) {
    try {
      const doc = YAML.parse(git('show', `${commit}:${OPENAPI_SPEC_PATH}`));
      if (contractFingerprint(doc) === fingerprint) return doc;
    } catch {
      // Not in that commit (or not YAML there): try the next.
    }
  }
  return null;
}

/** What the check found: the changes no entry names, and whether the newest entry is up to date. */
export interface ChangelogCheck {
  /** Breaking changes no entry names: `npm test` fails on these. */
  breaking: ContractChange[];
  /** Other changes no entry names (non-breaking, deprecations, unclassified): the next `npm run changelog` records them. */
  additions: ContractChange[];
  /** Whether the newest entry carries the current contract's fingerprint. */
  current: boolean;
}

/**
 * Compares the vendored contract with the one the newest entry describes.
 *
 * @throws {ChangelogError} when the file is unusable, or the contract changed and no commit holds the
 *   version the newest entry describes (then nothing can say what changed).
 */
export function checkChangelog(root: string, current: unknown): ChangelogCheck {
  const changelog = readChangelog(root);
  const latest = changelog.entries[0] as ChangelogEntry & { contract: string };
  if (contractFingerprint(current) === latest.contract) return { breaking: [], additions: [], current: true };
  const previous = contractAt(root, latest.contract);
  if (previous === null) {
    throw new ChangelogError(
      `${OPENAPI_SPEC_PATH} changed since the changelog's newest entry (${latest.date}), and no Git commit holds ` +
        `the contract it describes (fingerprint ${latest.contract}): nothing can say what changed. Record it by hand ` +
        `in ${CHANGELOG_PATH} and set that entry's contract to ${contractFingerprint(current)}.`,
    );
  }
  const unrecorded = unrecordedChanges(previous, current, changelog);
  return {
    breaking: unrecorded.filter(isBreaking),
    additions: unrecorded.filter((change) => !isBreaking(change)),
    current: false,
  };
}

/**
 * Adds an entry for what changed since the newest entry (`npm run changelog`), dated `date` — or adds the
 * changes to the newest entry when it is dated `date` already (one entry a day: its date is its heading's anchor
 * and its feed item's id) — or, when every change is already named (written by hand), stamps the newest entry
 * with the current fingerprint. Comments and hand-written summaries in the file are kept.
 *
 * @returns the entry's changes (empty when there was nothing to record).
 */
export function recordChanges(root: string, current: unknown, date: string): ContractChange[] {
  const file = path.join(root, CHANGELOG_PATH);
  const check = checkChangelog(root, current);
  if (check.current) return [];
  const changes = [...check.breaking, ...check.additions];
  const document = YAML.parseDocument(fs.readFileSync(file, 'utf8'));
  const entries = document.get('entries') as YAML.YAMLSeq;
  const fingerprint = contractFingerprint(current);
  const newest = entries.items[0] as YAML.YAMLMap | undefined;
  if (changes.length === 0) {
    newest?.set('contract', fingerprint);
  } else if (newest && String(newest.get('date')) === date) {
    newest.set('contract', fingerprint);
    for (const change of changes) (newest.get('changes') as YAML.YAMLSeq).add(document.createNode(change));
  } else {
    const entry: ChangelogEntry = { date, contract: fingerprint, changes };
    entries.items.unshift(document.createNode(entry) as YAML.YAMLMap);
  }
  fs.writeFileSync(file, document.toString({ lineWidth: 0 }));
  return changes;
}

/**
 * The paragraphs of a `summary` or `action`: YAML's folded style (`>-`) joins a paragraph's lines with spaces
 * and keeps a newline for each blank line between paragraphs, so each newline left is a paragraph break.
 */
const paragraphsOf = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The page `/api/changelog` as Markdown (CommonMark: `npm run gen-api` writes it as a `.md` doc). */
export function changelogPage(changelog: Changelog): string {
  const lines = [
    '---',
    'title: API changelog',
    'sidebar_label: Changelog',
    'slug: /changelog',
    "description: Every change to this portal's description of the API, newest first, with breaking changes flagged.",
    '---',
    '',
    "How this portal's description of the customer API changed, newest first; the provider has published no",
    'changelog of its own, so this is not its release history. A **breaking** change removes or tightens',
    'something a working client may rely on; additions are not breaking (ignore fields and values you do not',
    'know). Changes to descriptions and examples alone are not listed. How deprecations work: [Changes and',
    'deprecations](/docs/api/changelog).',
    '',
    `Subscribe: [Atom feed](pathname://${CHANGELOG_FEEDS.atom}) · [RSS feed](pathname://${CHANGELOG_FEEDS.rss})` +
      ' (send your access token, like every page of this portal).',
    '',
  ];
  for (const entry of changelog.entries) {
    lines.push(`## ${entry.date} {#${entry.date}}`, '');
    if (entry.summary) lines.push(...paragraphsOf(entry.summary).flatMap((paragraph) => [paragraph, '']));
    const breaking = entry.changes.filter(isBreaking);
    const other = entry.changes.filter((change) => !isBreaking(change));
    if (breaking.length) lines.push('**Breaking**', '', ...pageLines(breaking), '');
    if (entry.action) {
      const [first, ...rest] = paragraphsOf(entry.action);
      lines.push(...[`**What to change**: ${first}`, ...rest].flatMap((paragraph) => [paragraph, '']));
    }
    if (other.length) lines.push('**Other changes**', '', ...pageLines(other), '');
    if (!entry.summary && entry.changes.length === 0) lines.push('No change to operations, fields or values.', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Text from the contract, safe in a CommonMark page: no raw HTML. */
const markdownText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * One list item per change, the operations a shared schema's change reaches on one line:
 * `` `POST /documents`, `POST /document_counts`: The `404` answer is no longer listed; … `` (the tool lists it
 * once per operation).
 */
function pageLines(changes: ContractChange[]): string[] {
  const lines = new Map<string, string[]>();
  for (const change of changes) {
    const what = `${markdownText(change.description)}${change.type === 'breaking' || change.type === 'non-breaking' ? '' : ` (${change.type})`}`;
    lines.set(what, [...(lines.get(what) ?? []), `\`${change.operation ?? change.at}\``]);
  }
  return [...lines].map(([what, where]) => `- ${[...new Set(where)].join(', ')}: ${what}`);
}

/** An entry's date as a `Date` (a year or month alone is its first day). */
const dateOf = (entry: ChangelogEntry) => new Date(`${`${entry.date}-01-01`.slice(0, 10)}T00:00:00Z`);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A feed item's content: the summary, then the changes, breaking ones marked, then what to change. */
function entryHtml(entry: ChangelogEntry): string {
  const html = (paragraphs: string[]) => paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const summary = entry.summary ? html(paragraphsOf(entry.summary)) : '';
  const items = entry.changes.map(
    (change) =>
      `<li>${isBreaking(change) ? '<strong>Breaking:</strong> ' : ''}${escapeHtml(describeChange(change))}</li>`,
  );
  const [firstAction, ...moreAction] = entry.action ? paragraphsOf(entry.action) : [];
  const action = firstAction
    ? `<p><strong>What to change:</strong> ${escapeHtml(firstAction)}</p>${html(moreAction)}`
    : '';
  return summary + (items.length ? `<ul>${items.join('')}</ul>` : '') + action;
}

/**
 * Writes the page into the `api` docs instance's folder and the feeds where the build serves static files
 * (`npm run gen-api`).
 *
 * @returns the files written, absolute.
 * @throws {ChangelogError} when the changelog file is unusable.
 */
export function writeChangelog(root: string, siteUrl: string, productName: string): string[] {
  const changelog = readChangelog(root);
  const page = path.join(root, API_DOCS_DIR, 'changelog.md');
  fs.writeFileSync(page, changelogPage(changelog));
  const feeds = changelogFeeds(changelog, siteUrl, productName);
  const written = [page];
  for (const [format, route] of Object.entries(CHANGELOG_FEEDS) as [keyof typeof CHANGELOG_FEEDS, string][]) {
    const file = path.join(root, GENERATED_STATIC_DIR, route);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, feeds[format]);
    written.push(file);
  }
  return written;
}

/**
 * The changelog as an Atom 1.0 and an RSS 2.0 feed (the `feed` package, as Docusaurus' blog uses), one item
 * per entry linking its section of the page.
 *
 * @param siteUrl - the site's public URL without a trailing slash.
 */
export function changelogFeeds(changelog: Changelog, siteUrl: string, productName: string) {
  const page = `${siteUrl}${CHANGELOG_ROUTE}`;
  const feed = new Feed({
    title: `${productName} API changelog`,
    description: "Every change to this portal's description of the API, newest first, with breaking changes flagged.",
    id: page,
    link: page,
    updated: dateOf(changelog.entries[0]),
    copyright: productName,
    feedLinks: { atom: `${siteUrl}${CHANGELOG_FEEDS.atom}`, rss: `${siteUrl}${CHANGELOG_FEEDS.rss}` },
  });
  for (const entry of changelog.entries) {
    const breaking = entry.changes.filter(isBreaking).length;
    feed.addItem({
      title: `${entry.date}: ${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'}${breaking ? `, ${breaking} breaking` : ''}`,
      id: `${page}#${entry.date}`,
      link: `${page}#${entry.date}`,
      date: dateOf(entry),
      description: entry.summary ?? (entry.changes.map(describeChange).join('\n') || 'No change to operations.'),
      content: entryHtml(entry),
    });
  }
  return { atom: feed.atom1(), rss: feed.rss2() };
}
