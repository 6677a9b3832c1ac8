/**
 * Recording reader insights (rules/insights.ts), the same in the gate (server/app.ts) and in the insights
 * function on AWS (deploy/insights): the batch is validated (400 naming the field), and each event is kept as
 * a row holding its route (no query, no fragment), the event, its value, the day (no time) and a reader key,
 * the HMAC-SHA256 of the user's id under a secret drawn at random for each month and deleted after it, so
 * readers can be counted within a month and nobody can be named, not even by whoever holds the user list. No
 * IP address, user agent, token or user id is kept. A request from another site's page is refused with 403
 * (rules/insights.ts `crossOriginRefusal`), an event for a route that is not a page of the site with 400
 * naming the field (rules/routes.ts `pageRouteIn`). A request with `DNT: 1` or `Sec-GPC: 1` is answered 204
 * and nothing is kept. A batch that would take a reader over their daily quota (rules/insights.ts
 * `READER_DAILY_QUOTA`) is refused whole with 429 and `Retry-After`; what they sent before is kept. The caller has let the request through the access decision (rules/access.ts) and
 * bounded its body to `MAX_INSIGHTS_BODY_BYTES` before this runs.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  asksNotToBeTracked,
  crossOriginRefusal,
  INSIGHTS_RETENTION_MONTHS,
  MAX_COMMENT_CHARS,
  MAX_EVENTS_PER_BATCH,
  MAX_OPERATION_CHARS,
  MAX_QUERY_CHARS,
  MAX_ROUTE_CHARS,
  READER_DAILY_QUOTA,
  readerUseOf,
  routeOf,
  secondsToNextDay,
  type InsightBatch,
  type InsightEvent,
} from '../../rules/insights';
import { pageRouteIn } from '../../rules/routes';
import type { InsightRow, InsightsStore } from './store';

const route = z
  .string()
  .min(1)
  .max(MAX_ROUTE_CHARS)
  .refine((value) => value.startsWith('/') && !value.startsWith('//'), 'a site path starting with one "/"');
const operation = z.string().min(1).max(MAX_OPERATION_CHARS);

/** What a batch must be (rules/insights.ts `InsightBatch`); unknown fields are refused, not ignored. */
const BATCH = z.strictObject({
  events: z
    .array(
      z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('read'), route }),
        z.strictObject({ type: z.literal('vote'), route, helpful: z.boolean() }),
        z.strictObject({ type: z.literal('comment'), route, text: z.string().trim().min(1).max(MAX_COMMENT_CHARS) }),
        z.strictObject({
          type: z.literal('search-empty'),
          route,
          query: z.string().trim().min(1).max(MAX_QUERY_CHARS),
        }),
        z.strictObject({ type: z.literal('try'), route, operation, status: z.enum(['2xx', '3xx', '4xx', '5xx']) }),
        z.strictObject({ type: z.literal('copy'), route, operation }),
      ]),
    )
    .min(1)
    .max(MAX_EVENTS_PER_BATCH),
});

/**
 * A request body as a batch.
 *
 * @returns the batch, or the first problem as `<field>: <what is wrong>` (e.g. `events.0.text: Too big…`).
 */
export function parseBatch(body: string): { ok: true; batch: InsightBatch } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: 'body: not JSON; send {"events": [...]}' };
  }
  const result = BATCH.safeParse(json);
  if (result.success) return { ok: true, batch: result.data as InsightBatch };
  const issue = result.error.issues[0];
  return { ok: false, error: `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}` };
}

/** `2026-11-27` → `2026-11`. */
const monthOf = (day: string) => day.slice(0, 7);

/** The day an event is kept under, UTC. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** When a row kept on `day` is deleted: {@link INSIGHTS_RETENTION_MONTHS} later, in epoch seconds (DynamoDB TTL). */
export function expiryOf(day: string): number {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + INSIGHTS_RETENTION_MONTHS);
  return Math.floor(date.getTime() / 1000);
}

/** The reader key of `subject` (a user id) under a month's secret: 128 bits of HMAC-SHA256, base64url. */
export function readerKeyOf(subject: string, monthSecret: Buffer): string {
  return crypto.createHmac('sha256', monthSecret).update(subject).digest('base64url').slice(0, 22);
}

/** What a row holds of an event besides its route and type. */
function valueOf(event: InsightEvent): { value: string; operation?: string } {
  switch (event.type) {
    case 'read':
      return { value: '' };
    case 'vote':
      return { value: event.helpful ? 'yes' : 'no' };
    case 'comment':
      return { value: event.text };
    case 'search-empty':
      return { value: event.query };
    case 'try':
      return { value: event.status, operation: event.operation };
    case 'copy':
      return { value: '', operation: event.operation };
  }
}

