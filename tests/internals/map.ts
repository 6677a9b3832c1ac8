/**
 * The map of the library internals the product leans on: the tables of plugins/README.md's section
 * {@link SECTION}, one per kind of internal, read as rows of cells. The guards beside this file check the code
 * against them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, type FileImport, type ImportedName } from './sources';

/** The file that holds the map, relative to the repository. */
export const MAP_FILE = 'plugins/README.md';
/** The heading (`## …`) of the map's section in {@link MAP_FILE}. */
export const SECTION = 'Internals the product leans on';

/** One row of a table: header → cell text (Markdown, trimmed). */
export type Row = Record<string, string>;

/** Splits a Markdown table line into its cells (a `\|` stays inside its cell). */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The rows of the first table under the heading `### <title>` in {@link MAP_FILE}'s section {@link SECTION}.
 *
 * @throws {Error} naming the file, section and title when there is no such table.
 */
export function readTable(title: string): Row[] {
  const text = fs.readFileSync(path.join(ROOT, MAP_FILE), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith(`${SECTION}\n`)) ?? '';
  const sub = section.split(/^### /m).find((part) => part.startsWith(`${title}\n`)) ?? '';
  const lines = sub.split('\n').filter((line) => line.trimStart().startsWith('|'));
  if (lines.length < 2) throw new Error(`${MAP_FILE} has no table under "## ${SECTION}" → "### ${title}"`);
  const [header, , ...body] = lines.map(cells);
  return body.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** The code spans of a cell, in order (`` `a`, `b` `` → `['a', 'b']`). */
export const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The version a cell names outside its code spans (`` `pkg` 1.2.3 `` → `1.2.3`), if any. */
export const versionIn = (cell: string): string | undefined =>
  /\b\d+\.\d+\.\d+(?:-[\w.]+)?\b/.exec(cell.replace(/`[^`]*`/g, ''))?.[0];

/**
 * The differences between what a row says (`listed`) and what the code has (`found`), as sentences naming
 * `what` ("exports used of `x`"); empty when they agree.
 */
export function differences(what: string, listed: Iterable<string>, found: Iterable<string>): string[] {
  const inRow = new Set(listed);
  const inCode = new Set(found);
  const missing = [...inCode].filter((item) => !inRow.has(item)).sort();
  const stale = [...inRow].filter((item) => !inCode.has(item)).sort();
  return [
    ...(missing.length ? [`${what}: the row lacks ${missing.map((m) => `\`${m}\``).join(', ')}`] : []),
    ...(stale.length
      ? [`${what}: the row lists ${stale.map((m) => `\`${m}\``).join(', ')}, which the code no longer has`]
      : []),
  ];
}

/** What the code imports from one module specifier: the files that do, and the names they take. */
export interface ImportedModule {
  specifier: string;
  files: string[];
  names: ImportedName[];
}

/** The code's imports grouped by specifier, sorted. */
export function groupBySpecifier(imports: readonly FileImport[]): ImportedModule[] {
  const groups = new Map<string, ImportedModule>();
  for (const { file, specifier, names } of imports) {
    const group = groups.get(specifier) ?? { specifier, files: [], names: [] };
    if (!group.files.includes(file)) group.files.push(file);
    for (const n of names) {
      if (!group.names.some((m) => m.name === n.name && m.typeOnly === n.typeOnly)) group.names.push(n);
    }
    groups.set(specifier, group);
  }
  return [...groups.values()].sort((a, b) => a.specifier.localeCompare(b.specifier));
}

/** The columns of a table of imported internals: the specifier, the names used, the files that import it. */
export interface ImportColumns {
  internal: string;
  exportsUsed: string;
  usedBy: string;
}

/** The names a module's row lists as used. */
export const rowNames = (row: Row | undefined, columns: ImportColumns): string[] =>
  row ? codeSpans(row[columns.exportsUsed]) : [];

/**
 * Where a table of imported internals and the code disagree, as sentences naming the row or the import: an import
 * without a row (`describe` adds what the message needs, e.g. the version installed), a row without an import,
 * and a row whose names or files differ from the code's. Names a file loads whole (`require.resolve`, `import()`)
 * are the row's to list; the code's known names must be among them.
 */
export function importRowProblems(
  title: string,
  rows: readonly Row[],
  modules: readonly ImportedModule[],
  columns: ImportColumns,
  describe: (module: ImportedModule) => string,
): string[] {
  const rowOf = (specifier: string) => rows.find((row) => codeSpans(row[columns.internal])[0] === specifier);
  const unmapped = modules
    .filter((module) => !rowOf(module.specifier))
    .map(
      (module) =>
        `\`${module.specifier}\` (${describe(module)}), imported by ${module.files.join(', ')}, ` +
        `has no row in ${MAP_FILE} "${title}"`,
    );
  const stale = rows
    .map((row) => codeSpans(row[columns.internal])[0])
    .filter((specifier) => !modules.some((module) => module.specifier === specifier))
    .map((specifier) => `${MAP_FILE} "${title}" row \`${specifier}\`: nothing imports it any more: drop the row`);
  const unlike = modules.flatMap((module) => {
    const row = rowOf(module.specifier);
    if (!row) return [];
    const label = `${MAP_FILE} "${title}" row \`${module.specifier}\``;
    const known = module.names.filter((n) => n.name !== '*').map((n) => n.name);
    const listed = rowNames(row, columns);
    const names = module.names.some((n) => n.name === '*')
      ? differences(`${label} ${columns.exportsUsed}`, listed, [...listed, ...known])
      : differences(`${label} ${columns.exportsUsed}`, listed, known);
    return [...names, ...differences(`${label} ${columns.usedBy}`, codeSpans(row[columns.usedBy]), module.files)];
  });
  return [...unmapped, ...stale, ...unlike];
}
