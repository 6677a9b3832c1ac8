/**
 * Code highlighting's grammars: each page brings those of its own code blocks, and they run on Prism when a
 * code block first renders, not with every page.
 *
 * The plugin's bundler loader (../grammarsLoader.js) leaves prism-react-renderer's Prism with its core only
 * and appends to each page, or component, that shows code a call of {@link addPrismGrammars} with the
 * grammars of its code blocks' languages (prismjs's component files, found at build time). Those modules
 * are evaluated with the page, but the grammars only register: {@link includePrismLanguages}, called by the
 * components that highlight before they render, evaluates Prism and runs the grammars registered so far, in
 * order. A grammar registered later (a page reached by a link) runs at once if Prism is already up.
 */
import React, { type ComponentType, type ReactNode } from 'react';
import type { Prism as PrismLib } from 'prism-react-renderer';

/** A prismjs component id and the function that evaluates its file (which extends the global `Prism`). */
export type GrammarEntry = readonly [id: string, load: () => void];

/** Grammars registered and not run yet, in load order (each after those it needs), by id. */
const pending = new Map<string, () => void>();
/** Ids already run. */
const done = new Set<string>();
/** prism-react-renderer's Prism, once evaluated. */
let prism: typeof PrismLib | undefined;

/**
 * Registers grammars, in the order given (the loader puts each after those it needs); one already registered
 * is skipped. Runs them at once when Prism is already up.
 */
export function addPrismGrammars(entries: readonly GrammarEntry[]): void {
  for (const [id, load] of entries) if (!done.has(id) && !pending.has(id)) pending.set(id, load);
  if (prism) runPending(prism);
}

/**
 * prismjs's component files extend the global `Prism`; prism-react-renderer highlights with its own instance.
 * As theme-classic's `prism-include-languages` does, this puts that instance on `globalThis` while the files
 * run, then restores what was there.
 */
function runPending(instance: typeof PrismLib): void {
  if (pending.size === 0) return;
  const global = globalThis as { Prism?: unknown };
  const before = global.Prism;
  global.Prism = instance;
  try {
    for (const [id, load] of pending) {
      pending.delete(id);
      done.add(id);
      load();
    }
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}

/**
 * Evaluates prism-react-renderer (once) and runs the grammars registered so far. Cheap once done; safe during
 * SSR.
 */
export function includePrismLanguages(): void {
  if (!prism) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use, on purpose (above)
    prism = (require('prism-react-renderer') as typeof import('prism-react-renderer')).Prism;
  }
  runPending(prism);
}

/**
 * @param load - returns the module of a component that highlights with Prism, e.g.
 *   `() => require('@theme-init/CodeBlock/Content')`; called (the module evaluated) on first render.
 * @returns a component with the same props that, on each render, has Prism run the grammars registered so
 *   far (the first time: evaluates Prism, then `load`'s module), and renders its default export.
 */
export function withPrism<P extends object>(load: () => { default: ComponentType<P> }): ComponentType<P> {
  let Component: ComponentType<P> | undefined;
  function WithPrism(props: P): ReactNode {
    includePrismLanguages();
    Component ??= load().default;
    return <Component {...props} />;
  }
  return WithPrism;
}
