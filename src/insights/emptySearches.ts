/**
 * Records the searches of the search bar that found nothing (rules/insights.ts `search-empty`), for the writers.
 * The local search bar's autocomplete (@easyops-cn/autocomplete.js) announces an empty result with a DOM event,
 * `autocomplete:empty`, on its input, after each keystroke's search; the query is recorded once the reader has
 * stopped typing for {@link SETTLE_MS} with no result, not at every keystroke, and once per page view.
 */
import { MAX_QUERY_CHARS, routeOf } from '@site/rules/insights';
import { record } from './client';

/** How long a query must stay without results, and the reader without typing, before it is recorded, ms. */
export const SETTLE_MS = 1500;

/** The DOM event the search bar's autocomplete fires on its input when a search found nothing. */
export const EMPTY_EVENT = 'autocomplete:empty';

/**
 * Starts watching `root` (the document) for empty searches.
 *
 * @param pathname - the page's path when a query is recorded.
 * @returns what stops watching.
 */
export function watchEmptySearches(root: Document, pathname: () => string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recorded = new Set<string>();
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const onEmpty = (event: Event) => {
    cancel();
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const query = input.value.trim().slice(0, MAX_QUERY_CHARS);
    if (!query || recorded.has(query)) return;
    timer = setTimeout(() => {
      recorded.add(query);
      record({ type: 'search-empty', route: routeOf(pathname()), query });
    }, SETTLE_MS);
  };
  root.addEventListener(EMPTY_EVENT, onEmpty);
  // A keystroke starts a new search: the earlier query is not the reader's last.
  root.addEventListener('input', cancel, true);
  return () => {
    cancel();
    root.removeEventListener(EMPTY_EVENT, onEmpty);
    root.removeEventListener('input', cancel, true);
  };
}
