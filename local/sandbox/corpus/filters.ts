/**
 * The document filter body (spec §5.1, §7.1; `DocumentFilters` of the contract) as one SQL `WHERE` over
 * the sandbox's tables (./db.ts). Every condition given must hold; lists inside a condition are
 * alternatives unless a `require_all_*` flag says otherwise.
 */
import type { components } from '../../../generated/types/customer-api';
import { parseTitle } from './titleQuery';
import { MAX_TITLE_REGEX_CHARS, MAX_TITLE_REGEX_STATES, regexpStates } from './titleRegex';

/** The filter body; fields with a default may be left out of a request. */
export type DocumentFilters = Partial<components['schemas']['DocumentFilters']>;

/** A `WHERE` clause over `documents d` and the values of its `?` placeholders, in order. */
export interface SqlCondition {
  where: string;
  params: (string | number)[];
}

/**
 * Most characters of `title`, all strings of a list together: words enough for any title search. Each
 * word becomes an FTS5 term, so an unbounded title would hold the event loop for seconds or minutes.
 */
export const MAX_TITLE_CHARS = 1000;

/** Most strings in a `title` list (each is an alternative of its own). */
export const MAX_TITLE_STRINGS = 100;

/**
 * Most characters of an Interrogator search `query` (spec §4 sets only its minimum): a long question. Its
 * words become one FTS5 `OR` query over every page, whose cost grows faster than the query's length.
 */
export const MAX_QUERY_CHARS = 2000;

/**
 * A filter the contract's schema accepts but the sandbox will not run, as one entry of the contract's
 * `422` body (spec §8.1 `ValidationError`: `loc`, `msg`, `type`); ./app.ts answers it.
 */
export class FilterError extends Error {
  readonly detail: { loc: string[]; msg: string; type: string };

  constructor(field: string, msg: string, type: string) {
    super(msg);
    this.detail = { loc: ['body', field], msg, type };
  }
}

/**
 * Refuses a `title` or `title_regex` too large to search (the bounds above and in ./titleRegex.ts),
 * before either is parsed.
 *
 * @throws {FilterError} naming the field, its size and the limit.
 */
export function checkSearchSize(filters: DocumentFilters): void {
  const titles = filters.title === undefined ? [] : Array.isArray(filters.title) ? filters.title : [filters.title];
  if (titles.length > MAX_TITLE_STRINGS)
    throw new FilterError(
      'title',
      `List should have at most ${MAX_TITLE_STRINGS} items after validation, not ${titles.length}`,
      'too_long',
    );
  const chars = titles.reduce((sum, title) => sum + title.length, 0);
  if (chars > MAX_TITLE_CHARS)
    throw new FilterError(
      'title',
      `Title should have at most ${MAX_TITLE_CHARS} characters, not ${chars}`,
      'string_too_long',
    );
  const pattern = filters.title_regex;
  if (!pattern) return;
  if (pattern.length > MAX_TITLE_REGEX_CHARS)
    throw new FilterError(
      'title_regex',
      `String should have at most ${MAX_TITLE_REGEX_CHARS} characters, not ${pattern.length}`,
      'string_too_long',
    );
  const states = regexpStates(pattern);
  if (states > MAX_TITLE_REGEX_STATES)
    throw new FilterError(
      'title_regex',
      `Pattern is too complex for the sandbox: about ${states} steps where ${MAX_TITLE_REGEX_STATES} are allowed ` +
        '({m,n} repeats what precedes it up to n times); shorten it, or search with title',
      'value_error',
    );
}

/**
 * Refuses an Interrogator search `query` over {@link MAX_QUERY_CHARS}, before its words are read.
 *
 * @throws {FilterError} naming the field, its length and the limit.
 */
