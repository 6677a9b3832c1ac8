/**
 * The site `npm run build` left in the working tree, read as the size budgets and the speed-ups' build
 * guards read it: a built file's text, a page's first-load files (bench/measure/firstLoad.ts) and the build
 * files of rules/buildFiles.ts. Throws naming the file when the build lacks it (run `npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstLoad } from '../../bench/measure/firstLoad';
import { readBuildFile, type BuildFile } from '../../rules/buildFiles';

/** The site's folder (holds `build/` and `.docusaurus/`). */
export const SITE = path.resolve(__dirname, '../..');

/** The text of a file of the build output, e.g. `/assets/js/main.1a2b.js` or `sign-in-assets.json`. */
export const builtText = (file: string): string => fs.readFileSync(path.join(SITE, 'build', file), 'utf8');

/** A build file of the site's build (rules/buildFiles.ts), from the folder it lives in. */
export const builtFile = <T>(file: BuildFile<T>): T =>
  readBuildFile(fs, path.join(SITE, file.folder === 'build' ? 'build' : '.docusaurus'), file);

/** A page's first-load files of one kind (`.css` or `.js`), site-absolute. */
export const firstLoadFilesOf = (pagePath: string, extension: '.css' | '.js'): string[] =>
  firstLoad(SITE, pagePath).files.filter((file) => file.endsWith(extension));

/** The text of a page's first-load files of one kind, joined. */
export const firstLoadText = (pagePath: string, extension: '.css' | '.js'): string =>
  firstLoadFilesOf(pagePath, extension).map(builtText).join('\n');
