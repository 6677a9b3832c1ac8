/**
 * The title syntax of the document filter (spec §5.1, docs/api/getting-started.mdx "Title syntax") as
 * SQLite FTS5 queries: a single string matches titles that contain all its words; `OR` separates
 * alternatives; a `-` prefix excludes a word or phrase; double quotes match a phrase. A list of strings
 * matches titles that match any of them.
 */

/** One alternative of a title string: FTS5 queries its titles must match (all) and must not match (any). */
export interface TitleAlternative {
  /** FTS5 query of the words and phrases required, e.g. `"capital requirements" AND "rule"`; empty: any title. */
  include: string;
  /** FTS5 queries of the excluded words and phrases, one each. */
  exclude: string[];
}

/** An FTS5 string literal: the words of `text` as one phrase, quotes doubled. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Parses one title string into its alternatives.
 *
 * @example parseTitle('"capital requirements" -consultation OR liquidity')
 *   // [{ include: '"capital requirements"', exclude: ['"consultation"'] }, { include: '"liquidity"', exclude: [] }]
 * @returns no alternative when the string holds no word (it then matches every title).
 */
export function parseTitle(title: string): TitleAlternative[] {
  const tokens = title.match(/-?"[^"]*"?|\S+/g) ?? [];
  const alternatives: TitleAlternative[] = [];
  let include: string[] = [];
  let exclude: string[] = [];
  const close = () => {
    if (include.length || exclude.length) alternatives.push({ include: include.join(' AND '), exclude });
    include = [];
    exclude = [];
  };
  for (const token of tokens) {
    if (token === 'OR') {
      close();
      continue;
    }
    const negative = token.startsWith('-') && token.length > 1;
    const body = (negative ? token.slice(1) : token).replace(/^"|"$/g, '');
    // FTS5's tokenizer splits on punctuation; words with none left (e.g. "-") say nothing.
    if (!/[\p{L}\p{N}]/u.test(body)) continue;
    (negative ? exclude : include).push(phrase(body));
  }
  close();
  return alternatives;
}
