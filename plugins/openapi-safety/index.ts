/**
 * Docusaurus plugin: the OpenAPI theme's Markdown renderer sanitizes every text it renders. The theme
 * (docusaurus-theme-openapi-docs 5.2.0, `lib/theme/Markdown`) renders its texts with react-markdown and
 * rehype-raw, which keeps raw HTML, and offers no option to add a plugin; its import of `rehype-raw`, and
 * only that module's, resolves to ./client/rehypeRawSanitized.ts (a bundler rule scoped by issuer), in the
 * browser's and the server's bundle alike. Not a speed-up: the product's safety, whatever speed-ups are on.
 *
 * Also here: the page generators the OpenAPI plugin is given (./generators.ts). After generation,
 * scripts/openapi/pageCheck.ts reads every generated page as Docusaurus will.
 *
 * Internal: the theme's Markdown module importing `rehype-raw` by that name (5.2.0). Guard:
 * plugins/openapi-safety/__tests__/rehypeRawSanitized.test.ts fails naming this plugin when the theme's
 * module no longer imports it; tests/e2e/hostile-description.spec.ts opens pages whose texts the browser
 * renders from a hostile description.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The folder of the theme's Markdown component, whose `rehype-raw` import is replaced. */
export const THEME_MARKDOWN_DIR = path.join(
  path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')),
  'lib',
  'theme',
  'Markdown',
);

/** What that import resolves to. */
export const SANITIZING_RAW = path.join(__dirname, 'client', 'rehypeRawSanitized.ts');

export default function openApiSafetyPlugin(): Plugin {
  return {
    name: 'openapi-safety',
    configureWebpack() {
      return {
        module: { rules: [{ issuer: THEME_MARKDOWN_DIR, resolve: { alias: { 'rehype-raw$': SANITIZING_RAW } } }] },
      };
    },
  };
}
