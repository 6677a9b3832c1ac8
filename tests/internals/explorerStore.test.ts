/**
 * @jest-environment node
 *
 * The API explorer's store and hooks are docusaurus-theme-openapi-docs' internals (modules of its theme that are
 * not components: `@theme/ApiItem/hooks`, `@theme/ApiItem/store`, `@theme/ApiExplorer/<Part>/slice`); the token
 * sync, the explorer preview, the response announcement and their tests import them. Each imported module has its
 * row in plugins/README.md, "Internals the product leans on" → {@link TITLE}; this test fails naming the import,
 * the file that imports it and the version checked when the theme no longer has the module, an export the code
 * takes from it, or a slice of the store the code reads through `useTypedSelector`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brokenImports, resolveFile } from './exports';
import { codeSpans, groupBySpecifier, importRowProblems, MAP_FILE, readTable, versionIn } from './map';
import { importsWithPrefix, installedVersion, ROOT } from './sources';
import { LIBRARY_THEMES, providerOf, themeDir } from './themes';
import { siteThemeFolders } from './wraps';

const TITLE = "The API explorer's store and hooks";
const COLUMNS = { internal: 'Internal', exportsUsed: 'Exports used', usedBy: 'Used by' };
const THEME = 'Theme (version checked)';
const [OPENAPI] = LIBRARY_THEMES.filter((theme) => theme.package === 'docusaurus-theme-openapi-docs');

/** The theme module `@theme/<name>` names, unless the site provides one of that name. */
const themeModule = (specifier: string) => specifier.slice('@theme/'.length);
const bySite = (name: string) =>
  siteThemeFolders().some((folder) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx'].some((ext) => fs.existsSync(path.join(ROOT, folder, name + ext))),
  );

/**
 * An import of the OpenAPI theme's module that is not a component (its name starts in lower case). One that no
 * theme provides counts too, so a module the theme drops is reported gone rather than left out.
 */
const isStoreInternal = (specifier: string) => {
  const name = themeModule(specifier);
  const provider = providerOf('@theme-original', name);
  return /(?:^|\/)[a-z][^/]*$/.test(name) && !bySite(name) && (provider === OPENAPI || !provider);
};

const imports = importsWithPrefix('@theme/').filter((i) => isStoreInternal(i.specifier));
const modules = groupBySpecifier(imports);
const rows = readTable(TITLE);
const installed = installedVersion(OPENAPI.package);
const checked = (specifier: string) => {
  const row = rows.find((r) => codeSpans(r[COLUMNS.internal])[0] === specifier);
  return `${OPENAPI.package} ${installed}, row checked ${row ? versionIn(row[THEME]) : 'none'}`;
};

test("every import of the explorer's store and hooks has its row, with the exports used and the files", () => {
  expect(importRowProblems(TITLE, rows, modules, COLUMNS, () => `${OPENAPI.package} ${installed}`)).toEqual([]);
});

test('each still exists in the theme and exports what the code takes from it', () => {
  const resolve = (specifier: string) => resolveFile(path.join(themeDir(OPENAPI), themeModule(specifier)));
  expect(brokenImports(imports, resolve, checked)).toEqual([]);
});

/** The slices of the explorer's store as ApiItem creates it; none when the theme no longer has the store. */
function storeSlices(): string[] {
  const file = resolveFile(path.join(themeDir(OPENAPI), 'ApiItem/store'));
  if (!file) return [];
  type Store = { getState(): object };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the theme's store, as ApiItem builds it
  const store = require(file) as { createStoreWithState?: (state: object, middlewares: unknown[]) => Store };
  return Object.keys(store.createStoreWithState?.({}, []).getState() ?? {});
}

test('the store still has every slice the code reads through useTypedSelector', () => {
  const hooks = modules.find((module) => module.specifier === '@theme/ApiItem/hooks');
  const reads = (hooks?.files ?? []).flatMap((file) =>
    [
      ...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/useTypedSelector\(\s*\(?(\w+)\)?\s*=>\s*\1\.(\w+)/g),
    ].map(([, , slice]) => ({ file, slice })),
  );
  expect(reads.length).toBeGreaterThan(0);
  const slices = storeSlices();
  const missing = reads
    .filter(({ slice }) => !slices.includes(slice))
    .map(
      ({ file, slice }) =>
        `${file} reads state.${slice} through useTypedSelector; the explorer's store (ApiItem/store, ` +
        `${OPENAPI.package} ${installed}) has ${slices.length ? `only ${slices.join(', ')}` : 'no createStoreWithState'}`,
    );
  expect(missing).toEqual([]);
});

test("every row's version is the installed theme's (read the imports again after an upgrade)", () => {
  const stale = rows
    .filter((row) => versionIn(row[THEME]) !== installed)
    .map(
      (row) =>
        `${MAP_FILE} "${TITLE}" row ${row[COLUMNS.internal]}: checked ${versionIn(row[THEME])}, installed ${installed}`,
    );
  expect(stale).toEqual([]);
});
