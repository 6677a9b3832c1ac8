/**
 * Docusaurus plugin: Prism (code highlighting) loads with the pages that show code, not with every page.
 *
 * theme-classic registers `lib/prism-include-languages` as a client module (its `getClientModules`),
 * which imports prism-react-renderer and its dozens of grammars into `main.js`, the script every page
 * evaluates before it hydrates, where they are a large part of its evaluation. This plugin gives that
 * import an empty module; the components that highlight (this plugin's wraps of theme-classic's
 * CodeBlock/Content and the OpenAPI theme's ApiExplorer/ApiCodeBlock, in ./theme) register the additional
 * languages themselves, through ./client/prismLanguages.tsx, so Prism lands in their chunks and is evaluated on
 * the first render of a code block. The wraps import the themes' components as `@theme-init/…`, and the
 * plugin is registered after the themes (plugins/speedup.ts `wrapsThemes`). Whether Prism left `main.js`
 * is checked by ./__tests__/guard.spec.ts.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The client module's request, as Docusaurus' generated client-modules.js writes it (an absolute path). */
export const PRISM_CLIENT_MODULE = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

/** What the client module's import gets instead: a module that does nothing. */
export const EMPTY_MODULE = path.join(__dirname, 'empty.js');

export default function prismOnDemandPlugin(): Plugin {
  return {
    name: 'prism-on-demand',
    getThemePath: () => path.join(__dirname, 'theme'),
    configureWebpack(_config, _isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return { plugins: [new NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE, EMPTY_MODULE)] };
    },
  };
}
