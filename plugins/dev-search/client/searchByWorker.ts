/**
 * `npm start`'s stand-in for @easyops-cn/docusaurus-search-local's `theme/searchByWorker.js` (../index.ts): the
 * same two functions, whose original searches only in a production bundle. They run the plugin's search worker
 * in development too (./searchWorker.ts), and drop it after every hot update (a writer saved a file), so the next
 * search starts a new one, which fetches the index made from the sources as they are now.
 */
import * as Comlink from 'comlink';

/** The plugin's `SearchWorker`, as the search bar and page call it. */
interface SearchWorker {
  fetchIndexes(baseUrl: string, searchContext: string): Promise<void>;
  search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<unknown[]>;
}

/** The bundler's hot-update API (webpack and Rspack `import.meta.webpackHot`), as much as is used. */
interface HotApi {
  addStatusHandler(handler: (status: string) => void): void;
}

let current: { worker: Worker; remote: Promise<Comlink.Remote<SearchWorker>> } | undefined;

/** The running worker, started when there is none. */
function remote(): Promise<Comlink.Remote<SearchWorker>> {
  if (!current) {
    const worker = new Worker(new URL('./searchWorker.ts', import.meta.url));
    const Remote = Comlink.wrap<new () => SearchWorker>(worker);
    current = { worker, remote: new Remote() };
  }
  return current.remote;
}

// `idle` ends every hot update: what the index was made from may have changed.
(import.meta as ImportMeta & { webpackHot?: HotApi }).webpackHot?.addStatusHandler((status) => {
  if (status === 'idle') forget();
});

/** Drops the worker, whose failed index it would keep: the next search starts a new one. */
function forget(): void {
  current?.worker.terminate();
  current = undefined;
}

/** Says, once until an index loads, why the bar of `npm start` finds nothing. */
let warned = false;
function unavailable(error: unknown): void {
  forget();
  if (warned) return;
  warned = true;
  console.warn(`[dev-search] The search index of the sources is not available yet: ${String(error)}`);
}

/**
 * Loads the index for the search context (the plugin's signature). When it cannot be had (the MCP server beside
 * the dev server is not running, or has not listed the pages yet) the bar is set up all the same and each search
 * tries again.
 */
export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  try {
    await (await remote()).fetchIndexes(baseUrl, searchContext);
    warned = false;
  } catch (error) {
    unavailable(error);
  }
}

/**
 * Searches `input`, at most `limit` results (the plugin's signature). While there is no index the answer never
 * comes: the bar shows nothing, and fires no "found nothing" event, so a search that could not run is neither
 * shown nor recorded as one that found nothing (src/insights/emptySearches.ts hears only answered ones); a
 * rejection would reach the page as an unhandled error, since the autocomplete ignores the promise.
 */
export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<unknown[]> {
  try {
    const results = await (await remote()).search(baseUrl, searchContext, input, limit);
    warned = false;
    return results;
  } catch (error) {
    unavailable(error);
    return new Promise<never>(() => undefined);
  }
}
