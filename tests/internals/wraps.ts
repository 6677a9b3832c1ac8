/**
 * The site's theme wraps: each file of a theme folder of the site (`src/theme`, and each plugin's `theme/`
 * given by its `getThemePath`) that imports the component it shadows as `@theme-original/X` or `@theme-init/X`
 * (docusaurus.io/docs/swizzling "Wrapping").
 */
import fs from 'node:fs';
import path from 'node:path';
import { codeFiles, importsOf, ROOT } from './sources';

/** One wrap of a theme component. */
export interface ThemeWrap {
  /** The wrapped component, as `@theme/` names it (`CodeBlock/Content`). */
  component: string;
  /** How the wrap imports it: the component below the site's own (`@theme-original`) or the first theme's (`@theme-init`). */
  alias: '@theme-original' | '@theme-init';
  /** Where the wrap lives: `<theme folder>/<component>` (`src/theme/Layout`), or the file when it lives elsewhere. */
  location: string;
  /** The files of the wrap that import the component, relative to the repository. */
  files: string[];
}

/** The site's theme folders: `src/theme` and every `plugins/<name>/theme`. */
export function siteThemeFolders(): string[] {
  const plugins = fs
    .readdirSync(path.join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(ROOT, 'plugins', entry.name, 'theme')))
    .map((entry) => `plugins/${entry.name}/theme`);
  return ['src/theme', ...plugins.sort()];
}

const WRAP_ALIAS = /^(@theme-original|@theme-init)\/(.+)$/;

/** Every theme wrap of the site, sorted by location. */
export function findWraps(folders: string[] = siteThemeFolders()): ThemeWrap[] {
  const wraps = new Map<string, ThemeWrap>();
  for (const folder of folders) {
    for (const file of codeFiles(folder).filter((f) => !f.includes('/__tests__/'))) {
      const own = file.slice(folder.length + 1).replace(/\.[^/.]+$/, '');
      for (const { specifier } of importsOf(file, (s) => WRAP_ALIAS.test(s))) {
        const [, alias, component] = WRAP_ALIAS.exec(specifier) as unknown as [string, ThemeWrap['alias'], string];
        const inPlace = own === component || own === `${component}/index` || own.startsWith(`${component}/`);
        const location = inPlace ? `${folder}/${component}` : file;
        const key = `${alias} ${component} ${location}`;
        const wrap = wraps.get(key) ?? { component, alias, location, files: [] };
        wrap.files.push(file);
        wraps.set(key, wrap);
      }
    }
  }
  return [...wraps.values()].sort((a, b) => a.location.localeCompare(b.location));
}
