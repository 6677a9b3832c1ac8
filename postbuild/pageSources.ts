/**
 * Where a built page's content comes from, for the build's errors: the Markdown/MDX file, or the part of
 * the OpenAPI description an API page is generated from, read from the Markdown inventory
 * (plugins/markdown-export), which lists every page with its source.
 */
import path from 'node:path';
import type { Inventory, PageEntry } from '../rules/contentFiles';
import { trimTrailing } from '../rules/text';

/** `/docs/x/` and `/docs/x` → `/docs/x`; `/` stays. */
const routeKey = (route: string) => trimTrailing(route, '/') || '/';

/** One line naming an entry's source, e.g. `docs/api/tokens.md` or `the OpenAPI description, operation GET /doctypes`. */
function describe(entry: PageEntry, root: string): string {
  const body = entry.body;
  switch (body.kind) {
    case 'source':
      return path.relative(root, body.file);
    case 'operation':
      return `the OpenAPI description, operation ${body.method.toUpperCase()} ${body.path}`;
    case 'tag':
      return `the OpenAPI description, tag "${body.tag}"`;
    case 'schema':
      return `the OpenAPI description, schema ${body.name}`;
    case 'api-info':
      return 'the OpenAPI description, info.description';
    case 'list':
      return `the ${body.items.length} pages it lists (their titles and descriptions)`;
  }
}

/**
 * @param inventory - the Markdown inventory of the build.
 * @param root - the site's folder, to which file names are made relative.
 * @returns the source of the page at a route (decoded, as `routePathOf` gives it), or `undefined` when the
 *   page has none (the site's own components: 404, search).
 */
export function pageSources(inventory: Inventory, root: string): (route: string) => string | undefined {
  const byRoute = new Map(inventory.pages.map((entry) => [routeKey(entry.route), entry]));
  return (route) => {
    let decoded = route;
    try {
      decoded = decodeURI(route);
    } catch {
      // A route that is not percent-encoded as a URI: look it up as it is.
    }
    const entry = byRoute.get(routeKey(decoded));
    return entry && describe(entry, root);
  };
}
