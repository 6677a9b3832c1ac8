/**
 * The theme's Markdown renderer (react-markdown with remark-gfm and rehype-raw) and the texts' HTML rendered
 * by `npm run gen-api` (scripts/openapi/markdownHtml.ts), as the server build uses them: imported statically,
 * so server-rendered HTML holds every description. The browser build gets ./renderer.browser.ts in its place
 * (plugins/api-sections).
 */
import markdownHtml from '@site/generated/openapi/markdown-html.json';

export { default } from '@theme-init/Markdown';

/** Resolves when {@link useMarkdownHtml} answers without suspending; on the server, at once. */
export const preloadMarkdownHtml = (): Promise<unknown> => Promise.resolve();

/**
 * @param text - a Markdown text the theme renders.
 * @returns its HTML as the theme's renderer writes it; `null` when the build left it to the renderer (it
 *   needs the theme's components); `undefined` when the build did not see it.
 */
export function useMarkdownHtml(text: string): string | null | undefined {
  return markdownHtml.html[text];
}
