/**
 * `search_docs` of the MCP server: ranks the portal's pages for a question ("How do I get an access
 * token?") or a few keywords ("get token") with MiniSearch 7 (BM25+ over weighted fields, prefix and fuzzy
 * matching). It searches every page's title, description and sections as plugins/markdown-export takes
 * them from the pages' Markdown copies (rules/contentFiles.ts `SearchPage`; the build writes them to
 * `MCP_SEARCH_FILE`, `npm start` makes them from the sources), indexed in memory once, one MiniSearch
 * document per section.
 *
 * - Words are runs of letters and digits (`page_size` is `page` and `size`), in lower case; English stop
 *   words (the `stopword` package's list: "how", "do", "the", "what"…) are dropped, and every other word
 *   becomes its Porter2 stem (wink-porter2-stemmer: `paginate`, `paginated` and `pagination` are all
 *   `pagin`), in the pages and in the query alike.
 * - Any word of the query may match: a section ranks higher the more of the words it holds, the rarer they
 *   are across sections, and the weightier the field that holds them ({@link FIELD_BOOSTS}); BM25+ scores
 *   each field. A query is no syntax: `*`, `~`, `"`, `-` and `:` separate words like spaces.
 * - Typos: a query word whose stem no page holds also matches stems within an edit distance of a fifth of
 *   its length, at most 2 (`acess` finds `access`); a stem of {@link PREFIX_MIN_CHARS} characters or more
 *   also matches the longer stems it begins (`interrog` finds `interrogator`). Both weigh less than an
 *   exact match (MiniSearch's default weights).
 * - A page is one hit, at its best section: the hit's route carries that section's `#anchor` where the page
 *   shows the heading (docs and posts).
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import { eng as englishStopWords } from 'stopword';
import stem from 'wink-porter2-stemmer';
import { MCP_SEARCH_FILE, type SearchPage, type SearchSection } from '../../rules/contentFiles';

/** One hit: the page's title (with the section's heading), its route (with `#anchor`) and a text snippet. */
export interface SearchHit {
  title: string;
  route: string;
  snippet: string;
}

/** The pages, indexed. */
export interface SearchIndex {
  /**
   * @param query - a question or keywords as a reader types them. Only {@link queryTerms} of it are
   *   searched: the words of its first {@link MAX_QUERY_CHARS} characters that are no stop words, at most
   *   {@link MAX_QUERY_TERMS} of them.
   * @param limit - at most this many hits, best first, one per page.
   */
  search(query: string, limit: number): SearchHit[];
}

/** Longest snippet returned, in characters. */
export const SNIPPET_CHARS = 240;

/** Longest query searched, in characters (`search_docs`' `maxLength`): a question takes far fewer. */
export const MAX_QUERY_CHARS = 500;

/**
 * Most distinct words searched, stop words not counted. Each word is looked up in the index, with its
 * prefix and typo matches, so the cost of a search grows with their count.
 */
export const MAX_QUERY_TERMS = 12;

/**
 * Longest word indexed or searched, in characters; longer runs of letters (an encoded blob) are skipped.
 * The stemmer's expressions take time quadratic in a word's length (`(.+)(sses)$` retries from every
 * character), and no word or identifier of the docs comes near.
 */
export const MAX_WORD_CHARS = 64;

/** Shortest stem that also matches the longer stems it begins, in characters: shorter ones begin too many. */
export const PREFIX_MIN_CHARS = 4;

/**
 * How much a word found in each field weighs against one in a section's text. The page's title and
 * description belong to every section of the page and say what it is about, a section's heading what that
 * section is; code blocks mostly repeat names the prose explains. On the questions of
 * ./__tests__/questions.json, a title weight of 3 puts an answering page in the top 3 for more of them than
 * 4, the site's search plugin's title weight: a title repeated in every section outweighs the section's own words.
 */
export const FIELD_BOOSTS = { title: 3, heading: 2, description: 1.5, text: 1, code: 0.5 } as const;

type Field = keyof typeof FIELD_BOOSTS;

const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];

/** The `stopword` package's English list, lower case. */
const STOP_WORDS: ReadonlySet<string> = new Set(englishStopWords);

/** What separates words: anything but a letter or a digit (one character class: linear). */
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The words of `text`, as written. */
const wordsOf = (text: string): string[] => text.split(SEPARATORS).filter(Boolean);

/** The searched form of a word, or `null` for a stop word or a word over {@link MAX_WORD_CHARS}. */
function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length > MAX_WORD_CHARS || STOP_WORDS.has(lower)) return null;
  return stem(lower);
}

/**
 * The distinct words of a query that are searched, in lower case and in order: the words of its first
 * {@link MAX_QUERY_CHARS} characters, stop words and words over {@link MAX_WORD_CHARS} left out.
 * `search_docs` refuses a query with more than {@link MAX_QUERY_TERMS} of them.
 */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(query.slice(0, MAX_QUERY_CHARS))) {
    if (termOf(word) !== null) terms.add(word.toLowerCase());
  }
  return [...terms];
}

/** The search file is not in the layout read here: the message says to build again. */
export class SearchIndexLayoutError extends Error {}

