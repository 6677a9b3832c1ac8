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

/**
 * Most one reader (one reader key) may record in a day (UTC): events, and bytes (UTF-8) of comment text. A batch
 * that would go over either is refused whole with 429 and `Retry-After` until the next day (UTC); what the
 * reader sent before is kept, and so is every other reader's. A reader who reads 200 pages, votes and comments
 * on 20 of them at the longest and tries 300 operations stays far below; a flood from one account stops here.
 */
export const READER_DAILY_QUOTA: ReaderUse = { events: 1000, commentBytes: 64 * 1024 };

/** What a batch takes of its reader's daily quota ({@link READER_DAILY_QUOTA}). */
export interface ReaderUse {
  events: number;
  /** Bytes (UTF-8) of comment text. */
  commentBytes: number;
}

/** What `events` take of a reader's daily quota: one each, and the UTF-8 bytes of their comments. */
export function readerUseOf(events: readonly InsightEvent[]): ReaderUse {
  let commentBytes = 0;
  for (const event of events) if (event.type === 'comment') commentBytes += new TextEncoder().encode(event.text).length;
  return { events: events.length, commentBytes };
}

/** Seconds from `now` to the next day (UTC), when a reader's quota starts again (`Retry-After`). */
export function secondsToNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

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

/** Longest `Origin` header read, in characters: `https://`, a DNS name's 253 (RFC 1035 §2.3.4) and `:65535`. */
export const MAX_ORIGIN_CHARS = 'https://'.length + 253 + ':65535'.length;

/**
 * Why a request to record comes from a page that is not the portal's own, as `<header>: <what is wrong>`, or
 * `undefined` when it does not. The session's cookies go along with a POST from any site (a form, or `fetch`
 * in `no-cors` mode, which needs no preflight with a `text/plain` body as `navigator.sendBeacon` sends), so
 * without this check another site could record events in a signed-in reader's name. Refused:
 * - `Sec-Fetch-Site: cross-site` or `same-site` (W3C Fetch Metadata; `same-origin` and `none` pass);
 * - an `Origin` (RFC 6454 §7; the Fetch standard sends it on every POST) whose host is none of `hosts`, or that is
 *   no origin (`null`, from a sandboxed frame or a file) or is longer than {@link MAX_ORIGIN_CHARS}.
 * A request with neither header (a script with a `Bearer` access token, which the access decision let in)
 * passes. The gate and the insights function both check it, through server/insights/record.ts.
 *
 * @param header - reads a request header by its lower-case name.
 * @param hosts - the `name[:port]`s the portal's pages are served from: in the gate the request's `Host` and
 *   SITE_URL's host (a proxy in front may pass either), in the insights function SITE_URL's host alone (behind
 *   CloudFront its `Host` is the function URL's).
 */
export function crossOriginRefusal(
  header: (name: string) => string | undefined,
  hosts: readonly string[],
): string | undefined {
  const site = header('sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site')
    return `sec-fetch-site: ${site}; events are taken from the portal's own pages only`;
  const origin = header('origin')?.trim();
  if (origin === undefined) return undefined;
  let from: string | undefined;
  if (origin.length <= MAX_ORIGIN_CHARS) {
    try {
      from = new URL(origin).host;
    } catch {
      from = undefined;
    }
  }
  if (from === undefined || from === '')
    return "origin: not an origin; events are taken from the portal's own pages only";
  const own = hosts.map((host) => host.toLowerCase());
  if (!own.includes(from))
    return `origin: ${from} is not this site (${own.join(', ')}); events are taken from the portal's own pages only`;
  return undefined;
}
