/**
 * One MCP request over Streamable HTTP, as a Fetch `Request` → `Response`, so the Fastify gate
 * (server/app.ts) and the Lambda function (deploy/mcp) answer it with the same code, limits included. The
 * caller's access token has been verified before (rules/access.ts `decide`).
 *
 * Both eras of the protocol, from one server definition (./server.ts), per the SDK's "Support legacy
 * clients" guide (`@modelcontextprotocol/server` 2.4, `isLegacyRequest` in front of a strict handler):
 * - a request of MCP 2026-07-28 (its `_meta` envelope and `MCP-Protocol-Version` header) goes to the SDK's
 *   `createMcpHandler` with `legacy: 'reject'` and `responseMode: 'json'`, which builds a server per request;
 * - a request of the 2025 revisions (2025-11-25, 2025-06-18 and older: `initialize`, no envelope) goes to a
 *   new server and `WebStandardStreamableHTTPServerTransport` per POST (a stateless transport cannot be
 *   reused) with `enableJsonResponse`. The SDK's own legacy fallback answers with an SSE stream instead.
 * Either way: stateless (no session id), and JSON answers instead of an SSE stream (a Lambda function URL
 * in BUFFERED mode carries them); 405 for GET and DELETE (MCP spec 2025-11-25, basic/transports: a server
 * may offer no SSE stream and no session to delete; 2026-07-28 has neither). An `Origin` that is not the
 * site's gets 403 (the same section: servers MUST validate `Origin` against DNS rebinding).
 *
 * Limits, so one request costs a bounded amount: the body is read up to rules/mcp.ts
 * `MCP_MAX_BODY_BYTES` (413 past it, by `content-length` or by the bytes that arrive), and a JSON-RPC
 * batch is refused whole (MCP spec 2025-06-18 removed batching; JSON-RPC 2.0 §5.1 Invalid Request), so
 * one request is one message and at most one tool call.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
  UnsupportedProtocolVersionError,
  WebStandardStreamableHTTPServerTransport,
  type McpRequestContext,
} from '@modelcontextprotocol/server';
import { MCP_MAX_BODY_BYTES } from '../../rules/mcp';
import { createMcpServer, type McpServerOptions } from './server';

/** JSON-RPC 2.0 §5.1 error codes; -32000 is the one the SDK's transport uses for HTTP-level refusals. */
const JSON_RPC = { parseError: -32700, invalidRequest: -32600, transport: -32000 } as const;

/** The revision a request without the `_meta` envelope cannot get: `initialize` negotiates a 2025 one. */
export const MODERN_REVISION = '2026-07-28';

/**
 * Every protocol revision this server speaks, newest first: {@link MODERN_REVISION} (each request with its
 * `_meta` envelope, the SDK's `createMcpHandler`; `server/discover` answers it), then those the SDK's
 * `initialize` negotiates (its `SUPPORTED_PROTOCOL_VERSIONS`: an `initialize` offering one gets it back, any
 * other offer, 2026-07-28 included, gets the first of them).
 */