/**
 * Loads the build's {@link MCP_SEARCH_FILE} (already parsed) and indexes it.
 *
 * @throws {SearchIndexLayoutError} when it is not the layout rules/contentFiles.ts describes (a build made
 *   by another version of the portal).
 */
export function loadSearchIndex(file: unknown): SearchIndex {
  const pages = (file as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages) || !pages.every(isSearchPage)) {
    throw new SearchIndexLayoutError(
      `${MCP_SEARCH_FILE} is not the layout this server reads (rules/contentFiles.ts SearchPage): the build was made ` +
        'by another version of the portal. Run "npm run build" again.',
    );
  }
  return searchIndexOf(pages);
}

function isSearchPage(page: unknown): page is SearchPage {
  const { route, title, description, sections } = (page ?? {}) as Record<string, unknown>;
  return (
    typeof route === 'string' &&
    typeof title === 'string' &&
    (description === undefined || typeof description === 'string') &&
    Array.isArray(sections) &&
    sections.every((section: unknown) => {
      const { heading, anchor, text, code } = (section ?? {}) as Record<string, unknown>;
      return (
        (heading === undefined || typeof heading === 'string') &&
        (anchor === undefined || typeof anchor === 'string') &&
        typeof text === 'string' &&
        typeof code === 'string'
      );
    })
  );
}

/** One indexed document: a section, with the fields of its page. */
interface Entry {
  id: number;
  page: SearchPage;
  section: SearchSection;
}

/**
 * Indexes `pages` in memory. MiniSearch's index keeps no text: the hits' titles and snippets come from
 * `pages`, which the index keeps.
 */
export function searchIndexOf(pages: readonly SearchPage[]): SearchIndex {
  const entries: Entry[] = pages.flatMap((page) => page.sections.map((section) => ({ id: 0, page, section })));
  entries.forEach((entry, id) => (entry.id = id));
  // Stems the pages hold: a query word is matched fuzzily only when its stem is none of them.
  const known = new Set<string>();
  // A word recurs across sections: each is stemmed once while indexing.
  const stems = new Map<string, string | null>();
  const index = new MiniSearch<Entry>({
    fields: FIELDS,
    tokenize: wordsOf,
    processTerm: (word) => {
      let term = stems.get(word);
      if (term === undefined) {
        term = termOf(word);
        stems.set(word, term);
        if (term) known.add(term);
      }
      return term;
    },
    extractField: (entry, field) => (field === 'id' ? entry.id : fieldOf(entry, field as Field)),
  });
  index.addAll(entries);
  stems.clear();

  const options: SearchOptions = {
    boost: FIELD_BOOSTS,
    combineWith: 'OR',
    tokenize: wordsOf,
    processTerm: termOf,
    prefix: (term) => term.length >= PREFIX_MIN_CHARS,
    fuzzy: (term) => (known.has(term) ? false : 0.2),
    maxFuzzy: 2,
  };
  return {
    search(query, limit) {
      const terms = queryTerms(query).slice(0, MAX_QUERY_TERMS);
      if (terms.length === 0) return [];
      const hits: SearchHit[] = [];
      const found = new Set<SearchPage>();
      for (const result of index.search(terms.join(' '), options)) {
        if (hits.length >= limit) break;
        const { page, section } = entries[result.id as number];
        if (found.has(page)) continue;
        found.add(page);
        hits.push({
          title: section.heading ? `${page.title} › ${section.heading}` : page.title,
          route: page.route + (section.anchor ?? ''),
          snippet: snippetOf(section, page, new Set(result.terms)),
        });
      }
      return hits;
    },
  };
}

/** The text of one field of an indexed section. */
function fieldOf({ page, section }: Entry, field: Field): string {
  switch (field) {
    case 'title':
      return page.title;
    case 'description':
      return page.description ?? '';
    case 'heading':
      return section.heading ?? '';
    case 'text':
      return section.text;
    case 'code':
      return section.code;
  }
}

/**
 * A snippet of the section: its text from the start, or from the sentence of the first word that matched
 * when that word would be past the cut; the page's description for a section without text. At most
 * {@link SNIPPET_CHARS} characters, cut at a word with `…`.
 */
function snippetOf(section: SearchSection, page: SearchPage, matched: ReadonlySet<string>): string {
  const text = flat(section.text) || flat(page.description ?? '') || flat(section.code);
  let start = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = termOf(word[0]);
    if (term === null || !matched.has(term)) continue;
    const end = word.index + word[0].length;
    if (end > SNIPPET_CHARS - 1) {
      const stop = text.lastIndexOf('. ', word.index);
      const sentence = stop < 0 ? 0 : stop + 2;
      // A long sentence is shown from a little before the word.
      start =
        word.index - sentence < SNIPPET_CHARS / 2 ? sentence : text.indexOf(' ', word.index - SNIPPET_CHARS / 4) + 1;
    }
    break;
  }
  const shown = start > 0 ? `…${text.slice(start)}` : text;
  if (shown.length <= SNIPPET_CHARS) return shown;
  const cut = shown.slice(0, SNIPPET_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}

/** White space runs as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
