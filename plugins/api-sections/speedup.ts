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
  },
  plugin: apiSectionsPlugin,
  wrapsThemes: true,
};
export default speedup;
