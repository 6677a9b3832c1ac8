/**
 * The build files that carry the site's pages as text: the Markdown inventory (every page and how to write it as
 * Markdown) and the MCP search file (every page's sections, for `search_docs`). Declared with the protocol of
 * rules/buildFiles.ts, whose reader and writer every step uses.
 */
import { type BuildFile, hasKeys, shape } from './buildFiles';

/** How a Markdown inventory entry's Markdown is made. */
export type PageBody =
  /** A Markdown/MDX source file; `preface` (Markdown) goes under its title (a post's date, authors, tags). */
  | { kind: 'source'; file: string; format: 'md' | 'mdx'; preface?: string }
  /** An operation of the contract, found by the method and path its generated page shows. */
  | { kind: 'operation'; method: string; path: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'schema'; name: string }
  | { kind: 'api-info' }
  /** A page that lists other pages (category index, blog lists, tags, home). */
  | { kind: 'list'; intro?: string; items: ListItem[] };

/** A page a list page links to. */
export interface ListItem {
  title: string;
  route: string;
  description?: string;
}

/** One page of the site and how to write it as Markdown. */
export interface PageEntry {
  /** The page's route, decoded (`/docs/domains/Our domains and themes`). */
  route: string;
  title: string;
  description?: string;
  /** Its section in llms.txt (a docs category label, `API reference`, `Blog`), or `Optional`. */
  section: string;
  body: PageBody;
}

/** The Markdown inventory: the entries plus the site's name and summary for llms.txt. */
export interface Inventory {
  siteUrl: string;
  title: string;
  tagline: string;
  pages: PageEntry[];
  /** The lines `<ScriptSettings />` shows for this portal (rules/scriptSettings.ts), for the Markdown copies. */
  scriptSettings?: string;
  /** Whether AI tools sign in by OAuth on this portal (customFields `mcpSignIn`), for `<McpInstall />`'s copy. */
  mcpSignIn?: boolean;
  /**
   * Whether the pages are a local run's, whose copies keep the parts for a portal run on the reader's own
   * machine (rules/localParts.ts); unset, they are left out, as in a build for a user pool.
   */
  localParts?: boolean;
}

/**
 * Every page the Markdown export writes and how (plugins/markdown-export, from the content Docusaurus loaded):
 * read by its own `postBuild`, the post-build pass (each page's source, for its errors) and `npm start`'s MCP
 * server (scripts/liveMcpContent.ts).
 */
export const MARKDOWN_INVENTORY: BuildFile<Inventory> = {
  name: 'markdown-export.json',
  folder: 'generated',
  writtenBy: 'plugins/markdown-export',
  isShape: shape((value) => hasKeys(value, ['siteUrl', 'title', 'pages'])),
};

/**
 * The file, in the build output, holding what `search_docs` of the MCP server searches: every page's title,
 * description and sections, taken from its Markdown copy by the build's Markdown export
 * (plugins/markdown-export/searchPages.ts), read by server/mcp/content.ts and indexed in memory at the
 * first search (server/mcp/search.ts). `npm start` makes the same pages from the sources
 * (scripts/liveMcpContent.ts). A dotfile: the gate does not serve it and the site stack does not upload it;
 * `npm run deploy:build` copies it beside the MCP function.
 */
export const MCP_SEARCH_FILE = '.mcp-search.json';

/** Shape of {@link MCP_SEARCH_FILE}. */
export interface SearchFile {
  /** Every page that has a Markdown copy, in the order of the build's list of pages (plugins/markdown-export). */
  pages: SearchPage[];
}

/** {@link MCP_SEARCH_FILE} as a build file. */
export const MCP_SEARCH: BuildFile<SearchFile> = {
  name: MCP_SEARCH_FILE,
  folder: 'build',
  writtenBy: 'plugins/markdown-export',
  isShape: shape((value) => hasKeys(value, ['pages']) && Array.isArray((value as SearchFile).pages)),
};

/** One page, as `search_docs` searches it. */
export interface SearchPage {
  /** The page's route, decoded (`/docs/api/tokens`, `/docs/domains/Our domains and themes`, `/api/`). */
  route: string;
  title: string;
  /** The description the site gives the page (its front matter's, or the contract's for API pages). */
  description?: string;
  /** The page's text before its first heading (no `heading`), then one section per heading, in order. */
  sections: SearchSection[];
}

/** A part of a page: a heading and what follows it up to the next heading. */
export interface SearchSection {
  /** The heading's text, without Markdown. */
  heading?: string;
  /** `#anchor` of the heading on the page (github-slugger, as Docusaurus makes it), where the page shows it. */
  anchor?: string;
  /** Paragraphs, lists, tables and quotes as plain text: link text without its target. */
  text: string;
  /** The code blocks, one after another. */
  code: string;
}
