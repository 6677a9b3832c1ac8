/**
 * @jest-environment node
 *
 * Customers' words (rules/customerWords.ts): no text a customer reads cites the portal's specification, a
 * section sign or a "This portal:" aside. Scanned at the source, file by file, so a failure names the file
 * and line to fix: every docs page, the maintainers' pages (`audience: maintainers`) too, since a local
 * build shows them beside the customers' and their Markdown copies reach the same tools, the blog, the site's own pages and UI strings, the API contract's texts
 * (descriptions, summaries, titles, `x-assumed` notes), the API changelog, the `/api` landing template and
 * the MCP server's strings. Fenced code and inline code spans are code, where `specification` is a field.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isPair, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { maintainersDocs } from '../../config/docsAudience';
import { customerWordProblems } from '../../rules/customerWords';
import { withSourceNote } from '../../scripts/openapi/sourceNote';

const ROOT = path.resolve(__dirname, '../..');

/** A problem as the test reports it: `file:line: "found" (what to write instead)`. */
type Finding = string;

/** Files under `dir` (relative to the root) whose names `match` takes, relative to the root, sorted. */
function filesUnder(dir: string, match: (name: string) => boolean): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => match(name) && !name.split(path.sep).includes('__tests__'))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(path.join(ROOT, file)).isFile())
    .sort();
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The problems of a whole file read as a page (a maintainers' page may say how the portal is built). */
function pageFindings(file: string): Finding[] {
  const audience = maintainers.has(file) ? 'maintainers' : 'customers';
  return customerWordProblems(read(file), { audience }).map(
    ({ line, found, instead }) => `${file}:${line}: "${found}" (${instead})`,
  );
}

/**
 * The problems of the note the API reference's first page ends with, which the bundle writes
 * (scripts/openapi/source.ts `withSourceNote`), for each description it may be built from.
 */
function sourceNoteFindings(): Finding[] {
  const at = new Date(Date.UTC(2026, 0, 1));
  const url = 'https://api.example.com/api/v1/openapi.json';
  const sources = [
    { kind: 'provider', file: 'provider.json', url, at },
    { kind: 'vendored', file: 'copy.yaml', url, reason: 'HTTP 503', at },
    { kind: 'vendored', file: 'copy.yaml', at },
  ] as const;
  return sources.flatMap((source) => {
    const { description } = withSourceNote({ info: {} }, source).info as { description: string };
    return customerWordProblems(description).map(
      ({ found, instead }) => `scripts/openapi/source.ts (${source.kind}${'url' in source ? '' : ', no API host'}): "${found}" (${instead})`,
    );
  });
}

/**
 * The problems of a YAML file's reader-visible strings: the values of `keys`, anywhere. A problem's line
 * is the first line of the value's source, from its start, that holds the word found.
 */
function yamlFindings(file: string, keys: ReadonlySet<string>, text = read(file)): Finding[] {
  const lines = text.split('\n');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const findings: Finding[] = [];
  visit(doc, {
    Pair(_key, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || !keys.has(String(pair.key.value))) return;
      if (!isScalar(pair.value) || typeof pair.value.value !== 'string' || !pair.value.range) return;
      const start = lineCounter.linePos(pair.value.range[0]).line;
      for (const { found, instead } of customerWordProblems(pair.value.value, { fences: false })) {
        const at = lines.findIndex((line, n) => n >= start - 1 && line.includes(found));
        findings.push(`${file}:${at < 0 ? start : at + 1}: "${found}" (${instead})`);
      }
    },
  });
  return findings;
}

/** The problems of a TypeScript file's strings and JSX text (comments are the maintainers'). */
function codeFindings(
  file: string,
  text = read(file),
  audience: 'customers' | 'maintainers' = 'customers',
): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const visitNode = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      for (const problem of customerWordProblems(node.text, { fences: false, audience }))
        findings.push(`${file}:${line + problem.line}: "${problem.found}" (${problem.instead})`);
    }
    ts.forEachChild(node, visitNode);
  };
  visitNode(source);
  return findings;
}

const CONTRACT_TEXT_KEYS = new Set(['description', 'summary', 'title', 'x-assumed', 'x-deprecated-description']);
const CHANGELOG_TEXT_KEYS = new Set(['summary', 'action']);
const BLOG_TEXT_KEYS = new Set(['name', 'title', 'label', 'description']);

const maintainers = new Set(maintainersDocs(path.join(ROOT, 'docs')).map((name) => path.join('docs', name)));
const isPage = (name: string) => /\.mdx?$/.test(name);
const isCode = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(name);

