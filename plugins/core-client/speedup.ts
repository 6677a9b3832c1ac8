import type { Speedup } from '../speedup';
import coreClientPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'core-client',
    saves: '`useIsBrowser()` flips in a transition, and each chunk is prefetched once',
    internal:
      "core's private relative imports `./browserContext` and `./prefetch` in `@docusaurus/core/lib/client` (3.10.2)",
    guard:
      "the plugin's `postBuild` fails the build naming both when the client build replaced fewer; `plugins/core-client/__tests__/guard.spec.ts` finds the deferring prefetch in place",
    removeWhen: 'core offers these as swizzlable or configurable',
  },
  plugin: coreClientPlugin,
};
export default speedup;
