import React, {
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * Turns: callers wait in the order they asked; one runs at a time, the next once the running one says it
 * is done (or leaves the queue).
 */
export function createTurns(): { take(start: () => void): () => void } {
  const waiting: (() => void)[] = [];
  let busy = false;
  const next = () => {
    const start = waiting.shift();
    busy = start !== undefined;
    start?.();
  };
  return {
    /**
     * @param start - called when it is this caller's turn (at once when nobody else's is running).
     * @returns `done`: ends this caller's turn and starts the next, or takes it out of the queue while it
     *   waits; calling it again does nothing.
     */
    take(start) {
      let state: 'waiting' | 'running' | 'done' = 'waiting';
      const run = () => {
        state = 'running';
        start();
      };
      waiting.push(run);
      if (!busy) next();
      return () => {
        if (state === 'waiting') waiting.splice(waiting.indexOf(run), 1);
        const wasRunning = state === 'running';
        state = 'done';
        if (wasRunning) next();
      };
    },
  };
}

/** The page's sections rendered in slices take turns, in the order they mounted (document order). */
const sections = createTurns();

/**
 * Calls `onCommit.current` once, when it is committed: placed after a Suspense boundary's content, it is
 * committed when that content is.
 */
function Committed({ onCommit }: { onCommit: RefObject<() => void> }): null {
  useEffect(() => onCommit.current(), [onCommit]);
  return null;
}

/**
 * Wraps a component that the page renders in the browser only (after hydration) so that React renders
 * it in a transition, in slices of about 5 ms that let the browser paint and answer input between
 * them, instead of in the one synchronous commit that follows hydration (react.dev `startTransition`:
 * transition updates are interruptible). Until then, and on the server, `fallback` shows. The OpenAPI
 * theme renders an operation's parameters, request body and response schemas in the browser only
 * (`BrowserOnly`), all at once when hydration ends, which would otherwise be one long task.
 *
 * The page's sections take turns, each rendering once the one before it has committed, so their
 * commits are separate tasks too (a transition's render is sliced, its commit is not).
 *
 * The component can be `React.lazy`: its code then loads after the page is interactive, `fallback`
 * showing meanwhile (the server renders `fallback` alone, so no Suspense boundary reaches the HTML).
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
    // This section's turn ends when its content has committed, or when it unmounts.
    const done = useRef(() => {});
    useEffect(() => {
      done.current = sections.take(() => startTransition(() => setReady(true)));
      return () => done.current();
    }, []);
    return ready ? (
      <Suspense fallback={placeholder}>
        <Component {...props} />
        <Committed onCommit={done} />
      </Suspense>
    ) : (
      placeholder
    );
  }
  RenderInSlices.displayName = `RenderInSlices(${Component.displayName ?? Component.name ?? 'lazy'})`;
  return RenderInSlices;
}
