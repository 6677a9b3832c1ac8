/**
 * How the browser sends reader insights (rules/insights.ts) to `POST /insights/events`, same origin, with the
 * session's cookies (the gate decides as for every page):
 * - {@link record} queues an event the reader did not ask to send (a search that found nothing, a try, a
 *   copy) and sends the queue in one batch a moment later, or when the page is hidden, with
 *   `navigator.sendBeacon`, which survives the page closing;
 * - {@link send} sends what the reader asked to send (a vote, a comment) at once and says whether it arrived.
 * A request from a browser that asks not to be tracked carries `DNT`/`Sec-GPC`, and the server keeps nothing.
 */
import {
  INSIGHTS_EVENTS_PATH,
  MAX_EVENTS_PER_BATCH,
  MAX_INSIGHTS_BODY_BYTES,
  type InsightEvent,
} from '@site/rules/insights';

/** How long queued events wait for more before they are sent, ms. */
export const BATCH_DELAY_MS = 2000;

const queue: InsightEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** The events as request bodies of at most `MAX_INSIGHTS_BODY_BYTES` and `MAX_EVENTS_PER_BATCH` each. */
export function bodiesOf(events: InsightEvent[]): string[] {
  const bodies: string[] = [];
  let batch: InsightEvent[] = [];
  const bytes = (list: InsightEvent[]) => new TextEncoder().encode(JSON.stringify({ events: list })).length;
  for (const event of events) {
    // An event too large alone (it cannot be: every field is bounded below the limit) is dropped.
    if (bytes([event]) > MAX_INSIGHTS_BODY_BYTES) continue;
    if (batch.length === MAX_EVENTS_PER_BATCH || bytes([...batch, event]) > MAX_INSIGHTS_BODY_BYTES) {
      bodies.push(JSON.stringify({ events: batch }));
      batch = [];
    }
    batch.push(event);
  }
  if (batch.length > 0) bodies.push(JSON.stringify({ events: batch }));
  return bodies;
}

/** Sends every queued event now (the page is being hidden, or the delay is over). */
export function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const events = queue.splice(0);
  for (const body of bodiesOf(events)) {
    const queued =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(INSIGHTS_EVENTS_PATH, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
    if (!queued)
      void fetch(INSIGHTS_EVENTS_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
  }
}

/** Queues `event` to be sent with the next batch. */
export function record(event: InsightEvent): void {
  if (!listening) {
    listening = true;
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    window.addEventListener('pagehide', flush);
  }
  queue.push(event);
  if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
  else timer ??= setTimeout(flush, BATCH_DELAY_MS);
}

/**
 * Sends `events` now.
 *
 * @returns whether the server took them (2xx); `false` on a refusal or a network error, so the reader can
 *   try again.
 */
export async function send(events: InsightEvent[]): Promise<boolean> {
  try {
    const responses = await Promise.all(
      bodiesOf(events).map((body) =>
        fetch(INSIGHTS_EVENTS_PATH, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    return responses.every((response) => response.ok);
  } catch {
    return false;
  }
}