const SOURCES: [string, () => Finding[]][] = [
  ["the docs pages, the maintainers' too", () => filesUnder('docs', isPage).flatMap(pageFindings)],
  ['the blog', () => [
    ...filesUnder('blog', isPage).flatMap(pageFindings),
    ...filesUnder('blog', (name) => name.endsWith('.yml')).flatMap((file) => yamlFindings(file, BLOG_TEXT_KEYS)),
  ]],
  ["the site's own pages", () => filesUnder('src/pages', isPage).flatMap(pageFindings)],
  ["the site's UI strings (src/)", () => filesUnder('src', isCode).flatMap((file) => codeFindings(file))],
  ["the API contract's texts", () => yamlFindings('openapi/customer-api.yaml', CONTRACT_TEXT_KEYS)],
  ['the API changelog', () => yamlFindings('openapi/changelog.yaml', CHANGELOG_TEXT_KEYS)],
  ['the /api landing page template', () => filesUnder('openapi/templates', () => true).flatMap(pageFindings)],
  ["the API reference's note on where it comes from", sourceNoteFindings],
  // The MCP server's errors for content missing from a deployment ("run npm run build") speak to whoever runs it:
  // the words of how the portal is built are not read there.
  ["the MCP server's tool descriptions and answers", () => filesUnder('server/mcp', isCode).flatMap((file) => codeFindings(file, read(file), 'maintainers'))],
];

describe("customers' words: no reader-visible source text cites the specification, a section sign or 'This portal:', or says how the portal is built", () => {
  it.each(SOURCES)('%s', (_name, findings) => {
    expect(findings()).toEqual([]);
  });

  it('reads what it scans: customers’ pages, contract texts and UI strings are there to read', () => {
    expect(filesUnder('docs', isPage).length).toBeGreaterThan(20);
    expect(maintainers.size).toBeGreaterThan(0);
    expect(filesUnder('docs', isPage)).toEqual(expect.arrayContaining([...maintainers]));
    expect(filesUnder('src', isCode).length).toBeGreaterThan(10);
    expect(filesUnder('server/mcp', isCode)).toContain(path.join('server/mcp', 'server.ts'));
  });
});

describe('the scan finds what it looks for, where it is', () => {
  it('in a page: the line, outside code only for "specification"', () => {
    const page = [
      'Intro.',
      'The specification (§7.1) says so.',
      '| `specification` | boolean | a field |',
      '```json',
      '{"specification": true}',
      '```',
      'This portal: an aside.',
    ].join('\n');
    expect(customerWordProblems(page).map(({ line, found }) => [line, found])).toEqual([
      [2, 'specification'],
      [2, '§'],
      [7, 'This portal:'],
    ]);
  });

  it("in the contract's YAML: the line of the word inside a folded text, not a key", () => {
    const yaml = ['paths:', '  /x:', '    get:', '      x-assumed: >-', '        First line,', '        then spec §5.1.', '      specification: kept', ''];
    expect(yamlFindings('contract.yaml', CONTRACT_TEXT_KEYS, yaml.join('\n'))).toEqual([
      expect.stringMatching(/^contract\.yaml:6: "spec"/),
      expect.stringMatching(/^contract\.yaml:6: "§"/),
    ]);
  });

  it('in code: strings and JSX text, not comments', () => {
    const code = ['// spec §2.2: a comment is the maintainers’', "const a = 'See the specification.';", 'const b = <p>This portal: hello</p>;', ''];
    expect(codeFindings('code.tsx', code.join('\n'))).toEqual([
      expect.stringMatching(/^code\.tsx:2: "specification"/),
      expect.stringMatching(/^code\.tsx:3: "This portal:"/),
    ]);
  });
});

describe('how the portal is built is not in a customer text', () => {
  // Wordings customers once read: the contract's server, the reference's first page and the accessibility statement.
  it.each([
    ['Production (the build replaces this host with the configured API_HOST)', ['the build', 'API_HOST']],
    ["from the portal's own copy of the API description (`openapi/customer-api.yaml` in the portal's source)", ['customer-api.yaml', "in the portal's source"]],
    ["could not be downloaded or did not pass the portal's checks when it was built", ["the portal's checks"]],
    ['- **Automated audit**: [axe-core](https://github.com/dequelabs/axe-core) runs its rules', ['axe-core']],
    ['and at 390 px. A serious or critical finding stops the change.', ['stops the change']],
    ['- **Screens**: screenshots of the main pages in both colour modes are compared', ['screenshots of the main pages']],
    ['(a moderate finding; it comes from Docusaurus, the software this portal is built on).', ['portal is built on']],
  ])('%s', (text, found) => {
    expect(customerWordProblems(text).map((problem) => problem.found)).toEqual(found);
  });

  it("a maintainers' page may say it", () => {
    const text = "Run this portal's own source code; the build reads API_HOST.";
    expect(customerWordProblems(text, { audience: 'maintainers' })).toEqual([]);
    expect(customerWordProblems(text).length).toBeGreaterThan(0);
  });
});
