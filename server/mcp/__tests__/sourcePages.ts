/**
 * Prints, as JSON, the portal's pages as `search_docs` searches them (rules/buildFiles.ts `SearchPage[]`),
 * made from the sources with the build's own code (plugins/markdown-export `renderPages`, `searchPagesOf`)
 * but without Docusaurus: the docs, posts and Markdown pages at the routes scripts/docs-check gives them,
 * and the API reference from the vendored contract, at the routes docusaurus-plugin-openapi-docs gives its
 * pages (`/api/`, `/api/v1/<operation slug>`, `/api/v1/<tag>`, `/api/v1/schemas/<schema id>`). The generated
 * API changelog and the list pages (category indexes, blog lists) are not made. For
 * ./searchQuestions.test.ts: remark is ESM-only, so this runs under tsx in a child process.
 *
 * Usage: tsx server/mcp/__tests__/sourcePages.ts
 */
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { renderPages } from '../../../plugins/markdown-export/export';
import type { Inventory, PageEntry } from '../../../plugins/markdown-export/inventory';
import type { ApiDocument } from '../../../plugins/markdown-export/openapi';
import { searchPagesOf } from '../../../plugins/markdown-export/searchPages';
import { operations, operationSlug, schemaPageId } from '../../../rules/contract';
import { readSources } from '../../../scripts/docs-check/sources';

const ROOT = path.resolve(__dirname, '../../..');

/** The pages of the sources: docs, posts and Markdown pages, then the API reference's. */
function pagesOf(contract: ApiDocument): PageEntry[] {
  const written = readSources(ROOT)
    .filter(({ frontMatter }) => frontMatter.draft !== true && frontMatter.unlisted !== true)
    .map(({ file, text, frontMatter, route }): PageEntry => {
      const heading = /^# (.+)$/m.exec(text)?.[1];
      return {
        route,
        title: String(frontMatter.title ?? heading ?? route),
        description: typeof frontMatter.description === 'string' ? frontMatter.description : undefined,
        section: 'Docs',
        body: { kind: 'source', file: path.join(ROOT, file), format: file.endsWith('.mdx') ? 'mdx' : 'md' },
      };
    });
  const info = (contract as { info?: { title?: string } }).info;
  const tags = ((contract as { tags?: { name: string }[] }).tags ?? []).map(({ name }) => name);
  const schemas = Object.entries(
    ((contract as { components?: { schemas?: Record<string, { title?: unknown }> } }).components?.schemas ??
      {}) as Record<string, { title?: unknown }>,
  );
  const api: PageEntry[] = [
    { route: '/api/', title: info?.title ?? 'API', section: 'API reference', body: { kind: 'api-info' } },
    ...operations(contract).map(({ method, path: apiPath, operation }): PageEntry => ({
      route: `/api/v1/${operationSlug(operation.operationId)}`,
      title: String(operation.summary ?? operation.operationId),
      section: 'API reference',
      body: { kind: 'operation', method, path: apiPath },
    })),
    ...tags.map((tag): PageEntry => ({
      route: `/api/v1/${schemaPageId(tag)}`,
      title: tag,
      section: 'Optional',
      body: { kind: 'tag', tag },
    })),
    ...schemas.map(([name, schema]): PageEntry => {
      const id = schemaPageId(typeof schema.title === 'string' ? schema.title : name);
      return {
        route: `/api/v1/schemas/${id}`,
        title: name,
        section: 'API schemas',
        body: { kind: 'schema', name: id },
      };
    }),
  ];
  return [...written, ...api];
}

async function main(): Promise<void> {
  const contract = loadContract() as ApiDocument;
  const inventory: Inventory = {
    siteUrl: 'http://localhost:3000',
    title: 'RegData',
    tagline: 'Regulatory content',
    pages: pagesOf(contract),
  };
  const rendered = await renderPages(inventory, contract);
  process.stdout.write(JSON.stringify(await searchPagesOf(rendered, contract)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
