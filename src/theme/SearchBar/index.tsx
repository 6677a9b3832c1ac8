// Loads the local search bar's code once the page has painted, or as soon as the reader focuses or
// points at the search field, instead of with every page's first JavaScript (issue #9).
import React, { lazy, type ReactNode } from 'react';
import OnDemand from '@site/src/components/OnDemand';
import SearchPlaceholder from '@site/src/components/SearchPlaceholder';

const SearchBar = lazy(() => import(/* webpackChunkName: "search-bar" */ '@theme-original/SearchBar'));

export default function SearchBarWrapper(): ReactNode {
  return <OnDemand component={SearchBar} props={{}} placeholder={<SearchPlaceholder />} />;
}
