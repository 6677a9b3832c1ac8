/**
 * Types of the files `npm run gen-api` writes into generated/ (git-ignored), so the site type-checks before
 * they exist (a fresh clone runs `npm run typecheck` first). Once they exist, TypeScript reads them instead.
 */

declare module '@site/generated/openapi/markdown-html.json' {
  const markdownHtml: import('@site/rules/markdownHtml').MarkdownHtml;
  export default markdownHtml;
}
