/**
 * @jest-environment node
 *
 * Every theme wrap of the site (src/theme and each plugin's theme folder) of a component its theme does not
 * declare safe to wrap (theme-classic's `getSwizzleConfig`; a theme without one, like
 * docusaurus-theme-openapi-docs and @easyops-cn/docusaurus-search-local, declares nothing) has its row: the
 * product's in plugins/README.md, "Internals the product leans on" → {@link TITLE}; a speed-up's in its manifest
 * (plugins/speedup.ts `themeWraps`), so deleting its folder takes its rows with it. After a theme upgrade this
 * test names each wrap whose component is gone or has moved to another theme, and each row whose checked version
 * is not the installed one, so the wraps to read again are listed before any end-to-end test fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codeSpans, differences, MAP_FILE, readTable, versionIn, type Row } from './map';
import { installedVersion, ROOT } from './sources';
import {
  LIBRARY_THEMES,
  providerOf,
  themeDir,
  wrapDeclaration,
  type LibraryTheme,
  type WrapDeclaration,
} from './themes';
import { findWraps, type ThemeWrap } from './wraps';
import * as speedups from '../../plugins/speedups';

const TITLE = 'Theme wraps not declared safe to wrap';
const COMPONENT = 'Wrapped component';
const THEME = 'Theme (version checked)';
const DECLARED = 'Declared wrap';
const WRAP = 'Wrap';

/** A wrap with the theme that provides its component (none when gone) and what the theme declares. */
interface Resolved extends ThemeWrap {
  theme?: LibraryTheme;
  declared?: WrapDeclaration;
}

const wraps: Resolved[] = findWraps().map((wrap) => {
  const theme = providerOf(wrap.alias, wrap.component);
  return { ...wrap, theme, declared: theme && wrapDeclaration(theme, wrap.component) };
});
/** A speed-up's wraps, as rows of the map's table. */
const speedupRows: Row[] = Object.values(speedups).flatMap(({ manifest }) =>
  (manifest.themeWraps ?? []).map((wrap) => ({
    [COMPONENT]: `\`${wrap.component}\``,
    [THEME]: `\`${wrap.theme}\` ${wrap.version}`,
    [DECLARED]: `\`${wrap.declared}\``,
    [WRAP]: `\`plugins/${manifest.folder}/theme/${wrap.component}\``,
    source: `plugins/${manifest.folder}/speedup.ts`,
  })),
);
const rows = [...readTable(TITLE), ...speedupRows];
const themeLabel = (theme: LibraryTheme) => `${theme.package} ${installedVersion(theme.package)}`;
/** The row that lists `wrap`: for its component and theme, with its location among the row's wraps. */
const rowOf = (wrap: ThemeWrap, theme: LibraryTheme) =>
  rows.find(
    (row) =>
      codeSpans(row[COMPONENT])[0] === wrap.component &&
      codeSpans(row[THEME])[0] === theme.package &&
      codeSpans(row[WRAP]).includes(wrap.location),
  );
const rowLabel = (row: Row) => `${row.source ?? MAP_FILE} row \`${codeSpans(row[COMPONENT])[0]}\` (${row[THEME]})`;
const notSafe = wraps.filter((wrap) => wrap.declared !== 'safe');

test('the themes are stacked as docusaurus.config.ts registers them, and each has its component folder', () => {
  const config = fs.readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
  expect(config).toMatch(/presets: \[\s*\[\s*'classic'/);
  const themes = config.indexOf('\n  themes: [');
  const at = (name: string) => config.indexOf(`'${name}'`, themes);
  expect(themes).toBeGreaterThan(0);
  expect(at('docusaurus-theme-openapi-docs')).toBeGreaterThan(themes);
  expect(at('@easyops-cn/docusaurus-search-local')).toBeGreaterThan(at('docusaurus-theme-openapi-docs'));
  const missing = LIBRARY_THEMES.filter((theme) => !fs.existsSync(themeDir(theme))).map(
    (theme) => `${themeLabel(theme)} has no ${theme.themePath}: its components moved (see its getThemePath)`,
  );
  expect(missing).toEqual([]);
});

test('every wrapped component is still provided by a theme', () => {
  const versions = LIBRARY_THEMES.map(themeLabel).join(', ');
  const gone = wraps
    .filter((wrap) => !wrap.theme)
    .map((wrap) => `${wrap.location} wraps ${wrap.alias}/${wrap.component}, which no theme provides (${versions})`);
  expect(gone).toEqual([]);
});

test('every wrap of a component not declared safe to wrap has its row', () => {
  const unmapped = notSafe.flatMap(({ theme, ...wrap }) =>
    theme && !rowOf(wrap, theme)
      ? [
          `${wrap.location} wraps \`${wrap.component}\` of ${themeLabel(theme)} (wrap: ${wrap.declared}) ` +
            `and has no row in ${MAP_FILE} "${TITLE}" (a speed-up's wrap: in its manifest's \`themeWraps\`)`,
        ]
      : [],
  );
  expect(unmapped).toEqual([]);
});

test('every row is a wrap not declared safe, in the theme, place and declaration it names', () => {
  const wrong = rows.flatMap((row) => {
    const [component] = codeSpans(row[COMPONENT]);
    const [pkg] = codeSpans(row[THEME]);
    // A component wrapped both by the product and by a speed-up has a row in each place: each row answers
    // for the wraps no other row of the component lists.
    const listedElsewhere = new Set(
      rows
        .filter((other) => other !== row && codeSpans(other[COMPONENT])[0] === component)
        .flatMap((other) => codeSpans(other[WRAP])),
    );
    const mine = notSafe.filter(
      (wrap) => wrap.component === component && wrap.theme?.package === pkg && !listedElsewhere.has(wrap.location),
    );
    if (!mine.length) {
      const [other] = wraps.flatMap(({ theme, declared, ...wrap }) =>
        wrap.component === component && theme && declared ? [{ theme, declared }] : [],
      );
      const installed = LIBRARY_THEMES.some((theme) => theme.package === pkg) ? installedVersion(pkg) : 'not a theme';
      const why = !other
        ? wraps.some((wrap) => wrap.component === component)
          ? `${pkg} ${installed} no longer provides it (the wrap's own failure names it)`
          : 'no wrap of it is left: drop the row'
        : other.declared === 'safe'
          ? `${themeLabel(other.theme)} declares it safe to wrap: drop the row`
          : `its wrap's component is ${themeLabel(other.theme)}'s (wrap: ${other.declared}): name that theme`;
      return [`${rowLabel(row)}: ${why}`];
    }
    const declared = row[DECLARED].replace(/`/g, '');
    return [
      ...(declared === mine[0].declared
        ? []
        : [`${rowLabel(row)}: declared \`${mine[0].declared}\`, the row says ${declared}`]),
      ...differences(`${rowLabel(row)} ${WRAP}`, codeSpans(row[WRAP]), new Set(mine.map((wrap) => wrap.location))),
    ];
  });
  expect(wrong).toEqual([]);
});

test("every row's version is the installed version of its theme (read the wraps again after an upgrade)", () => {
  const stale = rows.flatMap((row) => {
    const [pkg] = codeSpans(row[THEME]);
    const installed = LIBRARY_THEMES.some((theme) => theme.package === pkg) ? installedVersion(pkg) : 'not a theme';
    return versionIn(row[THEME]) === installed
      ? []
      : [`${rowLabel(row)}: checked ${versionIn(row[THEME])}, installed ${installed}`];
  });
  expect(stale).toEqual([]);
});
