// Loads the local search bar's code when the reader reaches for the search field (pointer, focus,
// touch, Ctrl/⌘+K) instead of with every page; a page is complete without it.
// Signed out, the field stays (spec §2.2: the navbar shows the brand, colour toggle and search) but is
// disabled and says to sign in: the search code and index are gated, and reaching for them would only
// fetch refusals, each an error in the console. Signed in, a search that finds nothing is recorded for the
// writers (src/insights/emptySearches.ts), by a watcher that loads with the search bar.
import React, { lazy, useEffect, type ReactNode } from 'react';
import OnDemand from '@site/src/components/OnDemand';
import SearchPlaceholder, { isSearchShortcut } from '@site/src/components/SearchPlaceholder';
import { usePortalAuth } from '@site/src/components/AuthProvider';

const SearchBar = lazy(() => import(/* webpackChunkName: "search-bar" */ '@theme-original/SearchBar'));

/**
 * The search bar, and for a signed-in reader the watcher of its searches that find nothing (the writers learn
 * what readers look for and do not find, rules/insights.ts): a search can find nothing only once the bar is
 * loaded, so the watcher's code loads with it, when the reader reaches for the field, not with every page.
 */
function WatchedSearchBar({ signedIn }: { signedIn: boolean }): ReactNode {
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
  return <SearchBar />;
}

export default function SearchBarWrapper(): ReactNode {
  const { authStatus, signedIn } = usePortalAuth();
  // Until the stored session has been read the field is as the static HTML has it, usable.
  if (authStatus !== 'configuring' && !signedIn) return <SearchPlaceholder signedOut />;
  return (
    <OnDemand
      component={WatchedSearchBar}
      props={{ signedIn }}
      placeholder={<SearchPlaceholder />}
      loadOnKey={isSearchShortcut}
    />
  );
}
