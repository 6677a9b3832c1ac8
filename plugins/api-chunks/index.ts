/**
 * Docusaurus plugin: keeps the API reference's JavaScript small and on the API pages only, in five parts,
 * each named in its guards' messages:
 *
 * - **API code off doc pages**: keeps the OpenAPI theme's modules out of the `common` chunk that every page loads. Docusaurus puts
 *   a module in `common` when more than half of the pages use it; with a page per operation and schema,
 *   the API pages are the majority, so their Markdown and explorer code would reach every doc page.
 *   Configures Docusaurus' `splitChunks` (core lib/webpack/base.js).
 * - **one postman copy**: one copy of each postman package. postman-code-generators' postinstall (`npm/deepinstall.js`)
 *   installs its own postman-collection, lodash, mime-db, iconv-lite and faker under
 *   `codegens/<name>/node_modules`, and each copy would land in the API page's chunk.
 *   {@link ONE_COPY} aliases resolve every import of those packages to the project's root copy.
 * - **stubs**: stubs for what the browser never needs (`stubs/`, each says why): faker's English word lists,
 *   iconv-lite's code pages (TextDecoder does it) and all of crypto-js (SHA1 only). The pages load no postman
 *   code generator: the explorer's samples come from the site's own (src/theme/ApiExplorer/CodeSnippets).
 * - **polyfills kept out**: keeps the Node polyfills the theme provides to every module (`Buffer`, `process`, through webpack's
 *   ProvidePlugin, for its explorer) away from Amplify's sha256 and React, which only test for them,
 *   so they stay out of the JavaScript every page loads first.
 * - **API-page stylesheet**: the theme's stylesheet (lib/theme/styles.scss, most of the CSS a page would block on) on the API
 *   pages only. The theme registers it as a client module, for every page; here that import gets an
 *   empty stylesheet, and this plugin's wrap of ApiItem (./theme/ApiItem) imports it again
 *   ({@link API_STYLES_REQUEST}) into its route chunk's CSS, which ./routeStylesheets.ts links in the API
 *   pages' HTML.
 *
 * Which copy really reached the build is checked after the build (./__tests__/guard.spec.ts reads the
 * module list this plugin writes, rules/buildFiles.ts `BUNDLED_MODULES`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { BUNDLED_MODULES, writeBuildFile } from '../../rules/buildFiles';
import { keepOutOfStylesChunk, resourceOf, type ModuleLike } from '../moduleResource';

/**
 * Packages the browser needs only for the API reference pages: the OpenAPI theme and plugin, and what
 * they alone bring (its Markdown renderer react-markdown with the unified/remark/rehype/micromark
 * family and parse5; its Redux store; its schema merging and tables). MDX pages are compiled at
 * build time, so no doc page runs these in the browser.
 */
const API_ONLY_PACKAGES = [
  'docusaurus-theme-openapi-docs',
  'docusaurus-plugin-openapi-docs',
  'react-markdown',
  'micromark[^\\\\/]*',
  'mdast-[^\\\\/]*',
  'hast-[^\\\\/]*',
  'hastscript',
  'unist-[^\\\\/]*',
  'vfile[^\\\\/]*',
  'unified',
  'remark-[^\\\\/]*',
  'rehype-[^\\\\/]*',
  'parse5',
  'entities',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-url-attributes',
  'web-namespaces',
  'zwitch',
  'trough',
  'bail',
  'devlop',
  'extend',
  'is-plain-obj',
  'trim-lines',
  'ccount',
  'markdown-table',
  'longest-streak',
  'decode-named-character-reference',
  'character-entities[^\\\\/]*',
  'estree-util-[^\\\\/]*',
  'style-to-[^\\\\/]*',
  'inline-style-parser',
  '@reduxjs',
  'react-redux',
  'redux',
  'redux-thunk',
  'html-void-elements',
  'reselect',
  'immer',
  'use-sync-external-store',
  'allof-merge',
  'json-pointer',
  'lodash',
  'crypto-js',
  'pako',
  'postman-[^\\\\/]*',
  // The Node polyfills the theme provides for its explorer (see noNodeGlobals).
  'process',
  'buffer',
  'base64-js',
  'ieee754',
  'path-browserify',
];

/** Modules used only by the API reference pages. */
const API_ONLY = new RegExp(`[\\\\/]node_modules[\\\\/](${API_ONLY_PACKAGES.join('|')})[\\\\/]`);

/** Packages that postman-code-generators installs again under its codegens; the root copy serves all. */
export const ONE_COPY = [
  'postman-collection',
  'postman-url-encoder',
  'lodash',
  'mime-db',
  'mime-format',
  'iconv-lite',
  '@faker-js/faker',
] as const;

