/**
 * The repository's own code and what each file imports, read with TypeScript's parser (no type check), so the
 * internals guards see every import form: `import`/`export … from`, `import type`, `import()`, `require()`,
 * `require.resolve()` and `typeof import()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root folder. */
export const ROOT = path.resolve(__dirname, '../..');

/** The folder of an installed package. */
export const packageDir = (name: string): string => path.join(ROOT, 'node_modules', name);

/** The installed version of a package (its package.json `version`). */
export function installedVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Folders that hold no code of ours: dependencies, build output, generated files, prose. */
const SKIPPED = new Set([
  'node_modules',
  'build',
  // The gate's bundle (scripts/bundleGate.ts), which `npm run build` writes: the sources it bundles are read.
  'dist',
  'generated',
  'test-results',
  'playwright-report',
  'coverage',
  'static',
  'docs',
  'blog',
  'handbook',
  'deploy/dist',
  'deploy/cdk.out',
]);

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/**
 * Every code file of the repository under `folders` (all of it when none are given), as `/`-separated paths
 * relative to {@link ROOT}, sorted; type declarations (`.d.ts`) and dot-folders are left out.
 */
export function codeFiles(...folders: string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name.startsWith('.') || SKIPPED.has(child) || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(child);
      else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(child);
    }
  };
  for (const folder of folders.length ? folders : ['']) {
    if (fs.existsSync(path.join(ROOT, folder))) walk(folder);
  }
  return found.sort();
}

/** One name a file takes from a module: `default`, a named export, or `*` (the whole module, names unknown). */
export interface ImportedName {
  name: string;
  /** Imported for its type only (`import type`, `{ type X }`, `typeof import()`): it must exist in the declarations. */
  typeOnly: boolean;
}

/** What one file imports from one module specifier. */
export interface FileImport {
  /** The importing file, relative to {@link ROOT}. */
  file: string;
  specifier: string;
  names: ImportedName[];
}

/** The names an import clause or export clause takes. */
function clauseNames(node: ts.ImportDeclaration | ts.ExportDeclaration): ImportedName[] {
  if (ts.isExportDeclaration(node)) {
    const clause = node.exportClause;
    if (!clause || ts.isNamespaceExport(clause)) return [{ name: '*', typeOnly: node.isTypeOnly }];
    return clause.elements.map((e) => ({
      name: (e.propertyName ?? e.name).text,
      typeOnly: node.isTypeOnly || e.isTypeOnly,
    }));
  }
  const clause = node.importClause;
  if (!clause) return [{ name: '*', typeOnly: false }];
  const names: ImportedName[] = clause.name ? [{ name: 'default', typeOnly: clause.isTypeOnly }] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push({ name: '*', typeOnly: clause.isTypeOnly });
  else if (bindings) {
    for (const e of bindings.elements) {
      names.push({ name: (e.propertyName ?? e.name).text, typeOnly: clause.isTypeOnly || e.isTypeOnly });
    }
  }
  return names;
}

/** The specifier and names of a call that loads a module (`import('x')`, `require('x')`, `require.resolve('x')`). */
function callImport(node: ts.CallExpression): { specifier: string; names: ImportedName[] } | undefined {
  const [first] = node.arguments;
  if (!first || !ts.isStringLiteralLike(first)) return undefined;
  const callee = node.expression;
  const loads =
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === 'require') ||
    (ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'require' &&
      callee.name.text === 'resolve');
  return loads ? { specifier: first.text, names: [{ name: '*', typeOnly: false }] } : undefined;
}

/** The specifier and names of `typeof import('x')` or `import('x').Name` in a type. */
function typeImport(node: ts.ImportTypeNode): { specifier: string; names: ImportedName[] } | undefined {
  const argument = node.argument;
  if (!ts.isLiteralTypeNode(argument) || !ts.isStringLiteral(argument.literal)) return undefined;
  const qualifier = node.qualifier;
  const name = qualifier ? (ts.isIdentifier(qualifier) ? qualifier.text : qualifier.left.getText()) : '*';
  return { specifier: argument.literal.text, names: [{ name, typeOnly: true }] };
}

/**
 * What `file` (relative to {@link ROOT}) imports, one entry per module specifier with the names it takes,
 * for the specifiers `wanted` accepts.
 */
export function importsOf(file: string, wanted: (specifier: string) => boolean): FileImport[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const bySpecifier = new Map<string, ImportedName[]>();
  const add = (found: { specifier: string; names: ImportedName[] } | undefined) => {
    if (!found || !wanted(found.specifier)) return;
    const names = bySpecifier.get(found.specifier) ?? [];
    for (const n of found.names) {
      if (!names.some((m) => m.name === n.name && m.typeOnly === n.typeOnly)) names.push(n);
    }
    bySpecifier.set(found.specifier, names);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        add({ specifier: node.moduleSpecifier.text, names: clauseNames(node) });
      }
    } else if (ts.isCallExpression(node)) add(callImport(node));
    else if (ts.isImportTypeNode(node)) add(typeImport(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...bySpecifier].map(([specifier, names]) => ({ file, specifier, names }));
}

/**
 * Every import in the repository's code whose specifier starts with `prefix`; files that do not mention the
 * prefix are not parsed.
 */
export function importsWithPrefix(prefix: string, files: string[] = codeFiles()): FileImport[] {
  return files
    .filter((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').includes(prefix))
    .flatMap((file) => importsOf(file, (specifier) => specifier.startsWith(prefix)));
}
