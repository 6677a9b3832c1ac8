import type { Speedup } from '../speedup';
import coreClientPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'core-client',
    saves:
      '`useIsBrowser()` flips in a transition, each chunk is prefetched once, and the route preload hydration waits for starts in a task of its own, not in the one that evaluates `main.js`',
    internal:
      "core's private relative imports `./browserContext` (App.js), `./prefetch` (docusaurus.js) and `./preload` (clientEntry.js) in `@docusaurus/core/lib/client` (3.10.2)",
    guard:
      "the plugin's `postBuild` fails the build naming each when the client build replaced fewer; `plugins/core-client/__tests__/guard.spec.ts` finds the deferring prefetch in place",
    removeWhen: 'core offers these as swizzlable or configurable',
  },
  plugin: coreClientPlugin,
};
export default speedup;