export function checkQuerySize(query: string): void {
  if (query.length > MAX_QUERY_CHARS)
    throw new FilterError(
      'query',
      `String should have at most ${MAX_QUERY_CHARS} characters, not ${query.length}`,
      'string_too_long',
    );
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** `d` has a row in `table` whose `column` is any of `values`. */
const existsIn = (table: string, column: string, values: readonly (string | number)[]): SqlCondition => ({
  where: `EXISTS (SELECT 1 FROM ${table} x WHERE x.doc = d.rowid AND x.${column} IN (${placeholders(values)}))`,
  params: [...values],
});

/** All of `values` (`all`) or any of them in `table.column`. */
function requireValues(table: string, column: string, values: string[], all: boolean): SqlCondition[] {
  if (values.length === 0) return [];
  return all ? values.map((value) => existsIn(table, column, [value])) : [existsIn(table, column, values)];
}

/** A title string or list (spec §5.1 title syntax) against the FTS5 index `titles`. */
function titleCondition(title: string | string[]): SqlCondition | undefined {
  const parts: SqlCondition[] = [];
  for (const text of Array.isArray(title) ? title : [title]) {
    for (const { include, exclude } of parseTitle(text)) {
      const where: string[] = [];
      const params: string[] = [];
      if (include) {
        where.push('d.rowid IN (SELECT rowid FROM titles WHERE titles MATCH ?)');
        params.push(include);
      }
      for (const excluded of exclude) {
        where.push('d.rowid NOT IN (SELECT rowid FROM titles WHERE titles MATCH ?)');
        params.push(excluded);
      }
      parts.push({ where: `(${where.join(' AND ')})`, params });
    }
  }
  if (parts.length === 0) return undefined;
  return { where: `(${parts.map((p) => p.where).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
}

/** A date alone, `YYYY-MM-DD`, as a last-update bound may be given (the contract's `LastUpdatedBound`). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** One day, in ms. */
const DAY_MS = 86_400_000;

/**
 * A last-update bound in ms since the epoch. A date-time counts as given; a date counts as its whole day in
 * UTC, from its first ms (`from`) or to its last (`to`), since search dates are inclusive (spec §5.1; that
 * a date is accepted at all is the contract's assumption).
 */
export function lastUpdatedBound(value: string, end: 'from' | 'to'): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value);
  const start = Date.parse(`${value}T00:00:00Z`);
  return end === 'from' ? start : start + DAY_MS - 1;
}

/** The publisher filters: jurisdictions and publishers (each any of its values), rankings. */
function publisherConditions(filters: DocumentFilters): SqlCondition[] {
  const out: SqlCondition[] = [];
  // Deprecated fields are still honoured (spec §7.1 lists them).
  if (filters.jurisdictions?.length) out.push(existsIn('document_publishers', 'jurisdiction', filters.jurisdictions));
  if (filters.publisher_ids?.length) out.push(existsIn('document_publishers', 'publisher', filters.publisher_ids));

  if (filters.publishers?.length) {
    const byType = (type: string) => filters.publishers!.filter((p) => p.type === type).map((p) => p.value);
    const alternatives = [
      ...(byType('jurisdiction').length
        ? [existsIn('document_publishers', 'jurisdiction', byType('jurisdiction'))]
        : []),
      ...(byType('publisher_id').length ? [existsIn('document_publishers', 'publisher', byType('publisher_id'))] : []),
    ];
    out.push({
      where: `(${alternatives.map((a) => a.where).join(' OR ')})`,
      params: alternatives.flatMap((a) => a.params),
    });
  }
  if (filters.publisher_rankings?.length)
    out.push(existsIn('document_publishers', 'ranking', filters.publisher_rankings));

  return out;
}

/** The score filters: a minimum `reg_score` per domain, a minimum proportion per language. */
function thresholdConditions(filters: DocumentFilters): SqlCondition[] {
  const out: SqlCondition[] = [];
  for (const [domain, threshold] of Object.entries(filters.domains ?? {})) {
    out.push({
      where: 'EXISTS (SELECT 1 FROM document_domains x WHERE x.doc = d.rowid AND x.domain = ? AND x.reg_score >= ?)',
      params: [domain, threshold],
    });
  }
  for (const [language, threshold] of Object.entries(filters.languages ?? {})) {
    out.push({
      where:
        'EXISTS (SELECT 1 FROM document_languages x WHERE x.doc = d.rowid AND x.language = ? AND x.proportion >= ?)',
      params: [language, threshold],
    });
  }
  return out;
}

/**
 * Translates a filter body into SQL. The body has passed the contract's request validation.
 *
 * @returns `1` (every document) for an empty body.
 * @throws {FilterError} from {@link checkSearchSize}.
 */
export function filterToSql(filters: DocumentFilters = {}): SqlCondition {
  checkSearchSize(filters);
  const conditions: SqlCondition[] = [];
  const add = (where: string, ...params: (string | number)[]) => conditions.push({ where, params });

  conditions.push(...publisherConditions(filters));
  if (filters.title_regex) add('d.title REGEXP ?', filters.title_regex);

  // Spec §5.1: a list is any of its values, an empty list any classification, null no classification.
  for (const [level, values] of Object.entries(filters.sector ?? {})) {
    const column = `d.${level}`; // level_1 … level_4: the contract refuses any other key
    if (values === null) add(`${column} IS NULL`);
    else if (values.length === 0) add(`${column} IS NOT NULL`);
    else add(`${column} IN (${placeholders(values)})`, ...values);
  }

  if (filters.initiatives?.length) conditions.push(existsIn('document_initiatives', 'initiative', filters.initiatives));
  if (filters.authoritative?.length) {
    add(
      `EXISTS (SELECT 1 FROM document_domains x WHERE x.doc = d.rowid AND x.authoritative = 1 AND x.domain IN (${placeholders(filters.authoritative)}))`,
      ...filters.authoritative,
    );
  }
  if (filters.has_signposts !== undefined) add('d.has_signposts = ?', filters.has_signposts ? 1 : 0);
  conditions.push(
    ...requireValues('document_tags', 'tag', filters.required_tags ?? [], filters.require_all_tags ?? false),
  );
  conditions.push(
    ...requireValues('document_psi', 'label', filters.psi_labels ?? [], filters.require_all_psi_labels ?? false),
  );

  // Spec §5.1: search dates are inclusive.
  if (filters.start_date) add('d.published >= ?', filters.start_date);
  if (filters.end_date) add('d.published <= ?', filters.end_date);
  if (filters.last_updated_from) add('d.last_updated_ms >= ?', lastUpdatedBound(filters.last_updated_from, 'from'));
  if (filters.last_updated_to) add('d.last_updated_ms <= ?', lastUpdatedBound(filters.last_updated_to, 'to'));

  if (filters.doctypes?.length) add(`d.doctype IN (${placeholders(filters.doctypes)})`, ...filters.doctypes);
  conditions.push(...thresholdConditions(filters));
  // 0 asks nothing of a title: like any value that constrains nothing, it is no condition (see below).
  if (filters.min_title_length) add('d.title_length >= ?', filters.min_title_length);
  if (filters.title !== undefined) {
    const title = titleCondition(filters.title);
    if (title) conditions.push(title);
  }
  if (filters.remove_near_duplicates) add('d.document_id = d.princeps');
  // Spec §6: a restricted document gives no metadata, so a condition on its metadata never matches it,
  // or the filter would reveal what is withheld. A field whose value constrains nothing (an empty list,
  // map or string, `min_title_length: 0`, `remove_near_duplicates: false`, a `require_all_*` flag
  // without its list) adds no condition above, so it leaves restricted documents in, as if it were left
  // out (assumed: the contract's `DocumentFilters` and the docs' "Restriction levels" say so).
  if (conditions.length > 0) add("d.restriction <> 'restricted'");
  // Spec §9: all three restriction levels by default; an empty list, like any empty list, is as if left out.
  const restrictions = filters.document_restriction?.length
    ? filters.document_restriction
    : ['unrestricted', 'partially_restricted', 'restricted'];
  add(`d.restriction IN (${placeholders(restrictions)})`, ...restrictions);

  return { where: conditions.map((c) => c.where).join(' AND ') || '1', params: conditions.flatMap((c) => c.params) };
}
