/**
 * `call_api` of the MCP server: sends one operation of the contract, with the caller's own access token
 * (the token the MCP request carried; the provider's API takes the same Cognito access token, spec §6), to
 * the API base the portal allows: the local sandbox in local mode, the provider's API only when
 * MCP_CALL_API=provider says so (config/env.ts `mcp.callApiBase`).
 *
 * One tool call is one upstream request (redirects are not followed), and its answer is read up to
 * {@link MAX_ANSWER_BYTES} as it streams in: a larger answer is cut there, said so, and never buffered
 * whole.
 */
import type { ContractNode } from '../../rules/contract';
import { trimTrailing } from '../../rules/text';
import { getOperation } from './operations';

/** What a call needs besides the operation. */
export interface CallTarget {
  /** The API base, e.g. `http://localhost:4010/api/v1/customer`; `null` when calls are off. */
  base: string | null;
  /** The caller's access token. */
  token: string;
  /** Abort after this many ms (default {@link CALL_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** The arguments of `call_api`. */
export interface CallArguments {
  operation: string;
  pathParameters?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
}

/** What `call_api` answers. */
export interface CallResult {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /**
   * The JSON body parsed; a text body, or a JSON body that is cut or not JSON, as text; `{ location }` for
   * a redirect; `null` for none or binary.
   */
  body: unknown;
  /** Whether the answer was longer than {@link MAX_ANSWER_BYTES} and `body` holds only its start. */
  truncated: boolean;
  /** What to do about a cut answer. */
  note?: string;
}

/** Longest call, in ms: a slow provider must not hold the agent for ever. */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * Most bytes of an answer's body read and returned (1 MiB): an agent cannot use more in one answer, and
 * a larger one would sit in the server's memory several times over (bytes, text, parsed JSON, the
 * JSON-RPC answer).
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** A call the tool refuses before sending, with what to fix. */
export class CallError extends Error {}

/**
 * Sends the call.
 *
 * @throws {CallError} when calls are off, the operation is unknown, or a path parameter is missing, empty,
 *   `.` or `..` (also percent-encoded), or the URL would leave the API base.
 */
export async function callApi(contract: ContractNode, args: CallArguments, target: CallTarget): Promise<CallResult> {
  if (target.base === null) {
    throw new CallError(
      "call_api is off on this portal, so it sent nothing: its operator has not let it call the provider's API. " +
        'Use get_operation for the request and send it yourself.',
    );
  }
  const operation = getOperation(contract, args.operation);
  if (!operation) {
    throw new CallError(`No operation "${args.operation}": list_operations names them (operationId or slug).`);
  }
  const url = new URL(target.base + expandPath(operation.operationId, operation.path, args.pathParameters ?? {}));
  const base = new URL(target.base);
  const basePath = `${trimTrailing(base.pathname, '/')}/`;
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath)) {
    throw new CallError(`${url.pathname} is not under the API base ${basePath}: check the path parameters.`);
  }
  for (const [name, value] of Object.entries(args.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  const hasBody = args.body !== undefined && operation.method !== 'GET' && operation.method !== 'HEAD';
  const response = await fetch(url, {
    method: operation.method,
    headers: {
      authorization: `Bearer ${target.token}`,
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    body: hasBody ? JSON.stringify(args.body) : undefined,
    // A file download answers 307 to a signed URL (spec §7.1): the agent gets the Location, not the file.
    redirect: 'manual',
    signal: AbortSignal.timeout(target.timeoutMs ?? CALL_TIMEOUT_MS),
  });
  const contentType = response.headers.get('content-type') ?? '';
  return {
    method: operation.method,
    url: url.toString(),
    status: response.status,
    contentType,
    ...(await bodyOf(response, contentType)),
  };
}

/**
 * The operation's path with each `{name}` replaced by its percent-encoded parameter. A parameter that is
 * empty, `.` or `..`, before or after percent-decoding, is refused: the URL parser would resolve it as a
 * dot segment (WHATWG URL also reads `%2e%2e` so) and the call would reach another path than the
 * operation's.
 */
function expandPath(operationId: string, template: string, given: Record<string, string | number>): string {
  let path = '';
  let at = 0;
  for (;;) {
    const open = template.indexOf('{', at);
    const close = open < 0 ? -1 : template.indexOf('}', open);
    if (close < 0) return path + template.slice(at);
    const name = template.slice(open + 1, close);
    path += template.slice(at, open) + encodeURIComponent(pathParameter(operationId, name, given[name]));
    at = close + 1;
  }
}

function pathParameter(operationId: string, name: string, value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  if (text === '') {
    throw new CallError(`${operationId} needs the path parameter "${name}" (pathParameters.${name}).`);
  }
  if (isDotSegment(text)) {
    throw new CallError(
      `The path parameter "${name}" may not be "${text}": "." and ".." would change the path. ` +
        `Give the value ${operationId} expects (get_operation describes it).`,
    );
  }
  return text;
}

/** `.`, `..` or empty, as given or after percent-decoding it (again until it no longer changes). */
function isDotSegment(text: string): boolean {
  let value = text;
  for (;;) {
    if (value === '' || value === '.' || value === '..') return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return false;
    }
    if (decoded === value) return false;
    value = decoded;
  }
}

/** The answer's body, read up to {@link MAX_ANSWER_BYTES}; a binary body or a redirect's is not read. */
async function bodyOf(
  response: Response,
  contentType: string,
): Promise<Pick<CallResult, 'body' | 'truncated' | 'note'>> {
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return { body: { location: response.headers.get('location') }, truncated: false };
  }
  const json = /\bjson\b/.test(contentType);
  if (!json && !contentType.startsWith('text/') && contentType !== '') {
    await response.body?.cancel();
    return { body: null, truncated: false };
  }
  const { text, truncated } = await readText(response, MAX_ANSWER_BYTES);
  if (truncated) {
    return {
      body: text,
      truncated: true,
      note:
        `The answer is longer than ${MAX_ANSWER_BYTES} bytes: body holds its first ${MAX_ANSWER_BYTES} bytes as ` +
        'text (a cut JSON body does not parse). Ask for less: a smaller page_size, fewer fields or narrower filters ' +
        '(get_operation lists the parameters).',
    };
  }
  if (json && text !== '') {
    try {
      return { body: JSON.parse(text), truncated: false };
    } catch {
      return { body: text, truncated: false };
    }
  }
  return { body: text || null, truncated: false };
}

/**
 * The body as UTF-8 text, read chunk by chunk until `maxBytes`; past it, the rest is cancelled (the
 * connection is closed, not drained) and the text ends at the last whole character before the cut.
 */
async function readText(response: Response, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (response.body === null) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), truncated: false };
    const room = maxBytes - received;
    received += value.byteLength;
    if (value.byteLength > room) {
      // Decoding in stream mode keeps a character cut in two back, so the text ends on a whole one.
      text += decoder.decode(value.subarray(0, room), { stream: true });
      await reader.cancel();
      return { text, truncated: true };
    }
    text += decoder.decode(value, { stream: true });
  }
}
