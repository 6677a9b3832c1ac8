import type { Speedup } from '../speedup';
import apiChunksPlugin from '.';
import { routePathOf } from '../../rules/firstLoad';
import { routeStylesheetsOf, withStylesheets } from './routeStylesheets';

const speedup: Speedup = {
  manifest: {
    folder: 'api-chunks',
    saves: "the API reference's JavaScript and CSS load on API pages only, not in the chunks every page loads",
    internal:
      "core's `splitChunks.cacheGroups.common` and `styles` (3.10.2); the OpenAPI theme's `ProvidePlugin` polyfills (5.2.0)",
    guard:
      'the client build throws naming the common chunk rule when core has no `common` group; `plugins/api-chunks/__tests__/guard.spec.ts` names each part',
    removeWhen: 'Docusaurus lets a plugin keep its modules and stylesheets out of the shared chunks',
    themeWraps: [
      {
        component: 'ApiItem',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'its stylesheet `lib/theme/styles.scss`, imported here for the API pages alone',
      },
    ],
  },
  plugin: apiChunksPlugin,
  wrapsThemes: true,
  pageStep: {
    // First: it reads the page's assets as the build wrote them. The API pages' stylesheets, kept out of the
    // global one, are linked in their HTML so they block the first paint as the global one does.
    order: 10,
    apply: (html, { relative, manifests, assets }) => ({
      html: withStylesheets(html, routeStylesheetsOf(manifests, routePathOf(relative), html, assets), assets),
    }),
  },
};
export default speedup;
