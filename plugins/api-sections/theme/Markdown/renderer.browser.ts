/**
 * The theme's Markdown renderer and the texts' HTML as the browser gets them (in place of ./renderer.ts,
 * plugins/api-sections), each loaded on first use. react-markdown, the unified/remark/rehype family and
 * parse5 are a large share of the API page's code; evaluated before hydration or after it, they make a long
 * task either way. The API pages load instead the HTML that `npm run gen-api` rendered with them
 * (scripts/openapi/markdownHtml.ts), far smaller; the renderer only for a text the build did not render.
 */
import { lazy, use } from 'react';
import type { MarkdownHtml } from '@site/rules/markdownHtml';

const load = () => import(/* webpackChunkName: "api-markdown" */ '@theme-init/Markdown');

export default lazy(load);

type Html = MarkdownHtml['html'];

/** The texts' HTML once loaded (read without suspending), and the one load of it. */
let html: Html | undefined;
let loading: Promise<Html> | undefined;

/**
 * Starts loading the texts' HTML (once). Resolves when {@link useMarkdownHtml} answers without suspending.
 * A failed load (e.g. a deployment replaced the chunk) resolves with no texts: each is then rendered by the
 * renderer, so nothing is missing, only slower.
 */
export function preloadMarkdownHtml(): Promise<Html> {
  loading ??= import(/* webpackChunkName: "api-markdown-html" */ '@site/generated/openapi/markdown-html.json').then(
    (module) => (html = module.default.html as Html),
    () => (html = {}),
  );
  return loading;
}

/**
 * @param text - a Markdown text the theme renders.
 * @returns its HTML as the theme's renderer writes it; `null` when the build left it to the renderer (it
 *   needs the theme's components); `undefined` when the build did not see it. Suspends (React `use`) until
 *   the HTML has loaded.
 */
export function useMarkdownHtml(text: string): string | null | undefined {
  return (html ?? use(preloadMarkdownHtml()))[text];
}
