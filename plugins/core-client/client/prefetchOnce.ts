/**
 * Docusaurus core's prefetch helper (lib/client/prefetch.js: one `<link rel="prefetch">` per call),
 * called at most once per URL, and never for a script the page has already loaded.
 *
 * Core prefetches a route's chunks by name, with no memory of URLs: every API operation in a sidebar
 * prefetches the same layout chunks (docs plugin data, sidebar, version) again, so an operation page's
 * head would fill with hundreds of repeated prefetch links, each insertion slower as the head grows.
 * Swapped in for core's helper by plugins/core-client; the idle queue (plugins/core-client/client/idlePrefetch.ts)
 * still decides when.
 */
import corePrefetch from '@docusaurus/core/lib/client/prefetch';

const requested = new Set<string>();

/**
 * @param url - a chunk's URL as webpack names it (`/assets/js/<name>.<hash>.js`).
 * @returns core's promise (resolves when the prefetch ends, never rejects) or, for a URL already
 *   requested or loaded as a script, one that resolves at once.
 */
export default function prefetchOnce(url: string): Promise<void> {
  if (requested.has(url) || isLoadedScript(url)) return Promise.resolve();
  requested.add(url);
  return corePrefetch(url);
}

/** Forgets the URLs requested so far (when the session ends their links are removed). */
export function forgetPrefetched(): void {
  requested.clear();
}

function isLoadedScript(url: string): boolean {
  return Array.from(document.scripts).some((script) => script.getAttribute('src') === url);
}
