/**
 * `npm start`'s stand-in for @easyops-cn/docusaurus-search-local's `theme/SearchBar/EmptyTemplate.js` (../index.ts),
 * whose development branch says the index exists only after a build: what a query that found nothing shows,
 * the plugin's own markup and words in a build ("No results").
 */
import { translate } from '@docusaurus/Translate';
import { iconNoResults } from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/icons.js';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

/** The autocomplete's `empty` template: HTML. */
export function EmptyTemplate(): string {
  const text = translate({ id: 'theme.SearchBar.noResultsText', message: 'No results' });
  return `<span class="${styles.noResults}"><span class="${styles.noResultsIcon}">${iconNoResults}</span><span>${text}</span></span>`;
}
