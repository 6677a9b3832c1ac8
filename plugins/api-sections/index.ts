/**
 * Docusaurus plugin: an operation page's sections render after it is interactive, in slices, and its
 * descriptions come as the HTML the build rendered.
 *
 * The OpenAPI theme renders an operation's parameters, request body and responses in the browser only, all in
 * the one synchronous commit that follows hydration, and its descriptions through react-markdown. This
 * plugin's wraps (./theme, importing the theme's components as `@theme-init/…`; registered after the themes,
 * plugins/speedup.ts `wrapsThemes`):
 * - ParamsDetails, RequestSchema, ResponseSchema load their code after the page is interactive and render in
 *   a transition, in turns, behind placeholders of about their height (./client/renderInSlices.tsx,
 *   ./client/SchemaPlaceholder.tsx, ./client/schemaHeight.ts);
 * - ApiTabs and, inside the documented sections, SchemaTabs render the selected panel alone; Details renders
 *   a closed `<details>` first rendered in the browser when it is opened;
 * - Markdown shows the HTML `npm run gen-api` rendered with the theme's own renderer
 *   (scripts/openapi/markdownHtml.ts). The server build imports that HTML statically (./theme/Markdown/
 *   renderer.ts), so the page's HTML holds every description; the browser build gets
 *   ./theme/Markdown/renderer.browser.ts in its place (below), which loads the HTML and, for a text the build
 *   did not render, the theme's renderer, on first use.
 *
 * Guarded by ./__tests__/guard.spec.ts (react-markdown not in an API page's first load) and the operation
 * page's long-task budget (tests/e2e/paint.spec.ts).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** ./theme/Markdown's renderer, the server's static variant, as imported (`./renderer` resolves to the file). */
export const MARKDOWN_RENDERER = /[\\/]api-sections[\\/]theme[\\/]Markdown[\\/]renderer(\.ts)?$/;

/** What the browser build gets for {@link MARKDOWN_RENDERER}: the renderer and the HTML loaded on first use. */
export const BROWSER_MARKDOWN_RENDERER = path.join(__dirname, 'theme', 'Markdown', 'renderer.browser.ts');

export default function apiSectionsPlugin(): Plugin {
  return {
    name: 'api-sections',
    getThemePath: () => path.join(__dirname, 'theme'),
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return { plugins: [new NormalModuleReplacementPlugin(MARKDOWN_RENDERER, BROWSER_MARKDOWN_RENDERER)] };
    },
  };
}
