/**
 * The portal's pages made from the sources, without Docusaurus, as plugins/markdown-export's inventory
 * (`PageEntry[]`): the docs, posts and Markdown pages at the routes scripts/docs-check gives them (drafts and
 * unlisted pages left out), and the API reference from a contract, at the routes
 * docusaurus-plugin-openapi-docs gives its pages (`/api/`, `/api/v1/<operation slug>`, `/api/v1/<tag>`,
 * `/api/v1/schemas/<schema id>`); with `changelog`, the API changelog page `npm run gen-api` writes (from
 * openapi/changelog.yaml, into a temporary file). The list pages (category indexes, blog lists) are not made. For the tests that render the pages as the build does (remark is ESM-only: they run
 * under tsx in a child process): server/mcp/__tests__/sourcePages.ts, plugins/markdown-export/__tests__/copies.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageEntry } from '../../rules/contentFiles';
import type { ApiDocument } from '../../plugins/markdown-export/openapi';
import { operations, operationSlug, schemaPageId } from '../../rules/contract';
import { readSources } from '../../scripts/docs-check/sources';
import { CHANGELOG_FEEDS, CHANGELOG_ROUTE, changelogPage, readChangelog } from '../../scripts/openapi/changelog';
import { CLIENT_TYPES_PATH, DESCRIPTION_DOWNLOADS, POSTMAN_COLLECTION_PATH } from '../../config/openapi';

/** The files `npm run gen-api` writes for the site to serve (the changelog's feeds, the description's downloads). */
export const GENERATED_FILES: readonly string[] = [
  ...Object.values(CHANGELOG_FEEDS),
  ...Object.values(DESCRIPTION_DOWNLOADS),
  POSTMAN_COLLECTION_PATH,
  CLIENT_TYPES_PATH,
];

const ROOT = path.resolve(__dirname, '../..');

/** The pages of the sources: docs, posts and Markdown pages, then the API reference's. */
export function sourcePages(contract: ApiDocument, options: { changelog?: boolean } = {}): PageEntry[] {
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
  if (options.changelog) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'changelog-')), 'changelog.md');
    fs.writeFileSync(file, changelogPage(readChangelog(ROOT)));
    api.push({
      route: CHANGELOG_ROUTE,
      title: 'API changelog',
      section: 'API reference',
      body: { kind: 'source', file, format: 'md' },
    });
  }
  return [...written, ...api];
}
