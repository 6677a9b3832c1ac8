/**
 * The API reference's Markdown texts as HTML: written by the build (scripts/openapi/markdownHtml.ts,
 * `npm run gen-api`), shown by the browser (plugins/api-sections/theme/Markdown) in place of the OpenAPI theme's renderer, and
 * checked by the e2e walk of the operation pages (tests/e2e/sandbox.spec.ts).
 */

/** What generated/openapi/markdown-html.json holds. */
export interface MarkdownHtml {
  /** The renderer and the versions that wrote `html`, e.g. `react-markdown@10.1.0 remark-gfm@4.0.1 rehype-raw@7.0.0`. */
  renderer: string;
  /**
   * Markdown text → its HTML, as the theme's renderer writes it; `null` for a text left to the theme's
   * renderer because it needs the theme's components (a fenced code block, an admonition).
   */
  html: Record<string, string | null>;
}

/**
 * What the browser says (`console.warn`, then the text as JSON) when a page shows a Markdown text the build
 * did not render: the page still shows it, through the theme's renderer, only slower.
 */
export const NOT_PRERENDERED =
  'Markdown text not rendered by the build (scripts/openapi/markdownHtml.ts), rendering it here:';
