/**
 * @jest-environment node
 *
 * Nothing outside a speed-up's folder imports it, except the one list that registers them
 * (plugins/speedups.ts): deleting a speed-up is deleting its folder and its line. Every source file of the
 * repository is read with TypeScript's own import scanner (`ts.preProcessFile`: `import`, `export … from`,
 * `import()` and `require()`), and each relative or `@site/` import is resolved to the file it names.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as speedups from '../speedups';

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = Object.values(speedups).map(({ manifest }) => manifest.folder);
/** The list that registers the speed-ups: the one file outside them that may import them. */
const LIST = 'plugins/speedups.ts';
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
/** Folders that hold no source of ours (dependencies, build output, generated files). */
const SKIPPED = new Set(['node_modules', 'build', '.docusaurus', '.git', '.tools', 'generated', 'cdk.out', 'dist']);

/** Every source file under `dir`, relative to the repository, `/`-separated. */
function sourceFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** The repository path an import of `file` names, or `undefined` for a package. */
function importedPath(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@site/')) return specifier.slice('@site/'.length);
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/**
 * The imports of `files` (path → source text) that reach into one of the speed-ups' `folders` from outside it.
 *
 * @returns `file → import` lines, e.g. `postbuild/pages.ts → ../plugins/api-chunks/routeStylesheets`.
 */
function outsideImports(files: Record<string, string>, folders: string[]): string[] {
  /** The speed-up folder a repository path lies in (`plugins/<folder>` or below), if any. */
  const speedupOf = (repoPath: string) =>
    folders.find((folder) => repoPath === `plugins/${folder}` || repoPath.startsWith(`plugins/${folder}/`));
  return Object.entries(files).flatMap(([file, text]) => {
    if (file === LIST) return [];
    const own = speedupOf(file);
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((specifier) => {
        const target = importedPath(file, specifier);
        const folder = target && speedupOf(target);
        return folder !== undefined && folder !== own;
      })
      .map((specifier) => `${file} → ${specifier}`);
  });
}

it('finds an import into a speed-up from outside it, and none from inside it or from the list', () => {
  expect(
    outsideImports(
      {
        'postbuild/pages.ts': "import { x } from '../plugins/api-chunks/routeStylesheets';",
        'src/theme/X/index.tsx': "const y = await import('@site/plugins/paint-first/paintFirst');",
        'tests/e2e/x.spec.ts': "const z = require('../../plugins/prism-on-demand');",
        'plugins/api-chunks/speedup.ts': "import apiChunksPlugin from '.';\nimport { a } from '../../rules/firstLoad';",
        [LIST]: "export { default as apiChunks } from './api-chunks/speedup';",
      },
      ['api-chunks', 'paint-first', 'prism-on-demand'],
    ),
  ).toEqual([
    'postbuild/pages.ts → ../plugins/api-chunks/routeStylesheets',
    'src/theme/X/index.tsx → @site/plugins/paint-first/paintFirst',
    'tests/e2e/x.spec.ts → ../../plugins/prism-on-demand',
  ]);
});

it('nothing outside a speed-up’s folder imports it, but the list that registers them', () => {
  expect(FOLDERS).toHaveLength(Object.keys(speedups).length);
  const files = Object.fromEntries(
    sourceFiles().map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')] as const),
  );
  expect(Object.keys(files)).toContain('postbuild/pages.ts');
  expect(outsideImports(files, FOLDERS)).toEqual([]);
});
