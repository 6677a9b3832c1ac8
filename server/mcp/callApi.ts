/**
 * `call_api` of the MCP server (issue #27): sends one operation of the contract, with the caller's own
 * access token (the token the MCP request carried; the provider's API takes the same Cognito access
 * token, spec §6), to the API base the portal allows: the local sandbox in local mode, the provider's
 * API only when MCP_CALL_API=provider says so (config/env.ts `mcp.callApiBase`).
 */
import type { ContractNode } from '../../rules/contract';
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
  /** The JSON body parsed, a text body (cut at {@link MAX_TEXT_CHARS}), or `null` for none or binary. */
  body: unknown;
}

/** Longest call, in ms: a slow provider must not hold the agent for ever. */
export const CALL_TIMEOUT_MS = 30_000;

/** Longest text body returned, in characters. */
export const MAX_TEXT_CHARS = 100_000;

/** A call the tool refuses before sending, with what to fix. */
export class CallError extends Error {}

/**
 * Sends the call.
 *
 * @throws {CallError} when calls are off, the operation is unknown or a path parameter is missing.
 */
export async function callApi(contract: ContractNode, args: CallArguments, target: CallTarget): Promise<CallResult> {
  if (target.base === null) {
    throw new CallError(
      "call_api is off on this portal: it calls the provider's API only when the portal runs with " +
        'MCP_CALL_API=provider. Use get_operation for the request and send it yourself.',
    );
  }
  const operation = getOperation(contract, args.operation);
  if (!operation) {
    throw new CallError(`No operation "${args.operation}": list_operations names them (operationId or slug).`);
  }
  const given = args.pathParameters ?? {};
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (given[name] === undefined || given[name] === '') {
      throw new CallError(`${operation.operationId} needs the path parameter "${name}" (pathParameters.${name}).`);
    }
    return encodeURIComponent(String(given[name]));
  });
  const url = new URL(target.base + path);
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
    body: await bodyOf(response, contentType),
  };
}

async function bodyOf(response: Response, contentType: string): Promise<unknown> {
  if (response.status >= 300 && response.status < 400) return { location: response.headers.get('location') };
  if (/\bjson\b/.test(contentType)) return response.json().catch(() => null);
  if (contentType.startsWith('text/') || contentType === '') {
    const text = await response.text();
    return text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}…` : text || null;
  }
  return null;
}
