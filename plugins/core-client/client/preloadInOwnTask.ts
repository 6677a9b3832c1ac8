/**
 * Docusaurus core's route preload (lib/client/preload.js: loads the chunks of the page's route components,
 * which hydration waits for), started in a task of its own instead of the one that evaluated `main.js`.
 *
 * Core's client entry (lib/client/clientEntry.js) calls it as the last step of evaluating `main.js`, so the
 * page's longest task holds the evaluation of every module in `main.js` and then one `<script>` insertion,
 * each a network request the renderer starts there and then, per chunk of the route: 19 on an API operation
 * page. Started in the next task instead (a zero-delay timer), the requests go out a moment later and
 * hydration, which waits for them, with them; what the reader sees is the same HTML meanwhile. Swapped in
 * for core's helper in clientEntry.js only by plugins/core-client: a navigation's preload
 * (PendingNavigation.js) and a link's on hover (docusaurus.js) still start at once.
 */
import corePreload from '@docusaurus/core/lib/client/preload';

/**
 * @param pathname - the route's path, e.g. `/api/v1/search-documents`.
 * @returns core's promise for the route's components (it rejects as core's does, when a chunk fails to load).
 */
export default function preloadInOwnTask(pathname: string): Promise<void[]> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => corePreload(pathname));
}
