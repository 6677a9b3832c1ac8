// Thin wrap: the theme's Markdown texts (an API page's descriptions and "Possible values" lines) show the HTML
// `npm run gen-api` rendered with the theme's own renderer (scripts/openapi/markdownHtml.ts), so the renderer, a
// long task to evaluate, loads only for a text the build did not render. In the browser both load on first use
// (./renderer.browser.ts); a description the server rendered keeps its HTML until they have loaded and hydrates
// it then (the Suspense boundary is in both renders, so hydration matches).
import React, { Suspense, type ReactNode } from 'react';
import type { Props } from '@theme-init/Markdown';
import Renderer, { preloadMarkdownHtml, useMarkdownHtml } from './renderer';
import { NOT_PRERENDERED } from '@site/rules/markdownHtml';

/** Texts already reported, so each is reported once per page load. */
const reported = new Set<string>();

/** The text's HTML from the build, or the theme's renderer. */
function MarkdownText({ children }: Props): ReactNode {
  const text = children ?? '';
  const html = useMarkdownHtml(text);
  if (typeof html !== 'string') {
    // A text the build did not see is still shown, only slower (the renderer loads); said, so a build that
    // misses texts is found. (`null`: the build left it to the renderer, which it needs.)
    if (html === undefined && !reported.has(text)) console.warn(NOT_PRERENDERED, JSON.stringify(text));
    reported.add(text);
    return <Renderer>{children}</Renderer>;
  }
  // `display: contents`: the wrapper adds no box, so the text lays out as the renderer's elements would.
  return <div className="markdown-html" style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function Markdown(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <MarkdownText {...props} />
    </Suspense>
  );
}

/**
 * @returns `load` that also has the texts' HTML loaded when it resolves, for components that render
 *   descriptions and load on demand themselves (the schema wraps), so their descriptions do not appear a
 *   moment after the rest.
 */
export function withMarkdownHtml<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), preloadMarkdownHtml()]).then(([module]) => module);
}
