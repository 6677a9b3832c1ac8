/**
 * Client module: Docusaurus prefetches the code of each internal link as it scrolls into view (core
 * `Link`: one IntersectionObserver per link calls `window.docusaurus.prefetch(path)`, which matches the
 * path against every route and scans every route's chunk list). An API operation page shows dozens
 * of sidebar links at once, so their prefetches would all run in one long task right after hydration
 * (Lighthouse: Total Blocking Time). Here each prefetch waits for an idle period, and an idle period
 * runs only as many as fit in a short slice of it. Only links within the page's own section
 * (`/docs/…`, `/api/…`, `/blog/…`) are prefetched: a link to another section, such as the navbar's,
 * would fetch that section's sidebar data on every page for readers who never go there (the API's
 * grows with every operation); it loads when the reader points at it (core `Link` preloads on hover
 * and touch) or moves the keyboard focus to it (added here; core does not). Nothing is prefetched or
 * preloaded while the gate is closed: the server refuses a signed-out visitor every chunk of a gated
 * page (401), and each refusal is an error in the console.
 */
import { forgetPrefetched } from './prefetchOnce';
import { onSignOut } from '../../../rules/signOut';

/** The parts of `window` used, so tests can pass their own. */
export interface IdleQueueWindow {
  requestIdleCallback?: (callback: (deadline: { timeRemaining(): number }) => void) => number;
  setTimeout(callback: () => void, ms: number): number;
}

/** Time an idle period must still have for the next job to start, in ms (a prefetch takes a few ms). */
export const MIN_IDLE_MS = 4;

/**
 * Longest an idle period keeps starting jobs, in ms. An idle period can offer up to 50 ms, and each
 * prefetch's `<link>` insertions take a few ms (more on a slow machine): run to the deadline, the last
 * job would push the task past 50 ms, which Lighthouse counts as blocking time.
 */
export const MAX_SLICE_MS = 12;

/** `enqueue(job)`, and `clear()` to drop the jobs not run yet. */
export type IdleQueue = ((job: () => void) => void) & { clear(): void };

/**
 * @returns an {@link IdleQueue} that runs jobs in order, in idle periods (`requestIdleCallback`), as
 *   many per period as start within its first {@link MAX_SLICE_MS} and leave {@link MIN_IDLE_MS};
 *   without `requestIdleCallback` (Safari), one per `setTimeout` task. A job that throws is dropped;
 *   the others still run.
 */
export function idleQueue(win: IdleQueueWindow): IdleQueue {
  const jobs: (() => void)[] = [];
  let scheduled = false;
  const runOne = () => {
    const job = jobs.shift();
    try {
      job?.();
    } catch (error) {
      console.error('Idle job failed:', error);
    }
  };
  const schedule = () => {
    if (scheduled || jobs.length === 0) return;
    scheduled = true;
    if (win.requestIdleCallback) {
      win.requestIdleCallback((deadline) => {
        scheduled = false;
        const offered = deadline.timeRemaining();
        do runOne();
        while (
          jobs.length > 0 &&
          deadline.timeRemaining() > MIN_IDLE_MS &&
          offered - deadline.timeRemaining() < MAX_SLICE_MS
        );
        schedule();
      });
    } else {
      win.setTimeout(() => {
        scheduled = false;
        runOne();
        schedule();
      }, 0);
    }
  };
  const enqueue = (job: () => void) => {
    jobs.push(job);
    schedule();
  };
  return Object.assign(enqueue, { clear: () => void jobs.splice(0) });
}

/** The part of `window.docusaurus` (core client `docusaurus.js`) that is wrapped. */
export interface DocusaurusClient {
  prefetch(routePath: string): unknown;
  preload?(routePath: string): unknown;
}

/** The top-level section of a site path: `/docs/x` → `docs`, `/api/v1/y` → `api`, `/` → `''`. */
export function sectionOf(sitePath: string): string {
  return sitePath.split(/[?#]/)[0].split('/')[1] ?? '';
}

/**
 * Marks the deferring `prefetch`, so the e2e tests can tell it from core's (`window.docusaurus` is a core
 * internal: when core stops exposing it, nothing here fails by itself).
 */
export const DEFERRED_PREFETCH = 'portalDeferredPrefetch';

/** Whether the gate shows the page (src/components/AuthGate marks its wrapper `data-auth-gate="open"`). */
export const gateIsOpen = (): boolean => document.querySelector('[data-auth-gate="open"]') !== null;

/**
 * @param currentPath - the path of the page shown (default: the browser's).
 * @param signedIn - whether the visitor may fetch gated code (default: {@link gateIsOpen}).
 * @returns a copy of `client` whose `prefetch` queues its work on `enqueue` instead of running at
 *   once, and skips links to another section; `prefetch` and `preload` do nothing while `signedIn()`
 *   is false (the original object is read-only: an ES module namespace in the production bundle).
 */
export function prefetchWhenIdle<T extends DocusaurusClient>(
  client: T,
  enqueue: (job: () => void) => void,
  currentPath: () => string = () => window.location.pathname,
  signedIn: () => boolean = gateIsOpen,
): T {
  const prefetch = (routePath: string) => {
    if (!signedIn() || sectionOf(routePath) !== sectionOf(currentPath())) return false;
    enqueue(() => void client.prefetch(routePath));
    return true;
  };
  const preload = (routePath: string) => (signedIn() ? client.preload?.(routePath) : undefined);
  return { ...client, prefetch: Object.assign(prefetch, { [DEFERRED_PREFETCH]: true }), preload };
}

let queue: IdleQueue | undefined;

/**
 * Drops the prefetches still waiting, queued here or already handed to the browser as
 * `<link rel="prefetch">` (removing the element cancels a fetch not yet done; a finished one stays in
 * the cache). Runs on sign-out (rules/signOut.ts), which Logout announces before the session is cleared:
 * from then on the gate answers 401 to every chunk of a gated page, and the browser logs each refusal.
 */
export function dropPendingPrefetches(): void {
  queue?.clear();
  forgetPrefetched();
  if (typeof document !== 'undefined')
    document.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
}

onSignOut(dropPendingPrefetches);

/**
 * Client module lifecycle (Docusaurus docs, "Client modules"): runs in a layout effect after every
 * route render, the first included, so before any link's IntersectionObserver has reported.
 */
export function onRouteDidUpdate(): void {
  const win = window as Window & { docusaurus?: DocusaurusClient };
  if (queue || !win.docusaurus) return;
  queue = idleQueue(window as unknown as IdleQueueWindow);
  try {
    win.docusaurus = prefetchWhenIdle(win.docusaurus, queue);
    document.addEventListener('focusin', (event) => preloadFocusedLink(event, win.docusaurus));
  } catch (error) {
    // Prefetching as Docusaurus does is a fine fallback; a page must never break over it.
    console.error('Could not defer link prefetching:', error);
  }
}

/**
 * Preloads the page a focused link leads to in another section, as core `Link` does on hover, so
 * keyboard readers get the navbar's links as fast as pointer readers.
 */
export function preloadFocusedLink(event: Pick<FocusEvent, 'target'>, client: DocusaurusClient | undefined): void {
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  const href = link?.getAttribute('href');
  if (!href || href.startsWith('//') || sectionOf(href) === sectionOf(window.location.pathname)) return;
  try {
    client?.preload?.(href.split(/[?#]/)[0]);
  } catch (error) {
    console.error('Could not preload the focused link:', error);
  }
}
