/**
 * The files the build writes for the servers to read (the gate in server/, the edge bundle in deploy/):
 * their names and shapes, so the step that writes one and the server that reads it cannot disagree.
 * Pure constants, types and the records' builders.
 */

/**
 * The file, in the build output, listing what the sign-in route loads: written by
 * plugins/sign-in-assets, read by the gate's public-file list (server/gate/publicFiles.ts).
 */
export const SIGN_IN_ASSETS_FILE = 'sign-in-assets.json';

/** Shape of {@link SIGN_IN_ASSETS_FILE}. */
export interface SignInAssets {
  route: string;
  /** Site-absolute paths, e.g. `/assets/js/1a2b3c4d.5e6f.js`. */
  files: string[];
}

/**
 * The file, in the build output, listing the `'sha256-…'` sources of every inline script the site's own
 * code wrote into its pages: written by postbuild/ in its one pass over the pages
 * (postbuild/pageSafety.ts allows exactly those plugins/site-scripts learned), read by the CSP (server/gate/csp.ts).
 */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-script-hashes.json';

/**
 * The content codings the gate serves: every text file of the build has a brotli (`.br`) and
 * a gzip (`.gz`) sibling, written once after the build (postbuild/compress.ts), never per request; the
 * gate picks one by `Accept-Encoding` (@fastify/static `preCompressed` for assets, server/app.ts for
 * pages). Best first.
 */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** A content coding the gate can send. */
export type Coding = (typeof ENCODINGS)[number]['coding'] | 'identity';

/**
 * The file, in the build output, recording which identity the build was made for and the addresses its pages
 * call: written by the build's last step (postbuild/buildIdentity.ts), read by `npm run deploy:build` and
 * `npm run deploy:synth` (deploy/trust.ts `buildRefusal`), which refuse a build made for another identity, and
 * by `npm run serve` (server/builtFor.ts), which refuses one made for another identity or other addresses. A
 * dotfile, so the Fastify gate does not serve it (@fastify/static `dotfiles: 'deny'`), and the site stack does
 * not upload it.
 */
export const BUILD_IDENTITY_FILE = '.build-identity.json';

/** Shape of {@link BUILD_IDENTITY_FILE}: what the build baked into the browser's Amplify configuration. */
export interface BuildIdentity {
  /** `local`: the local identity service; `cognito`: a real user pool. */
  identity: 'local' | 'cognito';
  /** e.g. `eu-west-2_AbC123xyz`. */
  userPoolId: string;
  /** The web app client the pages sign in with. */
  userPoolClientId: string;
  /** AWS region of the pool, e.g. `eu-west-2`. */
  region: string;
  /**
   * The addresses the pages call, each under the variable that sets it, e.g.
   * `{ "SITE_URL": "http://localhost:3000", "LOCAL_IDENTITY_PORT": "http://localhost:9229" }` (config/env.ts
   * `bakedEndpoints`). Absent in a record written before the build recorded them.
   */
  endpoints?: Record<string, string>;
}

/** The record of a build made with `auth` (config/env.ts `AuthSettings`). */
export function buildIdentityOf(auth: {
  mode: BuildIdentity['identity'];
  userPoolId: string;
  userPoolClientId: string;
  region: string;
}): BuildIdentity {
  return {
    identity: auth.mode,
    userPoolId: auth.userPoolId,
    userPoolClientId: auth.userPoolClientId,
    region: auth.region,
  };
}

/**
 * Where the site's search bar (@easyops-cn/docusaurus-search-local, `hashed: true`, one search context) fetches
 * its index: the file the search plugin writes into the build, and what `npm start` answers from the sources
 * (plugins/dev-search). The bar adds a `?_=<hash>` query.
 */
export const SITE_SEARCH_INDEX_PATH = '/search-index.json';

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
