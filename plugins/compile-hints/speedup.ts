import type { Speedup } from '../speedup';
import compileHintsPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'compile-hints',
    saves:
      "Chrome compiles `main.js` on a background thread while it streams in (V8's `//# allFunctionsCalledOnLoad`), not on the main thread while it runs: evaluating it, every page's longest task, takes about a third less main-thread time",
    internal:
      "public options only: the bundler's `BannerPlugin` (`raw`, `test`, `stage`) and V8's explicit compile hint (Chrome 136); it relies on Docusaurus naming its entry chunk `main` (3.10.2)",
    guard:
      "the plugin's `postBuild` fails the build naming it when no `main.*.js` starts with the hint (`plugins/compile-hints/__tests__/guard.test.ts`)",
    removeWhen: 'Docusaurus or the bundler marks the entry script for eager compilation itself',
  },
  plugin: compileHintsPlugin,
};
export default speedup;
