/**
 * Pure rules about incoming requests, for the gate hook: the targets and header sizes it refuses, and
 * what counts as a page request.
 */

/** Longest request target accepted, in characters; longer ones get 414. */
export const MAX_URL_LENGTH = 4096;

/** Largest `Cookie` header accepted, in bytes; Amplify's tokens take about 5 KB. Larger: 431. */
export const MAX_COOKIE_BYTES = 16 * 1024;

/**
 * Largest `Authorization` header accepted, in bytes; larger: 431. As much as the cookie allowance, which
 * holds the same access token beside two others. Node's HTTP parser caps all headers together at 16 KiB,
 * but a Lambda function URL, CloudFront (up to 20 KB) and `inject()` pass longer ones, and the header is
 * parsed before anyone is known.
 */
export const MAX_AUTHORIZATION_BYTES = 16 * 1024;

/** Whether `header`, UTF-8 encoded, is longer than `maxBytes` (linear; checks the length first). */
export function exceedsBytes(header: string | undefined, maxBytes: number): boolean {
  if (header === undefined || header.length * 3 <= maxBytes) return false;
  return header.length > maxBytes || new TextEncoder().encode(header).length > maxBytes;
}

/** The request target split into a decoded path and its query, or why it is refused. */
export type ParsedTarget =
  { ok: true; path: string; search: string } | { ok: false; status: 400 | 414; reason: string };

/**
 * Decodes the path of a request target, refusing what no page of a static site needs: over-long
 * targets, malformed percent-encoding, encoded slashes or backslashes (they would change which file
 * a path names), NUL bytes and dot segments.
 */
export function parseTarget(target: string): ParsedTarget {
  if (target.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: 'URL too long' };
  const [rawPath, ...rest] = target.split('?');
  // A bare `?` is no query (CloudFront passes none on), so both gates keep the same `next`.
  const query = rest.join('?');
  const search = query ? `?${query}` : '';
  if (!rawPath.startsWith('/')) return { ok: false, status: 400, reason: 'not an absolute path' };
  if (/%2f|%5c|%00/i.test(rawPath)) return { ok: false, status: 400, reason: 'encoded slash or NUL in path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\\') || decoded.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 400, reason: 'dot segment or backslash in path' };
  }
  // No file of the build has an empty segment (`//x`, `a//b`, `x//`) or a `?`/`#` in its name; refused
  // here, both gates answer such paths alike, and none can turn into a `Location: //host`.
  if (decoded.includes('//')) return { ok: false, status: 400, reason: 'empty segment in path' };
  if (/[?#]/.test(decoded)) return { ok: false, status: 400, reason: 'encoded ? or # in path' };
  return { ok: true, path: decoded, search };
}

/**
 * Whether a request asks for a page (HTML) rather than an asset: a GET or HEAD whose path has no file
 * extension or ends in `.html`, whose `Accept` names `text/html`, as every browser's navigation does. An
 * anonymous page request gets the sign-in page (rules/access.ts); anything else anonymous gets 401,
 * scripts included: one that sends no `Accept` or only the wildcard gets a status it can act on, not a
 * page of HTML.
 */
export function isPageRequest(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const last = path.split('/').pop() ?? '';
  const pageLike = !last.includes('.') || last.endsWith('.html');
  return pageLike && accept !== undefined && accept.toLowerCase().includes('text/html');
}

/**
 * The sign-in URL that returns to `path + search` afterwards, e.g. `/login?next=%2Fdocs%2Fx`: where a runtime
 * that serves no pages would send a page request (rules/access.ts).
 */
export function signInUrl(signInRoute: string, path: string, search: string): string {
  return `${signInRoute}?next=${encodeURIComponent(encodeURI(path) + search)}`;
}
