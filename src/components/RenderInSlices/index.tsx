import React, { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Wraps a component that the page renders in the browser only (after hydration) so that React renders
 * it in a transition, in slices of about 5 ms that let the browser paint and answer input between
 * them, instead of in the one synchronous commit that follows hydration (react.dev `startTransition`:
 * transition updates are interruptible). Until then, and on the server, `fallback` shows.
 *
 * Why (issue #9): the OpenAPI theme renders an operation's parameters, request body and response
 * schemas only in the browser (`BrowserOnly`), all at once when hydration ends; with each description
 * parsed as Markdown there, the API operation page blocked the main thread for hundreds of ms.
 *
 * Since the component first renders after hydration, it can be `React.lazy`: its code (for the
 * schemas, the theme's schema tree and its Markdown renderer) then loads after the page is
 * interactive, not before it hydrates; `fallback` shows while it loads (never on the server, which
 * renders `fallback` alone, so no Suspense boundary reaches the server-rendered HTML).
 *
 * @param Component - the browser-only component, or a `React.lazy` of it; its props pass through unchanged.
 * @param fallback - what the server renders in its place, and the browser until it is ready (the
 *   theme's own `BrowserOnly` fallback, or a placeholder of the right height), so hydration matches;
 *   or a function of the component's props that returns it.
 * @returns a component with the same props.
 */
export function renderInSlices<P extends object>(
  Component: ComponentType<P>,
  fallback: ReactNode | ((props: P) => ReactNode),
): ComponentType<P> {
  function RenderInSlices(props: P): ReactNode {
    const [ready, setReady] = useState(false);
    const placeholder = typeof fallback === 'function' ? fallback(props) : fallback;
    useEffect(() => startTransition(() => setReady(true)), []);
    return ready ? (
      <Suspense fallback={placeholder}>
        <Component {...props} />
      </Suspense>
    ) : (
      placeholder
    );
  }
  RenderInSlices.displayName = `RenderInSlices(${Component.displayName ?? Component.name ?? 'lazy'})`;
  return RenderInSlices;
}
