// Loads the local search bar's code when the reader reaches for the search field (pointer, focus,
// touch, Ctrl/⌘+K) instead of with every page; a page is complete without it (issue #9).
import React, { lazy, type ReactNode } from 'react';
import OnDemand from '@site/src/components/OnDemand';
import SearchPlaceholder, { isSearchShortcut } from '@site/src/components/SearchPlaceholder';

const SearchBar = lazy(() => import(/* webpackChunkName: "search-bar" */ '@theme-original/SearchBar'));

export default function SearchBarWrapper(): ReactNode {
  return <OnDemand component={SearchBar} props={{}} placeholder={<SearchPlaceholder />} loadOnKey={isSearchShortcut} />;
}
