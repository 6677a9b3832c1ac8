/**
 * `search_docs` of the MCP server: queries the site's own search index, the one the
 * navbar's search box uses (`search-index.json`, written by @easyops-cn/docusaurus-search-local), with
 * the library that wrote it (lunr 2). The file's layout is that plugin's, not a public API: an array of
 * lunr indexes over titles, headings, descriptions, keywords and contents, each with its `documents`
 * (`t` text, `u` route, `h` anchor, `s` section title). {@link loadSearchIndex} checks that layout and
 * throws naming the plugin when it changes, and the MCP test in `npm test` finds the Interrogator page
 * through it (plugins/README.md lists the dependency).
 */
import lunr from 'lunr';

/** One hit: the page or section's title, its route (with `#anchor` for a section) and a text snippet. */
export interface SearchHit {
  title: string;
  route: string;
  snippet: string;
}

/** One document of an index as the plugin writes it. */
export interface IndexedDocument {
  /** Id, unique across the file. */
  i: number;
  /** The indexed text (a title, heading or paragraph). */
  t: string;
  /** The page's route. */
  u: string;
  /** The section's anchor, e.g. `#authentication`. */
  h?: string;
  /** The title of the section a paragraph belongs to. */
  s?: string;
}

/** The site's search index, loaded. */
export interface SearchIndex {
  /**
   * @param query - words as a reader types them; each must match (stemmed: `paginated` finds `pagination`).
   *   Only {@link queryTerms} of it are searched: its first {@link MAX_QUERY_CHARS} characters, at most
   *   {@link MAX_QUERY_TERMS} distinct words, no wildcard.
   * @param limit - at most this many hits, best first.
   */
  search(query: string, limit: number): SearchHit[];
  /** Every page: its title and route (the titles index), in the order the plugin wrote them. */
  pages(): { title: string; route: string }[];
}

/** What each index of the file holds, in the plugin's order, and how much a match in it weighs. */
const PARTS = [
  { name: 'titles', weight: 4 },
  { name: 'headings', weight: 2 },
  { name: 'descriptions', weight: 1.5 },
  { name: 'keywords', weight: 1.5 },
  { name: 'contents', weight: 1 },
] as const;

/** Longest snippet returned, in characters. */
export const SNIPPET_CHARS = 240;

/** Longest query searched, in characters (`search_docs`' `maxLength`): a few words take far fewer. */
export const MAX_QUERY_CHARS = 500;

/**
 * Most distinct words searched. Each word is one lunr clause run against every part of the index, so the
 * cost of a search grows with their count; every word must match, so more words rarely find more.
 */
export const MAX_QUERY_TERMS = 12;

/**
 * The distinct words of a query as lunr's tokenizer splits them (lower case, on white space and hyphens),
 * in order, from its first {@link MAX_QUERY_CHARS} characters only. `*` counts as a separator: a term
 * given to lunr's `Query.term` reaches `TokenSet.fromString`, which reads `*` as a wildcard (lunr 2.3.9),
 * and a wildcard term expands to every indexed word it matches. lunr's other query syntax (`~`, `^`, `+`,
 * `-`, `field:`) belongs to its query parser, which `Query.term` does not use, so it stays plain text.
 */
export function queryTerms(query: string): string[] {
  const bounded = query.slice(0, MAX_QUERY_CHARS).replaceAll('*', ' ');
  return [...new Set(lunr.tokenizer(bounded).map(String).filter(Boolean))];
}

/** The search index is not in the layout read here: the message names the plugin that writes it. */
export class SearchIndexLayoutError extends Error {}

/**
 * Loads the plugin's `search-index.json` (already parsed).
 *
 * @throws {SearchIndexLayoutError} naming @easyops-cn/docusaurus-search-local when the layout is not the one read here.
 */
export function loadSearchIndex(file: unknown): SearchIndex {
  if (
    !Array.isArray(file) ||
    file.length !== PARTS.length ||
    !file.every((part) => Array.isArray(part?.documents) && typeof part?.index === 'object')
  ) {
    throw new SearchIndexLayoutError(
      'search-index.json is not the layout @easyops-cn/docusaurus-search-local 0.55 writes (an array of 5 ' +
        '{ documents, index } lunr parts): search_docs of the MCP server reads it (server/mcp/search.ts).',
    );
  }
  const parts = (file as { documents: IndexedDocument[]; index: object }[]).map((part, n) => ({
    ...PARTS[n],
    index: lunr.Index.load(part.index),
    documents: new Map(part.documents.map((doc) => [String(doc.i), doc])),
  }));
  const titles = new Map(Array.from(parts[0].documents.values(), (doc) => [doc.u, doc.t]));
  // A page found by its title is shown with its description.
  const descriptions = new Map(Array.from(parts[2].documents.values(), (doc) => [doc.u, doc.t]));

  return {
    search(query, limit) {
      const words = queryTerms(query).slice(0, MAX_QUERY_TERMS);
      if (words.length === 0) return [];
      const hits = new Map<string, SearchHit & { score: number }>();
      for (const part of parts) {
        const results = part.index.query((q) => {
          // Every word must match, stemmed as the index was (lunr runs the index's pipeline on each term;
          // a wildcard term would skip it, so `pagination*` would not find `pagin`).
          for (const word of words) q.term(word, { presence: lunr.Query.presence.REQUIRED });
        });
        for (const result of results) {
          const doc = part.documents.get(result.ref);
          if (!doc) continue;
          const route = doc.u + (doc.h ?? '');
          const score = result.score * part.weight;
          const known = hits.get(route);
          if (known && known.score >= score) continue;
          const pageTitle = titles.get(doc.u) ?? doc.s ?? doc.t;
          const title = plain(part.name === 'headings' ? `${pageTitle} › ${doc.t}` : (doc.s ?? pageTitle));
          hits.set(route, {
            title,
            route,
            snippet: snippetOf(part.name === 'titles' ? (descriptions.get(doc.u) ?? '') : doc.t),
            score,
          });
        }
      }
      return [...hits.values()]
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map(({ title, route, snippet }) => ({ title, route, snippet }));
    },
    pages() {
      return [...titles].map(([route, title]) => ({ title, route }));
    },
  };
}

/** A title without the icons category cards put before their links (`📄️Search documents`). */
function plain(title: string): string {
  return title.replace(/\p{Extended_Pictographic}\uFE0F?/gu, '').trim();
}

/** The text cut to {@link SNIPPET_CHARS} at a word boundary, with `…` when cut. */
function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : SNIPPET_CHARS)}…`;
}
