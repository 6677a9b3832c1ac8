// @ts-check
/**
 * The bundler loader of plugins/prism-on-demand (CommonJS: the bundler requires it by path, outside the
 * TypeScript the site config is loaded with). Two jobs, chosen by its options (index.ts sets the rules):
 *
 * - `{ grammars: 'none' }`, on prism-react-renderer's `dist/index.mjs`: the module without the ~40 grammars it
 *   builds into its own Prism when evaluated (the `src/prism-langs.ts` part of its bundle, 104 KB of 136 KB),
 *   and without its 20 bundled colour themes but `vsDark`, `Highlight`'s default (3 KB gzip, kept by the bundler
 *   because the module exports them as one object): the site's themes reach the browser in its config
 *   (`themeConfig.prism`), read in Node from the whole package, and no browser code reads the `themes` export,
 *   which is left empty. So `Highlight` and `Prism` cost a page only Prism's core. Throws, naming the speed-up,
 *   when the file no longer has those parts where this loader expects them (prism-react-renderer 2.4.1's
 *   layout).
 * - `{ languages?: string[] }`, on the site's modules: appends to the module the Prism grammars its code blocks
 *   need, with their dependencies, so they load with the page (or component) that shows them and no other. The
 *   languages are `options.languages` plus those the module's code names: in a Markdown or MDX page, its fences
 *   (`className: "language-json"` once compiled) and, in any module that imports `@theme/CodeBlock` (or the
 *   OpenAPI theme's `@theme/ApiExplorer/ApiCodeBlock`), a literal
 *   `language: "bash"` prop. Each grammar is prismjs's own component file (`prismjs/components/prism-<id>.js`),
 *   the one Docusaurus' `additionalLanguages` loads, found by name or alias in prismjs's `components.json` and
 *   ordered by its `dependencies.js`; a language prismjs does not know (`text`) needs none.
 *
 * The appended code only registers the grammars (client/prismLanguages.tsx `addPrismGrammars`); they run on
 * Prism when a code block first renders.
 */
const path = require('node:path');
/** @type {{ languages: Record<string, { alias?: string | string[] } | string> }} */
const components = require('prismjs/components.js');
const getLoader = require('prismjs/dependencies.js');

const SPEEDUP = 'prism-on-demand';

/** Where prism-react-renderer's bundle builds its grammars: from here… */
const GRAMMARS_START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
/** …to here (its themes follow). */
const GRAMMARS_END = '// src/themes/index.ts\n';
/** Its themes run from GRAMMARS_END to here (its components follow); `Highlight`'s default theme is kept. */
const THEMES_END = '// src/index.ts\n';
const DEFAULT_THEME = '// src/themes/vsDark.ts\n';
/** The section after the default theme's. */
const DEFAULT_THEME_END = '// src/themes/';

/** The registry the appended code calls (client/prismLanguages.tsx). */
const REGISTRY = path.join(__dirname, 'client', 'prismLanguages');

/** Longest language name read from a module, in characters: prismjs's longest id is under 30. */
const MAX_NAME = 40;

/** A fence's language once the Markdown is compiled (`<code className="language-json">`). */
const FENCE = new RegExp(`\\bclassName:\\s*"language-([\\w+#.-]{1,${MAX_NAME}})"`, 'g');
/** A literal `language` prop of a JSX element, once compiled (`jsx(CodeBlock, { language: "bash" })`). */
const LANGUAGE_PROP = new RegExp(`\\blanguage:\\s*"([\\w+#.-]{1,${MAX_NAME}})"`, 'g');

/** prismjs component id of every name and alias, lower case (`sh` → `bash`, `ts` → `typescript`). */
const idByName = new Map();
for (const [id, entry] of Object.entries(components.languages)) {
  if (id === 'meta' || typeof entry !== 'object') continue;
  idByName.set(id.toLowerCase(), id);
  for (const alias of [entry.alias ?? []].flat()) idByName.set(alias.toLowerCase(), id);
}

/**
 * prism-react-renderer's module without its bundled grammars (see the file's comment).
 *
 * @param {string} source - `prism-react-renderer/dist/index.mjs`.
 * @returns {string}
 * @throws {Error} naming the speed-up when the grammars are not where prism-react-renderer 2.4.1 builds them.
 */
