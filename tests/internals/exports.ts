/**
 * Whether a library module still has the names the code takes from it: values as the module exports them at run
 * time (it is required), types as its declaration file (`.d.ts`) exports them, keys of a JSON file as it holds them.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { FileImport, ImportedName } from './sources';

/** The file a module path names: as is, or with `.js`, `.jsx`, `.json`, or as a folder's `index.js`; undefined when none exists. */
export function resolveFile(base: string): string | undefined {
  return ['', '.js', '.jsx', '.json', '/index.js', '/index.jsx']
    .map((suffix) => base + suffix)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The names a declaration file exports, following its `export * from` re-exports. */
export function declaredExports(dts: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(dts) || !fs.existsSync(dts)) return names;
  seen.add(dts);
  const source = ts.createSourceFile(dts, fs.readFileSync(dts, 'utf8'), ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.add('default');
    if (ts.isExportAssignment(statement)) names.add('default');
    else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) clause.elements.forEach((e) => names.add(e.name.text));
      else if (clause) names.add(clause.name.text);
      else if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const base = path.resolve(path.dirname(dts), statement.moduleSpecifier.text);
        const target = [`${base}.d.ts`, `${base}/index.d.ts`].find((file) => fs.existsSync(file));
        if (target) declaredExports(target, seen).forEach((name) => names.add(name));
      }
    } else if (exported && ts.isVariableStatement(statement)) {
      statement.declarationList.declarations.forEach((d) => ts.isIdentifier(d.name) && names.add(d.name.text));
    } else if (exported && 'name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
      names.add((statement.name as ts.Identifier).text);
    }
  }
  return names;
}

/**
 * The names of `names` that `file` (a resolved module of a package) no longer has: a value the required module
 * does not export, a type its `.d.ts` does not declare, a key its JSON does not hold. `*` (the whole module)
 * needs only the file.
 */
export function missingExports(file: string, names: readonly ImportedName[]): string[] {
  const wanted = names.filter((n) => n.name !== '*');
  if (!wanted.length) return [];
  if (file.endsWith('.json')) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    return wanted.filter((n) => !(n.name in json)).map((n) => n.name);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the library's module as the code loads it
  const values = require(file) as Record<string, unknown>;
  // A default import of a CommonJS module without `__esModule` is the whole module.
  const hasValue = (name: string) => name in values || (name === 'default' && !('__esModule' in values));
  const types = declaredExports(file.replace(/\.jsx?$/, '.d.ts'));
  return wanted.filter((n) => !(n.typeOnly ? types.has(n.name) : hasValue(n.name))).map((n) => n.name);
}

/**
 * The imports whose module is gone or lacks a name they take, one sentence each naming the import, the file that
 * imports it and what `checked` says (the version installed and the one its row checked).
 *
 * @param resolve - the file a specifier names; undefined when it is gone.
 * @param listed - the names its row lists, checked for a file that loads the module whole (`require.resolve`).
 */
export function brokenImports(
  imports: readonly FileImport[],
  resolve: (specifier: string) => string | undefined,
  checked: (specifier: string) => string,
  listed: (specifier: string) => string[] = () => [],
): string[] {
  return imports.flatMap(({ file, specifier, names }) => {
    const module = resolve(specifier);
    if (!module) return [`\`${specifier}\`, imported by ${file}, is gone (${checked(specifier)})`];
    const whole = names.some((n) => n.name === '*');
    const wanted = whole ? [...names, ...listed(specifier).map((name) => ({ name, typeOnly: false }))] : names;
    const missing = missingExports(module, wanted);
    return missing.length
      ? [`\`${specifier}\` no longer has ${missing.join(', ')}, which ${file} takes (${checked(specifier)})`]
      : [];
  });
}