export const MCP_REVISIONS: readonly string[] = [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

/**
 * The JSON-RPC error body of a refused request, `id: null` (the SDK's transport answers the same way).
 *
 * @param status - the HTTP status.
 * @param code - the JSON-RPC error code, default -32000.
 * @param data - the error's `data`, when it has one.
 */
export function refusal(
  status: number,
  message: string,
  {
    code = JSON_RPC.transport,
    headers = {},
    data,
  }: { code?: number; headers?: Record<string, string>; data?: unknown } = {},
): Response {
  const error = { code, message, ...(data === undefined ? {} : { data }) };
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id: null }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/** The 413 of a body over {@link MCP_MAX_BODY_BYTES}, the same from the gate and the Lambda function. */
export function bodyTooLarge(): Response {
  return refusal(
    413,
    `Payload Too Large: an MCP request body is at most ${MCP_MAX_BODY_BYTES} bytes. ` +
      'Send one JSON-RPC message per request with shorter arguments.',
  );
}

/** The 400 of a body that is not JSON. */
export function notJson(): Response {
  return refusal(400, 'Parse error: the request body is not JSON. Send one JSON-RPC message.', {
    code: JSON_RPC.parseError,
  });
}

/** The options of each request the modern handler is answering, by request (its factory gets the request). */
const optionsOf = new WeakMap<Request, McpServerOptions>();

/**
 * A server for one request of MCP 2026-07-28, with the options {@link handleMcpRequest} was given for it.
 *
 * @throws {Error} for a request {@link handleMcpRequest} did not hand over (none reaches the handler otherwise).
 */
function modernServer({ requestInfo }: McpRequestContext) {
  const options = requestInfo && optionsOf.get(requestInfo);
  if (!options) throw new Error('An MCP request reached the handler without its options.');
  return createMcpServer(options);
}

/**
 * The SDK's handler of MCP 2026-07-28, made once: `responseMode: 'json'` answers every request with one
 * JSON body (the SDK says once, on the console, that mid-call notifications are then dropped; the
 * portal's tools send none). It reads no body itself: {@link handleMcpRequest} hands it the message.
 */
let modern: ReturnType<typeof createMcpHandler> | undefined;

/**
 * Answers one request to `/mcp`.
 *
 * @param parsedBody - the JSON body when the framework already parsed it within {@link MCP_MAX_BODY_BYTES}
 *   (Fastify's route `bodyLimit`, server/mcp/fastify.ts); else the body is read here, bounded.
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
    return refusal(405, 'This MCP server is stateless: POST JSON-RPC messages to it.', { headers: { allow: 'POST' } });
  }
  let message = parsedBody;
  if (message === undefined) {
    const text = await readBody(request, MCP_MAX_BODY_BYTES);
    if (text === null) return bodyTooLarge();
    try {
      message = JSON.parse(text);
    } catch {
      return notJson();
    }
  }
  if (Array.isArray(message)) {
    return refusal(
      400,
      'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed batching). ' +
        'Send each message in a request of its own.',
      { code: JSON_RPC.invalidRequest },
    );
  }
  const response = (await isLegacyRequest(request, message))
    ? await answerLegacy(request, message, options)
    : await answerModern(request, message, options);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/** A request of MCP 2026-07-28, through the SDK's handler. */
async function answerModern(request: Request, message: unknown, options: McpServerOptions): Promise<Response> {
  modern ??= createMcpHandler(modernServer, {
    legacy: 'reject',
    responseMode: 'json',
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
    onerror: (error) => console.error('MCP request refused or failed:', error.message),
  });
  optionsOf.set(request, options);
  try {
    return await modern.fetch(request, { parsedBody: message });
  } finally {
    optionsOf.delete(request);
  }
}

/**
 * A request of a 2025 revision: a server and a stateless transport of its own, answering JSON. A
 * `MCP-Protocol-Version` the server does not speak gets `400` naming every revision in
 * {@link MCP_REVISIONS} (the SDK's transport would name the 2025 ones alone, as if 2026-07-28 were not
 * served), with the error of an unsupported revision (`data.supported`, `data.requested`).
 */
async function answerLegacy(request: Request, message: unknown, options: McpServerOptions): Promise<Response> {
  const revision = request.headers.get('mcp-protocol-version');
  if (revision !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(revision)) {
    const error = new UnsupportedProtocolVersionError({ supported: [...MCP_REVISIONS], requested: revision });
    return refusal(400, `${error.message}. Supported: ${MCP_REVISIONS.join(', ')}.`, {
      code: error.code,
      data: error.data,
    });
  }
  const server = createMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await server.close();
  }
}

/**
 * The request body as UTF-8 text, or `null` as soon as it is known to exceed `maxBytes`: from a
 * `content-length` over it (nothing is read), or when the bytes that arrive pass it (a chunked body
 * without a length stops there; the rest is cancelled, never buffered). The SDK's transport reads the same
 * way (its `maxRequestBodySize`), but a batch has to be refused before the transport runs its messages,
 * so the body is read here and handed over parsed.
 */
async function readBody(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get('content-length')) > maxBytes) {
    await request.body?.cancel();
    return null;
  }
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}
