/**
 * The byte budgets of ./budgets.json: first-load JavaScript per page and the global stylesheet,
 * and a built site's figures against them; and the budgets at scale: how much
 * a page's first load may grow when the content is three times today's. tests/e2e/budgets.spec.ts checks
 * them all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from '../../bench/sites/anchors';
import { firstLoad } from '../../bench/measure/firstLoad';
import budgets from './budgets.json';

type AnchorName = keyof typeof budgets.anchor & ('home' | 'doc');

/** A budgeted page: its path, and the most JavaScript (bytes, each file gzip -9) it may load before it hydrates. */
export interface FirstLoadBudget {
  path: string;
  limit: number;
}

/**
 * Each page of budgets.json with its limit: its own `ratio` times its anchor page's figure (home and doc page,
 * against the plain Docusaurus scaffold), or its own `maxBytes` (the API operation page).
 */
export const FIRST_LOAD_BUDGETS: FirstLoadBudget[] = budgets.pages.map((page) => ({
  path: page.path,
  limit:
    'anchor' in page
      ? Math.floor(budgets.anchor[page.anchor as AnchorName].jsGzipBytes * (page as { ratio: number }).ratio)
      : (page as { maxBytes: number }).maxBytes,
}));

/** A budgeted page of a built site: its first-load JavaScript (bytes, gzip -9) and how many files that is. */
export interface FirstLoadFigure extends FirstLoadBudget {
  jsGzip: number;
  jsFiles: number;
}

/**
 * The first-load JavaScript of `page` in the site built in `siteDir` (bench/measure/firstLoad.ts).
 *
 * @throws {Error} when the build lacks the page or its manifests.
 */
export function firstLoadFigure(siteDir: string, page: FirstLoadBudget): FirstLoadFigure {
  const { jsGzip, files } = firstLoad(siteDir, page.path);
  return { ...page, jsGzip, jsFiles: files.filter((file) => file.endsWith('.js')).length };
}

/** The most the stylesheet every page links may weigh (bytes, gzip -9). */
export const GLOBAL_CSS_BUDGET = budgets.css.globalGzipBytes;

/**
 * The text of the stylesheet every page links (Docusaurus' `styles` cache group), as the home page's HTML
 * of the site built in `siteDir` names it.
 *
 * @throws {Error} when the home page links no `styles.<hash>.css`.
 */
export function globalStylesheet(siteDir: string): string {
  const html = fs.readFileSync(path.join(siteDir, 'build/index.html'), 'utf8');
  const href = /<link rel="?stylesheet"? href="?(\/assets\/css\/styles\.[0-9a-f]+\.css)/.exec(html)?.[1];
  if (!href) throw new Error(`${siteDir}/build/index.html links no styles.<hash>.css`);
  return fs.readFileSync(path.join(siteDir, 'build', href), 'utf8');
}

/** The budgets at scale (budgets.json `atScale`), and where `npm run build:scale` builds that site. */
export const SCALE_BUDGETS = {
  /** The content's size, in multiples of today's (bench/sites/scale.ts). */
  factor: budgets.atScale.factor,
  /** The most a budgeted page's first-load JavaScript may be at that size, as a multiple of today's. */
  growth: budgets.atScale.growth,
  /** The site built at that size (git-ignored with `.bench/`). */
  siteDir: path.join(BENCH_DIR, 'scale-budgets'),
};
