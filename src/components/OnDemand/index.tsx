import React, { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** Props of {@link OnDemand}. */
export interface OnDemandProps<P extends object> {
  /** The component to load, from `React.lazy(() => import(…))`; its code is fetched on demand only. */
  component: ComponentType<P>;
  /** Its props. */
  props: P;
  /** Shown until the component's code has arrived (same size as the component, to avoid layout shift). */
  placeholder: ReactNode;
  /** Keys anywhere on the page that also ask for it, e.g. a search shortcut (the key press is consumed). */
  loadOnKey?: (event: KeyboardEvent) => boolean;
}

/**
 * Renders a lazily loaded component once the reader reaches for it: pointer over it, keyboard focus
 * in it, a touch, or a key of `loadOnKey` (issue #9: the API explorer and the search bar are parts a
 * page is complete without, so a reader who only reads never downloads them). Until then, and while
 * its code downloads, `placeholder` holds its place; it should be useful on its own (the explorer's
 * shows the operation's samples) and about the component's size.
 */
export default function OnDemand<P extends object>({
  component: Component,
  props,
  placeholder,
  loadOnKey,
}: OnDemandProps<P>): ReactNode {
  const [wanted, setWanted] = useState(false);
  // A transition lets React render the loaded component in slices instead of one long task.
  const want = () => startTransition(() => setWanted(true));
  useEffect(() => {
    if (wanted || !loadOnKey) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!loadOnKey(event)) return;
      event.preventDefault();
      want();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wanted, loadOnKey]);
  return (
    <div onPointerEnter={want} onFocus={want} onTouchStart={want} data-on-demand={wanted ? 'loaded' : 'waiting'}>
      {wanted ? (
        <Suspense fallback={placeholder}>
          <Component {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
