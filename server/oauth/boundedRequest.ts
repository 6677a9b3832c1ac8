/**
 * The authorization server's outgoing requests that Node's `fetch` cannot make as asked: to the user pool with
 * the local hosted UI's self-signed certificate trusted, and, in a plainly local run, to a client's metadata
 * document on this machine. Each answer is bounded in size and time before anything reads it.
 */
import http from 'node:http';
import https from 'node:https';

/** Largest answer read, in bytes, unless a caller asks for less. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** How long a request may take, in ms. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Options of {@link boundedRequest}. */
export interface BoundedRequestOptions {
  /** Default `GET`. */
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The one certificate to trust, in PEM (the local hosted UI's self-signed one). Unset: the system's.
   */
  ca?: string;
  /** Default {@link MAX_ANSWER_BYTES}. */
  maxBytes?: number;
  /** Ends the request early (on top of {@link REQUEST_TIMEOUT_MS}). */
  signal?: AbortSignal;
}

/** An answer read whole. */
export interface BoundedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Sends one request over http or https and reads its answer.
 *
 * @throws {Error} naming `url` when the answer is larger than `maxBytes`, takes longer than
 *   {@link REQUEST_TIMEOUT_MS}, is aborted, or the connection fails.
 */
export function boundedRequest(url: string, options: BoundedRequestOptions = {}): Promise<BoundedAnswer> {
  const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const request = (url.startsWith('https:') ? https : http).request(
      url,
      { method: options.method ?? 'GET', headers, ca: options.ca, timeout: REQUEST_TIMEOUT_MS, signal: options.signal },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes)
            return void response.destroy(new Error(`the answer of ${url} is over ${maxBytes} bytes`));
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer in ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Statuses whose `Response` may not have a body (Fetch standard, "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for oidc-provider's `fetch` option that trusts `ca` (the local hosted UI's certificate), for the
 * client metadata documents a plainly local run serves on this machine. Answers are bounded as
 * {@link boundedRequest} bounds them; oidc-provider applies its own, smaller limit on top.
 */
export function fetchTrusting(
  ca: string | undefined,
): (url: URL | string | Request, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const sent: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (sent[name] = value));
    const answer = await boundedRequest(typeof url === 'object' && 'url' in url ? url.url : String(url), {
      method: init.method,
      headers: sent,
      ca,
      signal: init.signal ?? undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers,
    });
  };
}
