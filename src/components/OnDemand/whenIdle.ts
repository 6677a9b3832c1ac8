/**
 * Runs a callback once the page has loaded and the browser is idle: after the window's `load` event
 * (LCP has happened by then for a server-rendered page), at the next `requestIdleCallback`, or after
 * {@link IDLE_TIMEOUT_MS} at the latest. Browsers without `requestIdleCallback` (Safari) wait
 * {@link FALLBACK_DELAY_MS} after `load` instead. Plain DOM, no React, so it is tested without a page.
 */

/** Longest wait for an idle period after `load`, in ms (`requestIdleCallback`'s `timeout`). */
export const IDLE_TIMEOUT_MS = 2000;

/** Delay after `load` where `requestIdleCallback` is missing, in ms. */
export const FALLBACK_DELAY_MS = 200;

/** The parts of `window` used, so tests can pass their own. */
export interface IdleWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'load', listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/**
 * @param win - usually `window`.
 * @param callback - called at most once.
 * @returns a function that cancels the call if it has not happened yet.
 */
export function whenIdleAfterLoad(win: IdleWindow, callback: () => void): () => void {
  let cancelled = false;
  let cancelWait: (() => void) | undefined;
  const run = () => {
    if (!cancelled) callback();
  };
  const afterLoad = () => {
    if (win.requestIdleCallback) {
      const handle = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelWait = () => win.cancelIdleCallback?.(handle);
    } else {
      const handle = win.setTimeout(run, FALLBACK_DELAY_MS);
      cancelWait = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === 'complete') afterLoad();
  else {
    win.addEventListener('load', afterLoad, { once: true });
    cancelWait = () => win.removeEventListener('load', afterLoad);
  }
  return () => {
    cancelled = true;
    cancelWait?.();
  };
}
