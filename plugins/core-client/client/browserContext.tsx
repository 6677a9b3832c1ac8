import React, { startTransition, useEffect, useState, type ReactNode } from 'react';
// The context `useIsBrowser()` reads (core lib/client/exports/useIsBrowser.js imports it from here too).
import { Context } from '@docusaurus/core/lib/client/browserContext';

/**
 * Docusaurus core's `BrowserContextProvider` (lib/client/browserContext.js), which the site's App
 * renders around every page, with one change: `useIsBrowser()` turns true in a transition.
 *
 * Core sets it from an effect once hydration has committed, an update React renders in one
 * uninterruptible task (default priority). Everything that reads it re-renders there: on an API
 * operation page the theme's ApiItem (it rebuilds its store), every code block (the theme remounts
 * them), every `BrowserOnly`: a long task Lighthouse counts as blocking time. In a transition React
 * renders the same update in slices of ~5 ms and lets the browser paint and answer input between them
 * (react.dev, `startTransition`). Swapped in for core's by plugins/core-client.
 */
export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
