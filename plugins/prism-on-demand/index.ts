/**
 * Docusaurus plugin: code highlighting costs a page the grammars of its own code blocks, evaluated when the
 * first one renders, and nothing on a page without code.
 *
 * 1. theme-classic registers `lib/prism-include-languages` as a client module (its `getClientModules`), which
 *    imports prism-react-renderer into `main.js`, the script every page evaluates before it hydrates. This
 *    plugin gives that import an empty module.
 * 2. prism-react-renderer builds ~40 grammars into its Prism when its module is evaluated (104 KB of its
 *    136 KB, 33 KB gzip), whichever a page shows. The loader ./grammarsLoader.js gives the bundles (browser
 *    and server alike, so the server's HTML and the first render agree) the module without them.
 * 3. The same loader appends to every page and component of the site that shows code the grammars of the
 *    languages it uses, found at build time (its fences; a literal `language` of a `CodeBlock`), as prismjs's
 *    component files, the ones `additionalLanguages` would load: a language written in a page needs no
 *    configuration. The OpenAPI theme's code blocks get theirs the same way: the samples of the explorer's
 *    language tabs (`themeConfig.languageTabs`) with its code snippets, which load when it opens; the
 *    bodies' (JSON, XML, shell) with its code block.
 * 4. The components that highlight (this plugin's wraps of theme-classic's CodeBlock/Content and the OpenAPI
 *    theme's ApiExplorer/ApiCodeBlock, in ./theme) have Prism run the registered grammars before they render
 *    (./client/prismLanguages.tsx). The wraps import the themes' components as `@theme-init/…`, and the plugin
 *    is registered after the themes (plugins/speedup.ts `wrapsThemes`).
 *
 * ./__tests__/guard.spec.ts checks that the grammars left `main.js`, that a page without code loads none, and
 * that a page loads those of its languages and no other.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The client module's request, as Docusaurus' generated client-modules.js writes it (an absolute path). */
export const PRISM_CLIENT_MODULE = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

/** What the client module's import gets instead: a module that does nothing. */
export const EMPTY_MODULE = path.join(__dirname, 'empty.js');

/** The loader (see the module's comment). */
export const GRAMMARS_LOADER = path.join(__dirname, 'grammarsLoader.js');

/** prism-react-renderer's bundle, as the bundlers resolve it (its `module` field). */
export const PRISM_REACT_RENDERER = /[\\/]prism-react-renderer[\\/]dist[\\/]index\.mjs$/;

/**
 * The OpenAPI theme's modules whose code blocks' languages are not literals the loader can read: the
 * explorer's code snippets (the language tabs' `highlight`) and the code block every request and response
 * body goes through (`json`, `xml`, or `shell` for other media types, as its ResponseExamples and Body choose).
 */
const OPENAPI_THEME = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]/;
export const EXPLORER_SNIPPETS = new RegExp(`${OPENAPI_THEME.source}CodeSnippets[\\\\/]index\\.js$`);
export const API_CODE_BLOCK = new RegExp(`${OPENAPI_THEME.source}ApiCodeBlock[\\\\/]Content[\\\\/]String\\.js$`);
export const API_BODY_LANGUAGES = ['json', 'xml', 'shell'];

/** The languages of the explorer's language tabs (`themeConfig.languageTabs[].highlight`), if any. */
export function explorerLanguages(themeConfig: Record<string, unknown>): string[] {
  const tabs = themeConfig.languageTabs;
  if (!Array.isArray(tabs)) return [];
  return tabs.flatMap((tab: { highlight?: unknown }) => (typeof tab?.highlight === 'string' ? [tab.highlight] : []));
}

/** The bundler rules of points 2 and 3, for a site in `siteDir`. */
export function grammarRules(siteDir: string, themeConfig: Record<string, unknown>) {
  const loader = (options: object) => [{ loader: GRAMMARS_LOADER, options }];
  return [
    { test: PRISM_REACT_RENDERER, use: loader({ grammars: 'none' }) },
    // After the site's own loaders, on the JavaScript they made of each page and component.
    {
      test: /\.(mdx?|[cm]?[jt]sx?)$/i,
      include: siteDir,
      exclude: /[\\/]node_modules[\\/]/,
      enforce: 'post' as const,
      use: loader({}),
    },
    { test: EXPLORER_SNIPPETS, use: loader({ languages: explorerLanguages(themeConfig) }) },
    { test: API_CODE_BLOCK, use: loader({ languages: API_BODY_LANGUAGES }) },
  ];
}

export default function prismOnDemandPlugin(context: LoadContext): Plugin {
  return {
    name: 'prism-on-demand',
    getThemePath: () => path.join(__dirname, 'theme'),
    configureWebpack(_config, _isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [new NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE, EMPTY_MODULE)],
        module: { rules: grammarRules(context.siteDir, context.siteConfig.themeConfig) },
      };
    },
  };
}
