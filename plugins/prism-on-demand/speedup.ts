import type { Speedup } from '../speedup';
import prismOnDemandPlugin from '.';

const speedup: Speedup = {
  manifest: {
    folder: 'prism-on-demand',
    saves: 'Prism and its grammars load and run with the pages that show code, not in `main.js` on every page',
    internal: "theme-classic's `lib/prism-include-languages` client module, replaced by an empty one (3.10.2)",
    guard: '`plugins/prism-on-demand/__tests__/guard.spec.ts` "code highlighting loads with the pages that show code"',
    removeWhen: 'theme-classic loads its grammars lazily',
  },
  plugin: prismOnDemandPlugin,
  wrapsThemes: true,
};
export default speedup;
