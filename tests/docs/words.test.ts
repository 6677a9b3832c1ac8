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

/** The problems of a whole file read as a page. */
function pageFindings(file: string): Finding[] {
  return customerWordProblems(read(file)).map(({ line, found, instead }) => `${file}:${line}: "${found}" (${instead})`);
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
function codeFindings(file: string, text = read(file)): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const visitNode = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      for (const problem of customerWordProblems(node.text, { fences: false }))
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
  ["the MCP server's tool descriptions and answers", () => filesUnder('server/mcp', isCode).flatMap((file) => codeFindings(file))],
];

describe("customers' words: no reader-visible source text cites the specification, a section sign or 'This portal:'", () => {
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
