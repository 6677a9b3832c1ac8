/**
 * Where a page's Markdown copy lives (issue #14), shared by the build step that writes it (./export.ts)
 * and the "Copy page" control that fetches it (src/components/CopyPage): the page's route plus `.md`,
 * `/` as `/index.md`. Pure: no Node modules, so the browser bundle can take it.
 */

/** The `.md` file of a route, relative to the build folder: `/` → `index.md`, `/docs/x/` → `docs/x.md`. */
export function markdownPathOf(route: string): string {
  const trimmed = route.replace(/^\/+/, '').replace(/\/+$/, '');
  return `${trimmed || 'index'}.md`;
}

/** The site path of a page's Markdown copy, as a browser requests it: `/docs/x` → `/docs/x.md`. */
export function markdownHrefOf(pathname: string): string {
  return `/${markdownPathOf(pathname)}`;
}
