import React, { type ReactNode } from 'react';

/**
 * Holds the navbar's search slot (spec §2.2) until the local search bar's code has loaded
 * (src/theme/SearchBar): the same field, label and placeholder, read-only, so focusing it asks for
 * the real one without losing typed text.
 */
export default function SearchPlaceholder(): ReactNode {
  return (
    <div className="navbar__search">
      <input className="navbar__search-input" placeholder="Search" aria-label="Search" readOnly />
    </div>
  );
}
