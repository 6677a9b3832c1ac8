/**
 * `POST /insights/events` on a Fastify server (the gate, server/app.ts): the body is read as text up to
 * `MAX_INSIGHTS_BODY_BYTES` (413 above, before it is parsed), whatever its content type (`navigator.sendBeacon`
 * sends a string as `text/plain`), then recorded by ./record.ts, which refuses a request from another site's
 * page (its `Origin` against the request's `Host`, which the gate's host check has already allowed, and
 * SITE_URL's, which a proxy in front may have replaced with another of the accepted names). The
 * access decision ran before (the gate's `onRequest` hook), and gave the request's `readerSubject`.
 */
import type { FastifyInstance } from 'fastify';
import { INSIGHTS_EVENTS_PATH, MAX_INSIGHTS_BODY_BYTES } from '../../rules/insights';
import { answerHeaders, recordInsights, refusalBody } from './record';
import type { InsightsStore } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user id of the token that let the request in (rules/access.ts `subject`), set by the gate. */
    readerSubject?: string;
  }
}

/**
 * Adds the route to `app`, in a scope of its own so its body parsing touches no other route.
 *
 * @param pages - the routes of the site's pages (rules/routes.ts `pageRoutesOf`), asked for at each request.
 * @param siteUrl - the site's address (SITE_URL), whose origin may post events besides the request's `Host`.
 */
export function addInsights(
  app: FastifyInstance,
  store: InsightsStore,
  pages: () => ReadonlySet<string>,
  siteUrl?: string,
): void {
  const siteHost = siteUrl ? [new URL(siteUrl).host] : [];
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_INSIGHTS_BODY_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(INSIGHTS_EVENTS_PATH, { bodyLimit: MAX_INSIGHTS_BODY_BYTES }, async (request, reply) => {
      const answer = await recordInsights(
        {
          body: typeof request.body === 'string' ? request.body : '',
          header: (name) => {
            const value = request.headers[name];
            return Array.isArray(value) ? value[0] : value;
          },
          subject: request.readerSubject,
          hosts: [request.headers.host ?? '', ...siteHost],
        },
        store,
        pages,
      );
      reply.header('cache-control', 'no-store');
      if (answer.status !== 204)
        return reply
          .code(answer.status)
          .headers(answerHeaders(answer))
          .type('application/json; charset=utf-8')
          .send(refusalBody(answer));
      return reply.code(204).send();
    });
  });
}
