/**
 * The texts' HTML that `npm run gen-api` writes (scripts/openapi/markdownHtml.ts), loaded as a chunk of its
 * own, `api-markdown-html`, which tests/e2e/api-markdown.spec.ts finds by name. Apart from ./renderer.browser.ts
 * so its unit tests stand in for a file a fresh clone has not generated yet.
 */
export const importMarkdownHtml = () =>
  import(/* webpackChunkName: "api-markdown-html" */ '@site/generated/openapi/markdown-html.json');
