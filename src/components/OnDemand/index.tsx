import React, {
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

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

/** What a keyboard can reach, in document order (the first is where focus goes). */
const FOCUSABLE =
  'input:not([disabled]), button:not([disabled]), select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the first element in `root` that takes the focus: a match of {@link FOCUSABLE} may not (a
 * button in a closed `<details>`, an element that is not displayed), and `focus()` then does nothing.
 */
function focusFirst(root: Element): void {
  for (const candidate of Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE))) {
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
}

/**
 * How long focus is kept in the loaded component, in ms: it may render its parts after it commits, or
 * render them again (the explorer's tabs do), and a node that held the focus is then gone.
 */
const HOLD_FOCUS_MS = 3_000;

/** How the reader asked for the component: pointer or touch, keyboard focus in it, or its shortcut key. */
type Reach = 'pointer' | 'focus' | 'shortcut';

/**
 * Gives the keyboard focus to the first focusable element in `wrapper` (at once after the shortcut
 * key, wherever focus was), and gives it back whenever it falls to the page's body during the next
 * {@link HOLD_FOCUS_MS}, unless the reader has moved it elsewhere meanwhile or pressed a pointer (then
 * the reader is in charge). Does nothing for a component reached by pointer.
 */
function useFocusWhenLoaded(wrapper: RefObject<HTMLDivElement | null>, reach: Reach | null): void {
  useEffect(() => {
    if (reach !== 'focus' && reach !== 'shortcut') return undefined;
    if (reach === 'shortcut' && wrapper.current) focusFirst(wrapper.current);
    const start = performance.now();
    let handle = 0;
    const stop = () => cancelAnimationFrame(handle);
    const step = () => {
      const root = wrapper.current;
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (!root || (!lost && !root.contains(active))) return;
      if (lost) focusFirst(root);
      if (performance.now() - start < HOLD_FOCUS_MS) handle = requestAnimationFrame(step);
    };
    step();
    document.addEventListener('pointerdown', stop, { once: true });
    return () => {
      stop();
      document.removeEventListener('pointerdown', stop);
    };
  }, [wrapper, reach]);
}

/** Runs `onCommit` once its Suspense boundary shows the loaded component. */
function Committed({ onCommit }: { onCommit: () => void }): null {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Renders a lazily loaded component once the reader reaches for it: pointer over it, keyboard focus
 * in it, a touch, or a key of `loadOnKey` (the API explorer and the search bar are parts a page is
 * complete without, so a reader who only reads never downloads them). Until then, and while
 * its code downloads, `placeholder` holds its place; it should be useful on its own (the explorer's
 * shows the operation's samples) and about the component's size.
 *
 * A reader who reached for it with the keyboard (focus in the placeholder, or the shortcut key) keeps
 * the focus: when the component replaces the placeholder, focus moves to its first focusable element
 * instead of falling back to the top of the page (WCAG 2.2 SC 2.4.3 focus order, 3.2.1 on focus).
 */
export default function OnDemand<P extends object>({
  component: Component,
  props,
  placeholder,
  loadOnKey,
}: OnDemandProps<P>): ReactNode {
  const [reach, setReach] = useState<Reach | null>(null);
  const wanted = reach !== null;
  const [loaded, setLoaded] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  // A transition lets React render the loaded component in slices instead of one long task.
  const want = (how: Reach) => startTransition(() => setReach((first) => first ?? how));
  // A layout effect: the shortcut works from the first paint that shows the page, not a few frames
  // later, so Ctrl+K pressed as the page appears on a busy machine is not lost.
  useLayoutEffect(() => {
    if (wanted || !loadOnKey) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!loadOnKey(event)) return;
      event.preventDefault();
      want('shortcut');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wanted, loadOnKey]);
  useFocusWhenLoaded(wrapper, loaded ? reach : null);
  return (
    <div
      ref={wrapper}
      onPointerEnter={() => want('pointer')}
      // Focus that arrives without a pointer first (Tab, a screen reader) is the keyboard's.
      onFocus={() => want('focus')}
      onTouchStart={() => want('pointer')}
      data-on-demand={wanted ? 'loaded' : 'waiting'}
    >
      {/* One boundary from the start, the placeholder its content until the reader reaches for it: the
          component then loads in a transition, during which React keeps that placeholder on screen, the
          same nodes, so a control in it that has the focus keeps it while the code downloads (a boundary
          mounted only then would show the placeholder anew as its fallback, and the focus would fall to
          the page's body: WCAG 2.2 SC 2.4.3). */}
      <Suspense fallback={placeholder}>
        {wanted ? (
          <>
            <Component {...props} />
            <Committed onCommit={() => setLoaded(true)} />
          </>
        ) : (
          placeholder
        )}
      </Suspense>
    </div>
  );
}
