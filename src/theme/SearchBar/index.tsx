// Loads the local search bar's code when the reader reaches for the search field (pointer, focus,
// touch, Ctrl/⌘+K) instead of with every page; a page is complete without it.
// Signed out, the field stays (spec §2.2: the navbar shows the brand, colour toggle and search) but is
// disabled and says to sign in: the search code and index are gated, and reaching for them would only
// fetch refusals, each an error in the console. Signed in, a search that finds nothing is recorded for the
// writers (src/insights/emptySearches.ts).
import React, { lazy, useEffect, type ReactNode } from 'react';
import OnDemand from '@site/src/components/OnDemand';
import SearchPlaceholder, { isSearchShortcut } from '@site/src/components/SearchPlaceholder';
import { usePortalAuth } from '@site/src/components/AuthProvider';

const SearchBar = lazy(() => import(/* webpackChunkName: "search-bar" */ '@theme-original/SearchBar'));

export default function SearchBarWrapper(): ReactNode {
  const { authStatus, signedIn } = usePortalAuth();
  // Searches that find nothing tell the writers what readers look for and do not find (rules/insights.ts); the
  // watcher's code is not in the page's first load.
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import(/* webpackChunkName: "insights" */ '@site/src/insights/emptySearches').then(
      ({ watchEmptySearches }) => {
        if (!stopped) stop = watchEmptySearches(document, () => window.location.pathname);
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [signedIn]);
  // Until the stored session has been read the field is as the static HTML has it, usable.
  if (authStatus !== 'configuring' && !signedIn) return <SearchPlaceholder signedOut />;
  return <OnDemand component={SearchBar} props={{}} placeholder={<SearchPlaceholder />} loadOnKey={isSearchShortcut} />;
}
