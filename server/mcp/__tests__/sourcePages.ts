/**
 * Prints, as JSON, the portal's pages as `search_docs` searches them (rules/contentFiles.ts `SearchPage[]`),
 * made from the sources with the build's own code (plugins/markdown-export `renderPages`, `searchPagesOf`)
 * but without Docusaurus: the docs, posts and Markdown pages at the routes scripts/docs-check gives them,
 * and the API reference from the vendored contract, at the routes docusaurus-plugin-openapi-docs gives its
 * pages (`/api/`, `/api/v1/<operation slug>`, `/api/v1/<tag>`, `/api/v1/schemas/<schema id>`). The generated
 * API changelog and the list pages (category indexes, blog lists) are not made. For
 * ./searchQuestions.test.ts: remark is ESM-only, so this runs under tsx in a child process.
 *
 * Usage: tsx server/mcp/__tests__/sourcePages.ts
 */
import { loadContract } from '../../../config/openapi';
import { renderPages } from '../../../plugins/markdown-export/export';
import type { Inventory } from '../../../rules/contentFiles';
import type { ApiDocument } from '../../../plugins/markdown-export/openapi';
import { searchPagesOf } from '../../../plugins/markdown-export/searchPages';
import { sourcePages } from '../../../tests/support/sourcePages';

async function main(): Promise<void> {
  const contract = loadContract() as ApiDocument;
  const inventory: Inventory = {
    siteUrl: 'http://localhost:3000',
    title: 'RegData',
    tagline: 'Regulatory content',
    pages: sourcePages(contract),
  };
  const rendered = await renderPages(inventory, contract);
  process.stdout.write(JSON.stringify(await searchPagesOf(rendered, contract)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
