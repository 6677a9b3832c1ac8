/**
 * `npm start`'s search bar searches the sources. @easyops-cn/docusaurus-search-local indexes the built HTML after
 * a build, and its browser code searches only in a production bundle: under the dev server its bar answers "The
 * search index is only available when you run docusaurus build!" to every query. Its options offer nothing for the
 * dev server, so in the dev server's browser bundle (never a build) this plugin replaces two of its modules:
 *
 * - `theme/searchByWorker.js`, imported by its SearchBar and SearchPage, by ./client/searchByWorker.ts: the
 *   plugin's own search worker (`theme/worker.js`, through ./client/searchWorker.ts) in development too, and a new
 *   one after each hot update, so a search after a writer saves loads the index again;
 * - `theme/SearchBar/EmptyTemplate.js` by ./client/EmptyTemplate.ts: "No results", as in a build.
 *
 * The index itself (`/search-index.json`, rules/buildFiles.ts `SITE_SEARCH_INDEX_PATH`) is made from the sources
 * as they are by ./themeIndex.ts, served by the MCP server scripts/with-local-services.ts starts beside the dev
 * server (server/listen.ts `listenMcpDev`), behind the same sign-in, and proxied to it from here. Without that
 * server (`docusaurus start` alone) the index cannot be fetched and the bar stays empty, and records nothing.
 *
 * Internals (0.55.3): the two modules' paths and names (`fetchIndexesByWorker`, `searchByWorker`,
 * `EmptyTemplate`) and the worker's `SearchWorker` API (`fetchIndexes`, `search`). Guard: when a dev compilation
 * holds the theme's SearchBar but not the replacement, the dev server prints an error naming this plugin
 * ({@link replacesSearchWorker}); tests/e2e/dev-server.spec.ts searches for a word a writer has just added.
 * Remove when the plugin searches under the dev server itself (plugins/README.md).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { SITE_SEARCH_INDEX_PATH } from '../../rules/buildFiles';

/** The theme folder of @easyops-cn/docusaurus-search-local, whose modules are replaced. */
export const SEARCH_THEME_DIR = path.join(
  path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json')),
  'dist',
  'client',
  'client',
  'theme',
);

/** The replacements, by the request the theme's modules make and the folders they make it from. */
export const REPLACEMENTS: readonly { request: string; from: readonly string[]; by: string }[] = [
  {
    request: '../searchByWorker',
    from: [path.join(SEARCH_THEME_DIR, 'SearchBar'), path.join(SEARCH_THEME_DIR, 'SearchPage')],
    by: path.join(__dirname, 'client', 'searchByWorker.ts'),
  },
  {
    request: './EmptyTemplate',
    from: [path.join(SEARCH_THEME_DIR, 'SearchBar')],
    by: path.join(__dirname, 'client', 'EmptyTemplate.ts'),
  },
];

/**
 * Whether a compilation holding the theme's search bar holds the replacements too: the guard, read from the
 * modules' files (a `?query` dropped).
 */
export function replacesSearchWorker(resources: Iterable<string | undefined>): boolean {
  const files = new Set([...resources].map((resource) => resource?.split('?')[0]));
  const bar = files.has(path.join(SEARCH_THEME_DIR, 'SearchBar', 'SearchBar.jsx'));
  return !bar || REPLACEMENTS.every((replacement) => files.has(replacement.by));
}

/** The bundler's compiler, as much as the guard taps. */
interface CompilerLike {
  hooks: {
    done: {
      tap(name: string, fn: (stats: { compilation: { modules: Iterable<{ resource?: string }> } }) => void): void;
    };
  };
}

/**
 * The plugin for the MCP server on `port` (config/env.ts `mcp.devPort`), which serves the index under `npm start`.
 *
 * @returns a Docusaurus plugin module (a function of the load context).
 */
export default function devSearch(port: number): () => Plugin {
  return () => ({
    name: 'dev-search',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'development') return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /^(?:\.\.\/searchByWorker|\.\/EmptyTemplate)$/,
            (resource: { context?: string; request: string }) => {
              const replacement = REPLACEMENTS.find(
                (entry) => entry.request === resource.request && entry.from.includes(resource.context ?? ''),
              );
              if (replacement) resource.request = replacement.by;
            },
          ),
          {
            apply(compiler: CompilerLike) {
              compiler.hooks.done.tap('dev-search', ({ compilation }) => {
                if (!replacesSearchWorker([...compilation.modules].map((module) => module.resource)))
                  console.error(
                    '[dev-search] @easyops-cn/docusaurus-search-local no longer imports ../searchByWorker or ' +
                      './EmptyTemplate as plugins/dev-search replaces them: the search bar of npm start finds ' +
                      'nothing (plugins/README.md).',
                  );
              });
            },
          },
        ],
        // The index comes from the MCP server beside the dev server, as /mcp does (plugins/mcp-dev-proxy).
        devServer: { proxy: [{ context: [SITE_SEARCH_INDEX_PATH], target: `http://localhost:${port}` }] },
      } as object;
    },
  });
}
