import React, { type ReactNode } from 'react';

/**
 * Whether a key press is the local search bar's shortcut (@easyops-cn/docusaurus-search-local's
 * default `searchBarShortcutKeymap`, `mod+k`: Ctrl+K, or ⌘+K on a Mac).
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
}

/**
 * Holds the navbar's search slot (spec §2.2) until the local search bar's code has loaded
 * (src/theme/SearchBar): the same field, label and placeholder, read-only, so reaching for it asks for
 * the real one without losing typed text. With `signedOut`, the field is disabled and its placeholder
 * says "Sign in to search" (what is searched is behind the sign-in).
 */
export default function SearchPlaceholder({ signedOut = false }: { signedOut?: boolean }): ReactNode {
  return (
    <div className="navbar__search">
      <input
        className="navbar__search-input"
        placeholder={signedOut ? 'Sign in to search' : 'Search'}
        aria-label="Search"
        readOnly
        disabled={signedOut}
      />
    </div>
  );
}
