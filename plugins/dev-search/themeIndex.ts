/**
 * The search bar's index made from the pages as they are (the pages `search_docs` searches:
 * plugins/markdown-export/searchPages.ts), in the layout @easyops-cn/docusaurus-search-local writes into a build
 * (`search-index.json`: one lunr index per kind of document, titles, headings, descriptions, keywords, content),
 * built by the plugin's own `buildIndex` with the options the site gives the plugin ({@link SEARCH_OPTIONS}), so
 * `npm start`'s search bar finds what the built site's finds, from the sources. scripts/with-local-services.ts
 * serves it beside the dev server, and ./index.ts points the bar at it.
 *
 * Internals (@easyops-cn/docusaurus-search-local 0.55.3, its package exports none of them):
 * `dist/server/server/utils/buildIndex` (`buildIndex(documents, config)`), `…/processPluginOptions` (the options
 * as the plugin reads them) and the documents' fields (`i` id, `t` text, `u` URL, `h` anchor, `p` page id, `s`
 * section title, `b` breadcrumb). Guard: {@link loadPluginInternals} throws naming this plugin when one is gone,
 * and ./__tests__/themeIndex.test.ts searches an index made here with the theme's own worker code.
 */
import path from 'node:path';
import type { SearchPage } from '../../rules/contentFiles';
import { SEARCH_OPTIONS } from '../../config/search';

/** A document of the theme's index (the plugin's `SearchDocument`). */
export interface ThemeDocument {
  /** Id, unique in the index; a page's title document and its description share the page's. */
  i: number;
  /** The text searched. */
  t: string;
  /** The page's URL. */
  u: string;
  /** `#anchor` of the section, where it has one. */
  h?: string;
  /** Id of the page's title document. */
  p?: number;
  /** The section's title (or the page's) shown with a hit. */
  s?: string;
  /** The page's breadcrumb, on title documents; the search page reads it as a list. */
  b?: string[];
}

/** What the plugin's internals give. */
interface PluginInternals {
  buildIndex(documents: ThemeDocument[][], config: unknown): { documents: ThemeDocument[]; index: unknown }[];
  processPluginOptions(
    options: unknown,
    context: { siteDir: string; siteConfig: { themeConfig: object } },
  ): {
    docsRouteBasePath: string[];
    blogRouteBasePath: string[];
    indexDocs: boolean;
    indexBlog: boolean;
    indexPages: boolean;
  };
  validateOptions(args: { options: unknown; validate: (schema: unknown, options: unknown) => unknown }): unknown;
}

const PLUGIN = '@easyops-cn/docusaurus-search-local';

/**
 * The plugin's functions this module calls.
 *
 * @throws {Error} naming plugins/dev-search and the file when the plugin no longer has one (after an upgrade).
 */
export function loadPluginInternals(): PluginInternals {
  const root = path.dirname(require.resolve(`${PLUGIN}/package.json`));
  const load = <T>(file: string, name: string): T => {
    let loaded: Record<string, unknown>;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a private file, loaded where it is checked
      loaded = require(path.join(root, file)) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`plugins/dev-search: ${PLUGIN} has no ${file} (${String(error)}): read plugins/README.md`);
    }
    if (typeof loaded[name] !== 'function')
      throw new Error(`plugins/dev-search: ${PLUGIN}'s ${file} no longer exports ${name}: read plugins/README.md`);
    return loaded[name] as T;
  };
  return {
    buildIndex: load('dist/server/server/utils/buildIndex.js', 'buildIndex'),
    processPluginOptions: load('dist/server/server/utils/processPluginOptions.js', 'processPluginOptions'),
    validateOptions: load('dist/server/server/index.js', 'validateOptions'),
  };
}

/** The site's search options as the plugin reads them: its defaults filled in (Joi), then its own processing. */
function pluginConfig(internals: PluginInternals, siteDir: string) {
  const options = internals.validateOptions({
    options: SEARCH_OPTIONS,
    validate: (schema, given) => {
      const { value, error } = (schema as { validate(v: unknown): { value: unknown; error?: Error } }).validate(given);
      if (error) throw error;
      return value;
    },
  });
  return internals.processPluginOptions(options, { siteDir, siteConfig: { themeConfig: {} } });
}

/** The site path of `route`, percent-encoded as a link is (routes are kept decoded). */
const urlOf = (route: string) => encodeURI(route);

/**
 * The theme's five lists of documents for `pages`, in the order its worker reads them (titles, headings,
 * descriptions, keywords, content), for the pages the plugin indexes: docs and API pages (`docsRouteBasePath`),
 * blog posts (`indexBlog`), no other pages (`indexPages` is off).
 */
export function themeDocuments(pages: readonly SearchPage[], indexed: (route: string) => boolean): ThemeDocument[][] {
  const [titles, headings, descriptions, keywords, contents]: ThemeDocument[][] = [[], [], [], [], []];
  let id = 0;
  for (const page of pages) {
    if (!indexed(page.route)) continue;
    const u = urlOf(page.route);
    const p = ++id;
    titles.push({ i: p, t: page.title, u, b: [] });
    if (page.description) descriptions.push({ i: p, t: page.description, s: page.title, u, p });
    for (const section of page.sections) {
      const h = section.anchor ? `#${section.anchor}` : undefined;
      if (section.heading && section.heading !== page.title) headings.push({ i: ++id, t: section.heading, u, h, p });
      const text = [section.text, section.code].filter(Boolean).join('\n');
      if (text) contents.push({ i: ++id, t: text, s: section.heading ?? page.title, u, h, p });
    }
  }
  return [titles, headings, descriptions, keywords, contents];
}

/**
 * The search bar's index of `pages` as JSON, the body of `search-index.json`.
 *
 * @param siteDir - the site's folder (the plugin resolves its docs folders from it).
 * @throws {Error} as {@link loadPluginInternals}.
 */
export function themeSearchIndex(pages: readonly SearchPage[], siteDir: string): string {
  const internals = loadPluginInternals();
  const config = pluginConfig(internals, siteDir);
  const bases = [
    ...(config.indexDocs ? config.docsRouteBasePath : []),
    ...(config.indexBlog ? config.blogRouteBasePath : []),
  ].map((base) => `/${base}`);
  const indexed = (route: string) =>
    config.indexPages || bases.some((base) => route === base || route.startsWith(`${base}/`));
  return JSON.stringify(internals.buildIndex(themeDocuments(pages, indexed), config));
}

/**
 * The index of the pages `pages()` gives, made again only when it gives other pages (a new promise).
 *
 * @returns a function answering the JSON; it rejects as `pages()` does.
 */
export function liveThemeSearchIndex(
  pages: () => Promise<readonly SearchPage[]>,
  siteDir: string,
): () => Promise<string> {
  let made: { of: Promise<readonly SearchPage[]>; json: Promise<string> } | undefined;
  return () => {
    const current = pages();
    if (made?.of !== current) made = { of: current, json: current.then((list) => themeSearchIndex(list, siteDir)) };
    return made.json;
  };
}
