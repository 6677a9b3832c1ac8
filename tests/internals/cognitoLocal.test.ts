/**
 * @jest-environment node
 *
 * The local identity service (local/identity) is built from cognito-local's modules, which its package does not
 * export as an API (deep imports of `cognito-local/lib/…`: its server, router, services, errors, TOTP and signing
 * keys); tests import its TOTP generator too. Each imported module has its row in plugins/README.md, "Internals
 * the product leans on" → {@link TITLE}; this test fails naming the import, the files that import it and the
 * version checked when cognito-local no longer has the module or a name the code takes from it: a class or
 * function at run time, a type in its declarations, a key of its key files.
 */
import path from 'node:path';
// cognito-local's aws-sdk v2 prints an end-of-support notice when loaded; the identity service silences it so.
import '@site/local/identity/quiet-sdk';
import { brokenImports, resolveFile } from './exports';
import { codeSpans, groupBySpecifier, importRowProblems, MAP_FILE, readTable, rowNames, versionIn } from './map';

import { importsWithPrefix, installedVersion, packageDir } from './sources';

const PACKAGE = 'cognito-local';
const TITLE = "cognito-local's modules";
const COLUMNS = { internal: 'Internal', exportsUsed: 'Exports used', usedBy: 'Used by' };
const VERSION = 'Version checked';

const imports = importsWithPrefix(`${PACKAGE}/`);
const modules = groupBySpecifier(imports);
const rows = readTable(TITLE);
const installed = installedVersion(PACKAGE);
const rowOf = (specifier: string) => rows.find((r) => codeSpans(r[COLUMNS.internal])[0] === specifier);
const checked = (specifier: string) => {
  const row = rowOf(specifier);
  return `${PACKAGE} ${installed}, row checked ${row ? versionIn(row[VERSION]) : 'none'}`;
};

test('every deep import of cognito-local has its row, with the exports used and the files', () => {
  expect(importRowProblems(TITLE, rows, modules, COLUMNS, () => `${PACKAGE} ${installed}`)).toEqual([]);
});

test('each module still exists and has the classes, functions, types and keys the code takes from it', () => {
  const resolve = (specifier: string) =>
    resolveFile(path.join(packageDir(PACKAGE), specifier.slice(PACKAGE.length + 1)));
  // A module loaded whole (`require.resolve` of a key file) is checked for the names its row lists.
  const listed = (specifier: string) => rowNames(rowOf(specifier), COLUMNS);
  expect(brokenImports(imports, resolve, checked, listed)).toEqual([]);
});

test("every row's version is the installed cognito-local's (read the imports again after an upgrade)", () => {
  const stale = rows
    .filter((row) => versionIn(row[VERSION]) !== installed)
    .map(
      (row) =>
        `${MAP_FILE} "${TITLE}" row ${row[COLUMNS.internal]}: checked ${versionIn(row[VERSION])}, installed ${installed}`,
    );
  expect(stale).toEqual([]);
});
