/**
 * Client module: sets up the browser's string collator in an idle period before the page hydrates, instead of
 * inside hydration. Docusaurus' docs plugin sorts its plugin instances by path with `localeCompare` on every doc
 * and API page (useActivePlugin, first called by the breadcrumbs while hydrating); the first `localeCompare` of a
 * page loads ICU's collation data (the later calls are free), which would lengthen the hydration task that
 * Lighthouse counts as blocking time. An idle period comes while the page's chunks download, between main.js and
 * hydration; when none comes first, nothing is lost.
 */

/** The parts of `window` used, so tests can pass their own. */
export interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout(callback: () => void, ms: number): number;
}

/** Longest the warm-up waits for an idle period, in ms. */
export const WARM_TIMEOUT_MS = 2000;

/**
 * Compares two strings with the default collator (loading it) when the browser is next idle.
 *
 * @param target - the window (tests pass their own).
 */
export function warmCollatorWhenIdle(target: IdleWindow): void {
  // Called through the prototype: the minifier drops a literal's own `.localeCompare(…)` as side-effect free.
  const warm = () => void String.prototype.localeCompare.call('/a', '/b');
  if (target.requestIdleCallback) target.requestIdleCallback(warm, { timeout: WARM_TIMEOUT_MS });
  else target.setTimeout(warm, 0);
}

if (typeof window !== 'undefined') warmCollatorWhenIdle(window);
