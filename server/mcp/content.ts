/**
 * What the MCP server reads, from the files the build writes: the pages as `search_docs` searches them
 * (rules/contentFiles.ts `MCP_SEARCH_FILE`, indexed in memory by ./search.ts when first searched), every
 * page's Markdown copy (`<route>.md`, rules/routes.ts `markdownPathOf`), `llms.txt`, and the bundled
 * contract. The gate reads them from `build/`; the Lambda function from the copy `npm run deploy:build` puts
 * beside it (deploy/mcp). Each file is read when first asked for, and kept (the search file as its index):
 * the build does not change while a server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MCP_SEARCH_FILE } from '../../rules/contentFiles';
import { OPENAPI_PATH } from '../../rules/contract';
import { builtFileOf, markdownPathOf } from '../../rules/routes';
import { trimTrailing } from '../../rules/text';
import type { ContractNode } from '../../rules/contract';
import { loadSearchIndex, type SearchIndex } from './search';

/** Where the files are. */
export interface ContentFiles {
  /** A folder laid out like `build/`. */
  buildDir: string;
  /** The bundled contract (JSON). */
  contractFile: string;
}

/** A value, or a promise of it: the build's files are read at once, the live sources (`npm start`) are not. */
export type Eventually<T> = T | Promise<T>;

/** The content, loaded on demand. */
export interface McpContent {
  /** @throws {ContentMissing} when the contract file is missing. */
  contract(): Eventually<ContractNode>;
  /**
   * The pages, indexed for `search_docs`.
   *
   * @throws {ContentMissing} when the build has no search file.
   * @throws {SearchIndexLayoutError} when the search file is not in the layout this server reads.
   */
  searchIndex(): Eventually<SearchIndex>;
  /**
   * A page's Markdown copy, or `null` when no page has that route (a route over {@link MAX_ROUTE_CHARS}
   * is none, and is not parsed).
   *
   * @param route - a site route (`/docs/x`, `/docs/x/`, `/docs/x.md`, `/docs/x#anchor`) or a full URL of the site.
   * @throws {ContentMissing} when there is no Markdown at all.
   */
  markdown(route: string): Eventually<{ route: string; markdown: string } | null>;
  /** `llms.txt`. @throws {ContentMissing} when there is none. */
  llmsTxt(): Eventually<string>;
}

/** {@link McpContent} whose answers are ready at once, as the build's files are. */
export type BuiltContent = {
  [K in keyof McpContent]: (...args: Parameters<McpContent[K]>) => Awaited<ReturnType<McpContent[K]>>;
};

/**
 * Longest route or URL `read_page` and the page resources take, in characters, checked before the route
 * is parsed: far more than any page's URL needs, and a bound on what one call can make the server scan.
 */
export const MAX_ROUTE_CHARS = 2048;

/**
 * A file the build should have written is not there: the message says which and what to run, and names
 * no path of the server's disk (it reaches the MCP client).
 */
export class ContentMissing extends Error {}

/** A file plugins/markdown-export writes. */
const LLMS_TXT = 'llms.txt';

/** Reads the content from `files`. Nothing is read until a tool asks. */
export function buildContent(files: ContentFiles): BuiltContent {
  const buildDir = path.resolve(files.buildDir);
  const cache = new Map<string, unknown>();
  const once = <T>(key: string, load: () => T): T => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key) as T;
  };
  const read = (file: string, what: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      throw new ContentMissing(`${what} is missing from the build: run "npm run build" first.`);
    }
  };
  return {
    contract: () => once('contract', () => JSON.parse(read(files.contractFile, 'The bundled contract'))),
    searchIndex: () =>
      once('search', () =>
        loadSearchIndex(
          JSON.parse(read(path.join(buildDir, MCP_SEARCH_FILE), `The file search_docs searches (${MCP_SEARCH_FILE})`)),
        ),
      ),
    llmsTxt: () => once('llms', () => read(path.join(buildDir, LLMS_TXT), 'llms.txt')),
    markdown(route) {
      const sitePath = sitePathOf(route);
      if (sitePath === null) return null;
      const file = path.resolve(buildDir, markdownPathOf(sitePath));
      // A route of `..` segments must not read outside the build.
      if (!file.startsWith(buildDir + path.sep)) return null;
      if (!fs.existsSync(file)) {
        read(path.join(buildDir, markdownPathOf('/')), 'The Markdown copy of the home page');
        return null;
      }
      return { route: sitePath, markdown: fs.readFileSync(file, 'utf8') };
    },
  };
}

/**
 * `/docs/x/`, `/docs/x.md`, `https://site/docs/x#y` → `/docs/x`; `null` for what is no route, and for
 * anything over {@link MAX_ROUTE_CHARS}. String methods only past the length check: each step is linear.
 */
export function sitePathOf(route: string): string | null {
  if (route.length > MAX_ROUTE_CHARS) return null;
  let text = route.trim();
  try {
    if (/^https?:\/\//i.test(text)) text = new URL(text).pathname;
  } catch {
    return null;
  }
  const queryOrFragment = text.search(/[?#]/);
  if (queryOrFragment >= 0) text = text.slice(0, queryOrFragment);
  if (text.endsWith('.md')) text = text.slice(0, -'.md'.length);
  if (!text.startsWith('/')) text = `/${text}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return null;
  }
  if (decoded.split('/').some((segment) => segment === '..' || segment.includes('\\') || segment.includes('\0')))
    return null;
  return trimTrailing(decoded, '/') || '/';
}

/** The content of a build folder, with the contract the build serves for download (`/api/v1/openapi.json`). */
export function mcpContentOf(buildDir: string, options: { contractFile?: string } = {}): BuiltContent {
  return buildContent({
    buildDir,
    contractFile: options.contractFile ?? path.join(buildDir, builtFileOf(OPENAPI_PATH)),
  });
}
