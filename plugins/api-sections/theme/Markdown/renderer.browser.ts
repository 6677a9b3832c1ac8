/**
 * The theme's Markdown renderer and the texts' HTML as the browser gets them (in place of ./renderer.ts,
 * plugins/api-sections), each loaded on first use. react-markdown, the unified/remark/rehype family and
 * parse5 are a large share of the API page's code; evaluated before hydration or after it, they make a long
 * task either way. The API pages load instead the HTML that `npm run gen-api` rendered with them
 * (scripts/openapi/markdownHtml.ts), far smaller; the renderer only for a text the build did not render.
 */
import { lazy, use } from 'react';
import type { MarkdownHtml } from '@site/rules/markdownHtml';
import { importMarkdownHtml } from './markdownHtmlChunk';

const load = () => import(/* webpackChunkName: "api-markdown" */ '@theme-init/Markdown');

export default lazy(load);

type Html = MarkdownHtml['html'];

/**
 * The one load of the texts' HTML. Once settled it carries `status: 'fulfilled'` and its `value`, which
 * React's `use` reads to answer at once, without suspending (the contract React's `use` keeps with the
 * libraries that hand it promises), also when no render has waited for it yet (the schema wraps load it
 * first, ./index.tsx `withMarkdownHtml`).
 */
let loading: Loading | undefined;

type Loading = Promise<Html> & { status?: 'fulfilled'; value?: Html };

/**
 * Starts loading the texts' HTML (once). Resolves when {@link useMarkdownHtml} answers without suspending.
 * A failed load (e.g. a deployment replaced the chunk) resolves with no texts: each is then rendered by the
 * renderer, so nothing is missing, only slower.
 */
export function preloadMarkdownHtml(): Promise<Html> {
  if (!loading) {
    const load: Loading = importMarkdownHtml().then(
      (module) => module.default.html as Html,
      (): Html => ({}),
    );
    // The first callback on it, so it runs before React's own.
    void load.then((html) => {
      load.status = 'fulfilled';
      load.value = html;
    });
    loading = load;
  }
  return loading;
}

/**
 * @param text - a Markdown text the theme renders.
 * @returns its HTML as the theme's renderer writes it; `null` when the build left it to the renderer (it
 *   needs the theme's components); `undefined` when the build did not see it. Suspends (React `use`) until
 *   the HTML has loaded. `use` is called on every render, before the load and after it: React requires a
 *   component that suspended on `use` to call it again when it renders once the promise has settled.
 */
export function useMarkdownHtml(text: string): string | null | undefined {
  return use(preloadMarkdownHtml())[text];
}
