/**
 * Docusaurus plugin: two of core's client modules replaced by the site's, for less main-thread work on
 * every page (issue #9). Each replaces one relative import inside core's `lib/client` folder, so only
 * core's own use changes; the site's module imports core's original where it builds on it.
 *
 * | core file (imports)            | replaced by                                  | why                          |
 * |--------------------------------|----------------------------------------------|------------------------------|
 * | App.js (`./browserContext`)    | src/components/BrowserContextProvider        | `useIsBrowser()` flips in a transition |
 * | docusaurus.js (`./prefetch`)   | src/lib/prefetchOnce.ts                      | one prefetch per chunk URL   |
 *
 * Checked by their unit tests and, in the built site, by the e2e hydration and navigation tests.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Core's relative request → the site file that answers it, relative to the site directory. */
export const CORE_CLIENT_REPLACEMENTS: Readonly<Record<string, string>> = {
  './browserContext': 'src/components/BrowserContextProvider/index.tsx',
  './prefetch': 'src/lib/prefetchOnce.ts',
};

const CORE_CLIENT_DIR = '/@docusaurus/core/lib/client';

export default function coreClientPlugin(context: LoadContext): Plugin {
  const requests = new RegExp(
    `^(${Object.keys(CORE_CLIENT_REPLACEMENTS)
      .map((request) => request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|')})$`,
  );
  return {
    name: 'core-client',
    configureWebpack(_config, _isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(requests, (resource: { context?: string; request: string }) => {
            if (resource.context?.split(path.sep).join('/').endsWith(CORE_CLIENT_DIR)) {
              resource.request = path.join(context.siteDir, CORE_CLIENT_REPLACEMENTS[resource.request]);
            }
          }),
        ],
      };
    },
  };
}