/**
 * The rows of a batch: a vote and a comment are one per reader and page (their id names both, so a new one
 * replaces the old), every other event a row of its own.
 */
export function rowsOf(batch: InsightBatch, reader: string, day: string): InsightRow[] {
  const expires = expiryOf(day);
  return batch.events.map((event) => {
    const kept = routeOf(event.route);
    const perReader = event.type === 'vote' || event.type === 'comment';
    return {
      id: perReader ? `${event.type}|${reader}|${kept}` : `${event.type}|${day}|${crypto.randomUUID()}`,
      route: kept,
      event: event.type,
      ...valueOf(event),
      day,
      reader,
      expires,
    };
  });
}

/**
 * The batch with each event's route replaced by the page it names (rules/routes.ts `pageRouteIn`: no query,
 * no fragment, no trailing `/`, decoded), or the first event whose route names no page of `pages`.
 */
export function onPages(
  batch: InsightBatch,
  pages: ReadonlySet<string>,
): { ok: true; batch: InsightBatch } | { ok: false; error: string } {
  const events: InsightEvent[] = [];
  for (const [index, event] of batch.events.entries()) {
    const page = pageRouteIn(pages, routeOf(event.route));
    if (page === undefined)
      return {
        ok: false,
        error: `events.${index}.route: not a page of this site; send the path of the page the event is about`,
      };
    events.push({ ...event, route: page });
  }
  return { ok: true, batch: { events } };
}

/** A request to record, as the runtime received it. */
export interface InsightsRequest {
  /** The body, already bounded to `MAX_INSIGHTS_BODY_BYTES`. */
  body: string;
  /** Reads a request header by its lower-case name. */
  header: (name: string) => string | undefined;
  /** The user id the access decision read from the token (rules/access.ts `subject`). */
  subject: string | undefined;
  /**
   * The `name[:port]` the site's pages are served from, which the request's `Origin` must name
   * (rules/insights.ts `crossOriginRefusal`): the `Host` header and SITE_URL's host in the gate, SITE_URL's
   * host on AWS.
   */
  hosts: readonly string[];
}

/**
 * The answer: 204 (recorded, or nothing to record), or a refusal with its status and what is wrong; a 429
 * (the reader's daily quota is used up) says when to send again, in seconds (`Retry-After`).
 */
export type InsightsAnswer =
  { status: 204 } | { status: 400 | 403; error: string } | { status: 429; error: string; retryAfterSeconds: number };

/** The JSON body of a refusal, as Fastify writes its errors (`{"statusCode":400,"error":"Bad Request",…}`). */
export function refusalBody(answer: Exclude<InsightsAnswer, { status: 204 }>): string {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 429: 'Too Many Requests' }[answer.status];
  return JSON.stringify({ statusCode: answer.status, error, message: answer.error });
}

/** The headers of an answer besides its body's type: `Retry-After` for a 429. */
export function answerHeaders(answer: InsightsAnswer): Record<string, string> {
  return answer.status === 429 ? { 'retry-after': String(answer.retryAfterSeconds) } : {};
}

/**
 * Records one request's events in `store`.
 *
 * @param pages - the routes of the site's pages (rules/routes.ts `pageRoutesOf`), asked for at each request.
 * @throws what the store throws (the caller answers 500 and the browser keeps the batch to send again).
 */
export async function recordInsights(
  request: InsightsRequest,
  store: InsightsStore,
  pages: () => ReadonlySet<string>,
  now = new Date(),
): Promise<InsightsAnswer> {
  const crossOrigin = crossOriginRefusal(request.header, request.hosts);
  if (crossOrigin) return { status: 403, error: crossOrigin };
  const parsed = parseBatch(request.body);
  if (!parsed.ok) return { status: 400, error: parsed.error };
  const located = onPages(parsed.batch, pages());
  if (!located.ok) return { status: 400, error: located.error };
  if (asksNotToBeTracked(request.header) || !request.subject) return { status: 204 };
  const day = dayOf(now);
  const reader = readerKeyOf(request.subject, await store.monthSecret(monthOf(day)));
  const quota = READER_DAILY_QUOTA;
  const kept = await store.put(rowsOf(located.batch, reader, day), {
    reader,
    day,
    use: readerUseOf(located.batch.events),
    quota,
  });
  if (!kept)
    return {
      status: 429,
      error:
        `events: this reader's quota for today (${quota.events} events, ${quota.commentBytes} bytes of comments) ` +
        'is used up; send again after midnight UTC',
      retryAfterSeconds: secondsToNextDay(now),
    };
  return { status: 204 };
}
