/**
 * Reader insights: what the browser may send the portal about how a page served its reader, and the limits
 * the servers hold it to (the gate, server/app.ts, and the insights function on AWS, deploy/insights). Private
 * by design: an event names a page, what happened and a value the reader chose to give; the servers add only
 * a day and a reader key nobody can be named from (server/insights/record.ts). Spec §6 gives every signed-in
 * reader the same site, so what readers say goes to the provider's writers (`npm run insights`), never to
 * other readers.
 */

/** Where the browser posts events (same origin, behind the access decision of rules/access.ts). */
export const INSIGHTS_EVENTS_PATH = '/insights/events';

/** Largest request body the servers read, in bytes; larger is refused with 413 before it is parsed. */
export const MAX_INSIGHTS_BODY_BYTES = 8 * 1024;

/** Most events in one request. */
export const MAX_EVENTS_PER_BATCH = 20;

/** Longest comment a reader may leave on a page, in characters. */
export const MAX_COMMENT_CHARS = 1000;

/** Longest search query kept for "searches that found nothing", in characters. */
export const MAX_QUERY_CHARS = 200;

/** Longest route kept, in characters (longer is not one of the site's). */
export const MAX_ROUTE_CHARS = 512;

/** Longest operation id kept, in characters. */
export const MAX_OPERATION_CHARS = 128;

/** How long an event is kept: 13 months, then deleted (TTL on AWS, a sweep locally). */
export const INSIGHTS_RETENTION_MONTHS = 13;

/** The class of an HTTP status a try of an operation ended with; the status itself is not kept. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/**
 * One thing a reader did, as the browser reports it:
 * - `read`: the reader reached the end of the page (once per page view);
 * - `vote`: "Was this page helpful?" yes or no; one per reader and page, a new vote replaces it;
 * - `comment`: the optional comment after a vote (at most {@link MAX_COMMENT_CHARS}); one per reader and page;
 * - `search-empty`: a search of the search box that found nothing, with its query;
 * - `try`: a call of an operation from the request builder, with the class of the status it ended with;
 * - `copy`: a code sample of an operation copied.
 */
export type InsightEvent =
  | { type: 'read'; route: string }
  | { type: 'vote'; route: string; helpful: boolean }
  | { type: 'comment'; route: string; text: string }
  | { type: 'search-empty'; route: string; query: string }
  | { type: 'try'; route: string; operation: string; status: StatusClass }
  | { type: 'copy'; route: string; operation: string };

/** The body of a request to {@link INSIGHTS_EVENTS_PATH}. */
export interface InsightBatch {
  events: InsightEvent[];
}

/**
 * The class of an HTTP status (`404` → `'4xx'`); `undefined` for what is not a status (a network error, a
 * request the browser refused), which is not recorded.
 */
export function statusClassOf(status: number): StatusClass | undefined {
  if (!Number.isInteger(status) || status < 200 || status > 599) return undefined;
  return `${Math.floor(status / 100)}xx` as StatusClass;
}

/** A page's route as kept: its path without query or fragment (`/docs/x?y#z` → `/docs/x`). */
export function routeOf(pathOrUrl: string): string {
  const end = [pathOrUrl.indexOf('?'), pathOrUrl.indexOf('#')].filter((at) => at >= 0);
  return end.length > 0 ? pathOrUrl.slice(0, Math.min(...end)) : pathOrUrl;
}

/**
 * Whether a request asks not to be tracked: `DNT: 1` (Tracking Preference Expression) or `Sec-GPC: 1` (Global
 * Privacy Control). Such a request is answered as if recorded, and nothing is kept.
 *
 * @param header - reads a request header by its lower-case name.
 */
export function asksNotToBeTracked(header: (name: string) => string | undefined): boolean {
  return header('dnt')?.trim() === '1' || header('sec-gpc')?.trim() === '1';
}
