/**
 * The `Host` check of a Fastify app (rules/hosts.ts): an `onRequest` hook that answers 421 Misdirected
 * Request, with one plain-text line naming the accepted names, to a request for any other name. Register
 * it before every other hook, so nothing else (the access check, a token's verification, CORS) runs for
 * such a request. The gate (server/app.ts), the MCP server of `npm start` (server/listen.ts), the local
 * sandbox API and the local hosted UI use it; {@link hostCheckedListener} does the same for a plain Node HTTP server (the
 * local identity service and IdP).
 */
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { hostVerdict } from '../../rules/hosts';

/** Options of {@link addHostCheck}. */
export interface HostCheckOptions {
  /**
   * Request targets answered whatever their `Host` (exact match, query included), e.g. the health check a
   * load balancer sends to the target's IP address (`Host: 10.0.0.5:3000`).
   */
  anyHost?: readonly string[];
}

/**
 * Adds the check to `app`.
 *
 * @param accepted - lower-case host names (rules/hosts.ts `acceptedHostnames`).
 */
export function addHostCheck(app: FastifyInstance, accepted: readonly string[], options: HostCheckOptions = {}): void {
  const anyHost = new Set(options.anyHost ?? []);
  app.addHook('onRequest', async (request, reply) => {
    if (anyHost.has(request.url)) return undefined;
    const verdict = hostVerdict(request.headers.host, accepted);
    if (verdict.pass) return undefined;
    return reply
      .code(verdict.status)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(verdict.body);
  });
}

/**
 * `listener` behind the same check, for `http.createServer`: a request for another name gets the 421 and
 * never reaches `listener`.
 *
 * @param accepted - lower-case host names (rules/hosts.ts `acceptedHostnames`).
 */
export function hostCheckedListener(listener: http.RequestListener, accepted: readonly string[]): http.RequestListener {
  return (request, response) => {
    const verdict = hostVerdict(request.headers.host, accepted);
    if (verdict.pass) return listener(request, response);
    response
      .writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end(verdict.body);
  };
}
