// Thin wrap: the theme's Markdown renderer (descriptions in response tabs and schemas) loads after
// the API page is interactive instead of before it hydrates (issue #9). In the browser the renderer
// is lazy (./renderer.browser.ts); a description the server rendered keeps its HTML until the renderer
// has loaded and hydrates it then (the Suspense boundary is in both renders, so hydration matches).
import React, { Suspense, type ReactNode } from 'react';
import type { Props } from '@theme-original/Markdown';
import Renderer, { preloadRenderer } from '@site/src/theme/Markdown/renderer';

export default function Markdown(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Renderer {...props} />
    </Suspense>
  );
}

/**
 * @returns `load` that also has the Markdown renderer loaded when it resolves, for components that
 *   render descriptions and load on demand themselves (the schema wraps), so their descriptions do
 *   not appear a moment after the rest.
 */
export function withMarkdownRenderer<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), preloadRenderer()]).then(([module]) => module);
}
