import type { Speedup } from '../speedup';
import prismOnDemandPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'prism-on-demand',
    saves:
      'Prism loads with the pages that show code, not in `main.js`, and each page only the grammars of its code blocks’ languages, found at build time, without prism-react-renderer’s 20 bundled colour themes',
    internal:
      "theme-classic's `lib/prism-include-languages` client module, replaced by an empty one (3.10.2); prism-react-renderer's `dist/index.mjs` layout, its grammars and themes but `vsDark` cut (2.4.1); two OpenAPI theme paths (5.2.0)",
    guard:
      '`grammarsLoader.js` fails the build naming the speed-up; `plugins/prism-on-demand/__tests__/guard.spec.ts` "code highlighting loads with the pages that show code, with the grammars of their languages only"',
    removeWhen: 'prism-react-renderer ships its grammars apart from `Highlight`, and theme-classic loads them by page',
    themeWraps: [
      {
        component: 'CodeBlock/Content',
        theme: '@docusaurus/theme-classic',
        version: '3.10.2',
        declared: 'unsafe',
        leansOn: "its default export rendering a code block's content with Prism",
      },
      {
        component: 'ApiExplorer/ApiCodeBlock/Content/String',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'highlighting with Prism on render',
      },
      {
        component: 'ApiExplorer/ApiCodeBlock/ExpandButton',
        theme: 'docusaurus-theme-openapi-docs',
        version: '5.2.0',
        declared: 'undeclared',
        leansOn: 'highlighting with Prism on render',
      },
    ],
  },
  plugin: prismOnDemandPlugin,
  wrapsThemes: true,
};
export default speedup;
