/**
 * Code highlighting's grammars load with the code blocks, not with every page (issue #9).
 *
 * Docusaurus' theme-classic runs `prism-include-languages` as a client module, so every page imported
 * prism-react-renderer (its Prism with ~40 bundled grammars) into the JavaScript it evaluates before it
 * hydrates: 35–50 ms of the ~130 ms `main.js` evaluation on this machine, though a home page shows no
 * code. plugins/prismOnDemand.ts stubs that client module; each component that highlights with Prism
 * calls {@link includePrismLanguages} when its module loads, before it renders.
 */
import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

let included = false;

/**
 * Registers `themeConfig.prism.additionalLanguages` (docusaurus.config.ts; `bash` for the curl samples)
 * on prism-react-renderer's Prism, once, with the theme's own `@theme/prism-include-languages` (the
 * step theme-classic's client module did on every page). Idempotent; safe during SSR.
 */
export function includePrismLanguages(): void {
  if (included) return;
  included = true;
  prismIncludeLanguages(Prism);
}
