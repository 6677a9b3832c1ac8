/**
 * What a server says when something it did not foresee fails. Fastify's default error handler answers a
 * 500 with the error's own message, and a file-system error's message names a path of the server's disk
 * (`ENOENT: no such file or directory, open '/srv/…'`). Every Fastify server of the portal (the gate, the
 * MCP servers, the local stand-ins) installs this handler: a 5xx answers a fixed sentence and the error
 * goes to the server's log; a 4xx keeps Fastify's message, which says what to fix in the request.
 */
import type { FastifyInstance } from 'fastify';

/** The body of a 5xx the server did not foresee. */
export const SERVER_ERROR_MESSAGE =
  'The server could not answer this request; its operator finds the reason in its log.';

/**
 * Installs the handler on `app` (and on the plugins registered after it, as Fastify's error handlers
 * are inherited).
 *
 * @param log - where the failed request and its error go (default: `console.error`).
 */
export function hideServerErrors(
  app: FastifyInstance,
  log: (line: string, error: unknown) => void = (line, error) => console.error(line, error),
): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) return reply.send(error);
    log(`${request.method} ${request.url.slice(0, 200)} failed:`, error);
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send({ statusCode: status, error: 'Internal Server Error', message: SERVER_ERROR_MESSAGE });
  });
}
