import type { Speedup } from '../speedup';
import tslibHelpersPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'tslib-helpers',
    saves:
      "every page's `main.js` holds the one tslib helper `@docusaurus/utils-common` calls, not all of tslib (about 4 KB gzip)",
    internal:
      '`@docusaurus/utils-common` 3.10.2 `lib/index.js` requiring tslib as one object for `__importDefault`; tslib 2.9.1 `module` export (`tslib.es6.mjs`)',
    guard:
      'the plugin fails the build naming it when utils-common calls a helper its module does not re-export, or none (`plugins/tslib-helpers/__tests__/guard.test.ts`)',
    removeWhen: 'Docusaurus ships utils-common as an ES module, or compiles it without `importHelpers`',
  },
  plugin: tslibHelpersPlugin,
};
export default speedup;