function withoutBundledGrammars(source) {
  const start = source.indexOf(GRAMMARS_START);
  const end = source.indexOf(GRAMMARS_END, start + 1);
  if (start < 0 || end < 0 || source.indexOf(GRAMMARS_START, start + 1) >= 0)
    throw new Error(
      `${SPEEDUP}: prism-react-renderer's bundle no longer builds its grammars between "// src/prism-langs.ts" and ` +
        `"// src/themes/index.ts" (checked with 2.4.1); see plugins/README.md before upgrading it.`,
    );
  return source.slice(0, start + GRAMMARS_START.length) + source.slice(end);
}

/**
 * prism-react-renderer's module without its bundled themes but `Highlight`'s default, `vsDark`; its `themes`
 * export is an empty object (see the file's comment).
 *
 * @param {string} source - `prism-react-renderer/dist/index.mjs`.
 * @returns {string}
 * @throws {Error} naming the speed-up when the themes are not where prism-react-renderer 2.4.1 builds them.
 */
function withoutBundledThemes(source) {
  const start = source.indexOf(GRAMMARS_END);
  const end = source.indexOf(THEMES_END, start + 1);
  const kept = source.indexOf(DEFAULT_THEME, start + 1);
  const keptEnd = source.indexOf(DEFAULT_THEME_END, kept + DEFAULT_THEME.length);
  if (start < 0 || end < 0 || kept < 0 || kept > end || keptEnd < 0 || keptEnd > end)
    throw new Error(
      `${SPEEDUP}: prism-react-renderer's bundle no longer builds its themes between "// src/themes/index.ts" and ` +
        `"// src/index.ts", vsDark among them (checked with 2.4.1); see plugins/README.md before upgrading it.`,
    );
  return (
    source.slice(0, start) +
    `${GRAMMARS_END}var themes_exports = {};\n\n` +
    source.slice(kept, keptEnd) +
    source.slice(end)
  );
}

/**
 * The languages a compiled module's code blocks use, as written (`json`, `sh`).
 *
 * @param {string} code - the module after the site's loaders (MDX or TypeScript compiled to JavaScript).
 * @param {boolean} markdown - whether the module is a Markdown or MDX page (its fences count).
 * @returns {string[]}
 */
function languagesIn(code, markdown) {
  const found = [];
  if (markdown) for (const match of code.matchAll(FENCE)) found.push(match[1]);
  if (code.includes('@theme/CodeBlock') || code.includes('@theme/ApiExplorer/ApiCodeBlock'))
    for (const match of code.matchAll(LANGUAGE_PROP)) found.push(match[1]);
  return found;
}

/**
 * prismjs component ids for `languages`, each after those it needs (`tsx` → markup, clike, javascript,
 * typescript, jsx, tsx); names prismjs does not know are left out.
 *
 * @param {string[]} languages - names or aliases, any case.
 * @returns {string[]}
 */
function grammarsFor(languages) {
  const ids = [...new Set(languages.map((name) => idByName.get(name.toLowerCase())).filter(Boolean))];
  return ids.length === 0 ? [] : getLoader(components, ids).getIds();
}

/**
 * The code that registers `ids`' grammars: each a function that evaluates prismjs's component file (which
 * extends the global `Prism` the registry sets while it runs).
 *
 * @param {string[]} ids - prismjs component ids, in load order.
 * @returns {string}
 */
function registration(ids) {
  const entries = ids.map(
    (id) => `[${JSON.stringify(id)}, function () { require(${JSON.stringify(`prismjs/components/prism-${id}.js`)}); }]`,
  );
  return `\n;require(${JSON.stringify(REGISTRY)}).addPrismGrammars([${entries.join(', ')}]);\n`;
}

/**
 * @this {{ getOptions(): { grammars?: 'none', languages?: string[] }, resourcePath: string }}
 * @param {string} source
 * @returns {string}
 */
function grammarsLoader(source) {
  const options = this.getOptions();
  if (options.grammars === 'none') return withoutBundledThemes(withoutBundledGrammars(source));
  const markdown = /\.mdx?$/i.test(this.resourcePath);
  const ids = grammarsFor([...(options.languages ?? []), ...languagesIn(source, markdown)]);
  return ids.length === 0 ? source : source + registration(ids);
}

module.exports = grammarsLoader;
module.exports.withoutBundledGrammars = withoutBundledGrammars;
module.exports.withoutBundledThemes = withoutBundledThemes;
module.exports.languagesIn = languagesIn;
module.exports.grammarsFor = grammarsFor;
