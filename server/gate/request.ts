/**
 * The one way a Fastify request reaches the access decision (rules/access.ts `decide`), in both Fastify
 * apps: the gate that serves the site (server/app.ts) and the MCP server's (server/mcp/fastify.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { GateRequest } from '../../rules/access';

/** What the decision reads of a request: its method and target, its cookies, `Accept` and `Authorization`. */
export function gateRequestOf(request: FastifyRequest): GateRequest {
  return {
    method: request.method,
    target: request.url,
    cookie: request.headers.cookie,
    accept: request.headers.accept,
    authorization: request.headers.authorization,
  };
}
