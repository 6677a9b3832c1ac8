import type { Speedup } from '../speedup';
import progressOnDemandPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'progress-on-demand',
    saves:
      "theme-classic's route progress bar (nprogress, about 2 KB gzip) loads on the first navigation, not in every page's `main.js`",
    internal:
      "theme-classic's `lib/nprogress` client module (3.10.2), imported by its absolute path from the generated client-modules.js, replaced there by a module that imports it on demand",
    guard:
      "the plugin's `postBuild` fails the build naming it when `main.js` holds nprogress or no script does (`plugins/progress-on-demand/__tests__/guard.test.ts`)",
    removeWhen: 'theme-classic loads its progress bar on demand',
  },
  plugin: progressOnDemandPlugin,
};
export default speedup;
