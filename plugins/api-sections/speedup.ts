import type { Speedup } from '../speedup';
import apiSectionsPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'api-sections',
    saves:
      "an operation page's parameters, body and responses render after it is interactive, in turns, in slices, their hidden panels when opened, and their descriptions come as the build's HTML instead of react-markdown",
    internal:
      "the OpenAPI theme's browser-only ParamsDetails/RequestSchema/ResponseSchema, its tabs' `lazy` prop and its Markdown renderer's options (5.2.0); theme-classic's Details hiding a closed one's content (3.10.2)",
    guard:
      '`plugins/api-sections/__tests__/guard.spec.ts` (react-markdown not in first load, layout shift); `plugins/api-sections/__tests__/markdown.spec.ts`',
    removeWhen: 'the OpenAPI theme renders its schemas on the server and its panels lazily',
    themeWraps: [
      {
        component: 'Details',
        theme: '@docusaurus/theme-classic',
        version: '3.10.2',
        declared: 'undeclared',
        leansOn:
          "its `Props`; core's Details hiding a closed one's content (theme-common `Collapsible`); the OpenAPI theme rendering schema properties through `@theme/Details`",
      },
      {
        component: 'ApiTabs',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'its `lazy` prop; `StatusCodes` its one caller',
      },
      {
        component: 'Markdown',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: "its `children` string; its renderer's options, repeated by `scripts/openapi/markdownHtml.ts`",
      },
      {
        component: 'ParamsDetails',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: "rendering in the browser only; its parameters props, read for the placeholder's height",
      },
      {
        component: 'RequestSchema',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: "rendering in the browser only; its body props, read for the placeholder's height",
      },
      {
        component: 'ResponseSchema',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'rendering in the browser only',
      },
      {
        component: 'SchemaTabs',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'its `lazy` prop',
      },
    ],
  },
  plugin: apiSectionsPlugin,
  wrapsThemes: true,
};
export default speedup;
