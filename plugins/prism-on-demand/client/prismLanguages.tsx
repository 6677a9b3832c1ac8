/**
 * Code highlighting's grammars are evaluated when the first code block renders, not with every page.
 *
 * prism-react-renderer builds dozens of grammars when its module is evaluated, a long task of its own.
 * Docusaurus' theme-classic evaluates it in a client module on every page, in `main.js`
 * (plugins/prism-on-demand stubs that), and a static import from the code block would still evaluate
 * it in the same task as the rest of an API page's route code, before hydration, though that page
 * shows code only after it (the samples). {@link withPrism} keeps the module in the same chunk (no
 * extra request) but evaluates it, with the site's additional languages, on the first render of a
 * component that highlights.
 */
import React, { type ComponentType, type ReactNode } from 'react';

let included = false;

/**
 * Evaluates prism-react-renderer and registers `themeConfig.prism.additionalLanguages`
 * (docusaurus.config.ts; `bash` for the curl samples) on its Prism, once, with the theme's own
 * `@theme/prism-include-languages` (the step theme-classic's client module does on every page).
 * Idempotent; safe during SSR.
 */
export function includePrismLanguages(): void {
  if (included) return;
  included = true;
  /* eslint-disable @typescript-eslint/no-require-imports -- evaluated on first use, on purpose (above) */
  const { Prism } = require('prism-react-renderer') as typeof import('prism-react-renderer');
  const include = require('@theme/prism-include-languages') as typeof import('@theme/prism-include-languages');
  /* eslint-enable @typescript-eslint/no-require-imports */
  include.default(Prism);
}

/**
 * @param load - returns the module of a component that highlights with Prism, e.g.
 *   `() => require('@theme-init/CodeBlock/Content')`; called (the module evaluated) on first render.
 * @returns a component with the same props that, on its first render anywhere, evaluates Prism with the
 *   site's languages and then `load`'s module, and renders its default export.
 */
export function withPrism<P extends object>(load: () => { default: ComponentType<P> }): ComponentType<P> {
  let Component: ComponentType<P> | undefined;
  function WithPrism(props: P): ReactNode {
    if (!Component) {
      includePrismLanguages();
      Component = load().default;
    }
    return <Component {...props} />;
  }
  return WithPrism;
}