const STUBS = path.join(__dirname, 'stubs');

/**
 * Exact-request aliases to the stubs. Webpack-style `$` keys match the request exactly and must come
 * before the package-folder aliases of the same package (resolver aliases are tried in order).
 */
const STUB_ALIASES: Record<string, string> = {
  '@faker-js/faker/locale/en$': path.join(STUBS, 'faker.js'),
  'iconv-lite$': path.join(STUBS, 'iconv-lite.js'),
  'crypto-js$': path.join(STUBS, 'crypto-js.js'),
};

/**
 * Modules that only test for the theme-provided Node globals, with what the global resolves to there.
 * The theme provides `process` as the absolute path of `process/browser`, hence that key.
 */
function noNodeGlobals(siteDir: string) {
  const processBrowser = require.resolve('process/browser', { paths: [siteDir] });
  return [
    {
      test: /[\\/]node_modules[\\/]@aws-crypto[\\/]/,
      resolve: { alias: { buffer$: path.join(STUBS, 'no-buffer.js') } },
    },
    {
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
      resolve: { alias: { [`${processBrowser}$`]: path.join(STUBS, 'no-process.js') } },
    },
  ];
}

/** The theme's stylesheet file, however it is requested. */
const THEME_STYLES_FILE = /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]styles\.scss/;
/**
 * Our own stylesheets for the API pages alone (src/theme/ApiItem/*.css: their accessibility fixes):
 * kept with the ApiItem chunk like the theme's, so they are not in every page's CSS.
 */
const API_PAGE_STYLES_FILE = /[\\/]src[\\/]theme[\\/]ApiItem[\\/][^\\/]+\.css$/;
/** The theme's stylesheet as its client module requests it (absolute path, no query). */
const THEME_STYLES = new RegExp(`${THEME_STYLES_FILE.source}$`);

/** How ./theme/ApiItem imports the theme's stylesheet (the query keeps it from being stubbed). */
export const API_STYLES_REQUEST = 'docusaurus-theme-openapi-docs/lib/theme/styles.scss?api-pages';

/** The root copy's folder of a package, e.g. `<site>/node_modules/lodash`. */
function rootCopy(siteDir: string, name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`, { paths: [siteDir] }));
}

interface CompilerLike {
  hooks: {
    done: { tap(name: string, fn: (stats: { compilation: { modules: Iterable<ModuleLike> } }) => void): void };
  };
}

export default function apiChunksPlugin(context: LoadContext): Plugin {
  const aliases: Record<string, string> = { ...STUB_ALIASES };
  for (const name of ONE_COPY) aliases[name] = rootCopy(context.siteDir, name);

  return {
    name: 'api-chunks',
    getThemePath: () => path.join(__dirname, 'theme'),
    configureWebpack(config, isServer, utils) {
      const common =
        !isServer && config.optimization?.splitChunks ? config.optimization.splitChunks.cacheGroups?.common : undefined;
      if (common && typeof common === 'object') {
        common.test = (module: ModuleLike) => !API_ONLY.test(resourceOf(module));
      } else if (!isServer) {
        // Loud when core renames or drops the cache group: otherwise the API reference's code would
        // silently reach every doc page's first load.
        throw new Error(
          'api-chunks (API code off doc pages): Docusaurus core no longer has ' +
            'optimization.splitChunks.cacheGroups.common (core lib/webpack/base.js); update plugins/api-chunks.',
        );
      }
      // The API pages' import of the theme's stylesheet stays in their chunk (API-page stylesheet).
      keepOutOfStylesChunk(config, isServer, THEME_STYLES_FILE);
      keepOutOfStylesChunk(config, isServer, API_PAGE_STYLES_FILE);
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const plugins: unknown[] = [new NormalModuleReplacementPlugin(THEME_STYLES, path.join(STUBS, 'empty.css'))];
      if (!isServer) {
        plugins.push({
          apply(compiler: CompilerLike) {
            compiler.hooks.done.tap('api-chunks', ({ compilation }) => {
              const files = new Set<string>();
              for (const module of compilation.modules) {
                const resource = module.resource?.split('?')[0];
                if (resource?.includes(`${path.sep}node_modules${path.sep}`)) {
                  files.add(path.relative(context.siteDir, resource).split(path.sep).join('/'));
                }
              }
              writeBuildFile(fs, context.generatedFilesDir, BUNDLED_MODULES, [...files].sort());
            });
          },
        });
      }
      return {
        resolve: { alias: aliases },
        module: { rules: noNodeGlobals(context.siteDir) },
        plugins: plugins as NonNullable<typeof config.plugins>,
      };
    },
  };
}
