/**
 * What `npm start`'s MCP server reads: the docs as they are now, not the last build. The dev server saves
 * the inventory of pages whenever it loads content (plugins/markdown-export: at start and after every edit
 * of a page), and this module makes the build's files from it on demand, with the build's own code
 * (plugins/markdown-export): a page's Markdown copy when it is asked for, `llms.txt`, and the pages as
 * `search_docs` searches them (searchPages.ts), indexed as the built ones are (server/mcp/search.ts), and by the
 * site's search bar (plugins/dev-search). The pages are made again when the inventory, the contract or any
 * page's source changes.
 */
import fs from 'node:fs';
import { llmsTxtOf, renderPages } from '../plugins/markdown-export/export';
import type { Inventory } from '../rules/contentFiles';
import type { ApiDocument } from '../plugins/markdown-export/openapi';
import { searchPagesOf } from '../plugins/markdown-export/searchPages';
import type { SearchPage } from '../rules/contentFiles';
import { trimTrailing } from '../rules/text';
import { ContentMissing, sitePathOf, type McpContent } from '../server/mcp/content';
import { searchIndexOf, type SearchIndex } from '../server/mcp/search';

/** Where the live content comes from. */
export interface LiveFiles {
  /** The inventory the markdown-export plugin saves (`.docusaurus/markdown-export.json`). */
  inventoryFile: string;
  /** The bundled contract `npm run gen-api` writes. */
  contractFile: string;
}

/** The inventory and the contract, each read again when its file changes. */
function liveFiles(files: LiveFiles): { inventory: () => Inventory; contract: () => ApiDocument } {
  return {
    inventory: cachedJson<Inventory>(
      files.inventoryFile,
      'The list of pages is not ready: the dev server writes it once it has loaded the docs. Try again in a few seconds.',
    ),
    contract: cachedJson<ApiDocument>(
      files.contractFile,
      'The bundled contract is missing: run "npm run gen-api" (npm start runs it when the contract changes).',
    ),
  };
}

/**
 * The pages as `search_docs` and the site's search bar search them (plugins/markdown-export/searchPages.ts), from
 * the sources as they are: made again when the inventory, the contract or any page's source has changed since the
 * last call, else the same promise.
 *
 * @throws {ContentMissing} as {@link liveMcpContent}'s methods, while there is no inventory or contract.
 */
export function liveSearchPages(files: LiveFiles): () => Promise<SearchPage[]> {
  const { inventory, contract } = liveFiles(files);
  let made: { key: string; pages: Promise<SearchPage[]> } | undefined;
  return () => {
    const pages = inventory();
    const key = versionOf(files, pages);
    if (made?.key !== key) {
      const api = contract();
      const rendered = renderPages(pages, api).then((list) => searchPagesOf(list, api));
      made = { key, pages: rendered };
      // A failed attempt is not kept: the next call tries again (the writer may be fixing the page).
      rendered.catch(() => {
        if (made?.pages === rendered) made = undefined;
      });
    }
    return made.pages;
  };
}

/**
 * The MCP content of the sources as they are when each call is made.
 *
 * @param searchPages - the pages `search_docs` indexes; default {@link liveSearchPages} of `files` (`npm start`
 *   shares one with the search bar's index).
 * @throws {ContentMissing} from each method, with what to do, while the dev server has not saved the
 *   inventory yet or the contract has not been bundled; the messages name no path of the disk.
 */
export function liveMcpContent(
  files: LiveFiles,
  searchPages: () => Promise<SearchPage[]> = liveSearchPages(files),
): McpContent {
  const { inventory, contract } = liveFiles(files);
  let index: { of: Promise<SearchPage[]>; index: Promise<SearchIndex> } | undefined;

  return {
    contract: () => contract(),
    async markdown(route) {
      const sitePath = sitePathOf(route);
      if (sitePath === null) return null;
      const pages = inventory();
      const page = pages.pages.find((entry) => (trimTrailing(entry.route, '/') || '/') === sitePath);
      if (!page) return null;
      const [rendered] = await renderPages(pages, contract(), (entry) => entry === page);
      return { route: sitePath, markdown: rendered.markdown };
    },
    llmsTxt: () => {
      const pages = inventory();
      return llmsTxtOf(pages, pages.pages, contract());
    },
    searchIndex() {
      const pages = searchPages();
      if (index?.of !== pages) index = { of: pages, index: pages.then(searchIndexOf) };
      return index.index;
    },
  };
}

/**
 * The routes of the pages the dev server has loaded, for reader insights (server/insights/record.ts takes
 * events for these only): the inventory's routes (docs, API pages, blog, pages; no trailing `/`), read again
 * when the dev server saves the inventory. None while it has not saved one yet, so events are refused then.
 */
export function livePageRoutes(inventoryFile: string): () => ReadonlySet<string> {
  const inventory = cachedJson<Inventory>(inventoryFile, 'The list of pages is not ready.');
  let pages: { of: Inventory; routes: ReadonlySet<string> } | undefined;
  return () => {
    let current: Inventory;
    try {
      current = inventory();
    } catch (error) {
      if (error instanceof ContentMissing) return new Set();
      throw error;
    }
    if (pages?.of !== current)
      pages = { of: current, routes: new Set(current.pages.map((page) => trimTrailing(page.route, '/') || '/')) };
    return pages.routes;
  };
}

/** A JSON file read again only when it changes; `missing` is the error when there is none. */
function cachedJson<T>(file: string, missing: string): () => T {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      throw new ContentMissing(missing);
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: JSON.parse(fs.readFileSync(file, 'utf8')) as T };
    return cached.value;
  };
}

/** What the pages' Markdown depends on: the inventory, the contract and every page source's last change. */
function versionOf(files: LiveFiles, inventory: Inventory): string {
  const mtime = (file: string) => {
    try {
      return fs.statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  };
  const sources = inventory.pages.map((page) => (page.body.kind === 'source' ? mtime(page.body.file) : 0));
  return [mtime(files.inventoryFile), mtime(files.contractFile), ...sources].join(',');
}
