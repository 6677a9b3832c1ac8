/**
 * One MCP request over Streamable HTTP (issue #27), as a Fetch `Request` → `Response`, so the Fastify gate
 * (server/app.ts) and the Lambda function (deploy/mcp) answer it with the same code. The caller's access
 * token has been verified before (rules/access.ts `decide`).
 *
 * Stateless, as the SDK's stateless example does (`simpleStatelessStreamableHttp.ts`, v1.x): a new server
 * and `WebStandardStreamableHTTPServerTransport` per POST (a stateless transport cannot be reused), no
 * session id, JSON answers instead of an SSE stream (`enableJsonResponse`; a Lambda function URL in
 * BUFFERED mode carries them), and 405 for GET and DELETE (MCP spec 2025-11-25, basic/transports: a
 * server may offer no SSE stream and no session to delete). An `Origin` that is not the site's gets 403
 * (the same section: servers MUST validate `Origin` against DNS rebinding).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, type McpServerOptions } from './server';

/** The JSON-RPC error body of a refused request (the SDK's example answers the same way). */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * Answers one request to `/mcp`.
 *
 * @param parsedBody - the JSON body when the framework already parsed it (Fastify does), else read here.
 * @param options - the server's content and the caller's token (`options.call.token`).
 */
export async function handleMcpRequest(
  request: Request,
  options: McpServerOptions,
  parsedBody?: unknown,
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(options.siteUrl).origin) {
    return refusal(403, `Origin ${origin} may not use this MCP server.`);
  }
  if (request.method !== 'POST') {
    return refusal(405, 'This MCP server is stateless: POST JSON-RPC messages to it.', { allow: 'POST' });
  }
  const server = createMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
    response.headers.set('cache-control', 'no-store');
    return response;
  } finally {
    await server.close();
  }
}
