import type { Speedup } from '../speedup';
import ssgChunksPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'ssg-chunks',
    saves:
      "the server bundle's page chunks share their common modules, so static rendering reads and compiles each once per worker",
    internal:
      "public options only: `configureWebpack` and the bundler's `splitChunks` on the server build, which core turns off (3.10.2)",
    guard:
      '`plugins/ssg-chunks/__tests__/ssgChunks.test.ts` builds two pages sharing a module with Rspack and finds one copy',
    removeWhen: 'Docusaurus splits the server bundle itself',
  },
  plugin: ssgChunksPlugin,
};
export default speedup;
