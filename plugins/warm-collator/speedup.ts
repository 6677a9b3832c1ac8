import type { Speedup } from '../speedup';
import warmCollatorPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'warm-collator',
    saves:
      "ICU's collation data loads in an idle period before hydration, not in the hydration task Lighthouse counts as blocking",
    internal:
      "that the docs plugin's `useActivePlugin` calls `localeCompare` while the breadcrumbs hydrate (@docusaurus/plugin-content-docs 3.10.2)",
    guard:
      "the plugin's `postBuild` fails the build naming it when no script makes the warm-up call (`plugins/warm-collator/__tests__/guard.test.ts`)",
    removeWhen: 'the docs plugin stops sorting its instances with `localeCompare` on every page',
  },
  plugin: warmCollatorPlugin,
};
export default speedup;
