/**
 * Docusaurus plugin: after hydration, `useIsBrowser()` turns true in a transition, rendered in slices
 * instead of one long task (issue #9; see src/components/BrowserContextProvider).
 *
 * Core's App imports its provider as `./browserContext`; that one request gets the site's provider,
 * which renders core's own context (`useIsBrowser` still imports it from core), so the two cannot
 * disagree. Checked by src/components/BrowserContextProvider/__tests__ and, in the built site, by the
 * e2e hydration tests (tests/e2e/paint.spec.ts).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** How core's lib/client/App.js requests its provider. */
export const CORE_PROVIDER_REQUEST = /^\.\/browserContext$/;

export default function browserContextPlugin(context: LoadContext): Plugin {
  const provider = path.join(context.siteDir, 'src', 'components', 'BrowserContextProvider', 'index.tsx');
  return {
    name: 'browser-context',
    configureWebpack(_config, _isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            CORE_PROVIDER_REQUEST,
            (resource: { context?: string; request: string }) => {
              // Only core's own import (lib/client/App.js); the context module itself stays core's.
              if (resource.context?.split(path.sep).join('/').endsWith('/@docusaurus/core/lib/client')) {
                resource.request = provider;
              }
            },
          ),
        ],
      };
    },
  };
}
