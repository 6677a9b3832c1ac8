/**
 * Who may have what: the one access decision of the portal, shared by the Fastify gate
 * (server/app.ts) and the CloudFront viewer-request handler (deploy/edge), so the two cannot drift.
 * Runtime-neutral (rules/README.md): no file system, no framework; the caller passes the request's method, target, `Cookie`
 * and `Accept` headers, and the public paths and verifier it built once.
 *
 * - Sign-in page and its assets (the build's allow-list): everyone.
 * - A valid Cognito access token in Amplify's cookies, or (on GET/HEAD, for scripts, and on the POST of
 *   reader insights, rules/insights.ts) in an `Authorization: Bearer` header: everything. An invalid bearer token gets 401 with an RFC 6750 challenge.
 *   Anonymous requests for files (`.md`, `llms.txt`, chunks…) get 401 with no body, never a redirect.
 * - A valid token of a user outside the readers group, where one is set (a preview's reviewers,
 *   config/env.ts `auth.readersGroup`): 403, on every path but the public ones.
 * - Otherwise a page request (a browser's: `Accept` names `text/html`) gets the sign-in page at its own
 *   address, where the runtime serves pages (`servesPages`: the Fastify gate, the edge handler): the browser
 *   shows the sign-in form there and, once signed in, the page (src/components/SignInRedirect/inPlace.ts).
 *   An expired token with a refresh token too: the sign-in page renews it without the password. Anything
 *   else gets 401 with no body, scripts' requests included.
 * - A runtime that serves no pages (the Lambda functions) gets a 302 to `/login?next=<path>` for such a
 *   request instead, which it answers with 401.
 * - The MCP endpoint `/mcp`, where the runtime serves it: an `Authorization: Bearer` access
 *   token on every method and nothing else (the MCP authorization spec: a token on every request, in the
 *   header; cookies do not count), else 401 with the RFC 9728 `resource_metadata` challenge (rules/mcp.ts).
 *   The token is a user pool access token (a script's, pasted) or, where the runtime serves the portal's
 *   authorization server, one it issued for the MCP endpoint (server/oauth): those open `/mcp` and nothing
 *   else, and the authorization server's own paths are public (it decides itself).
 *
 * Whether a page that passes is sent as HTML or as its Markdown copy (`Accept: text/markdown`) is chosen
 * after this decision (./negotiation.ts), so both get the same one: an anonymous request that accepts
 * HTML gets the sign-in page, one that accepts only Markdown gets 401.
 */
import { parse as parseCookies } from 'cookie';
import { tokensFromCookies } from './cookies';
import { INSIGHTS_EVENTS_PATH } from './insights';
import { isAuthorizationServerPath, mcpChallenge, MCP_PATH } from './mcp';
import {
  exceedsBytes,
  isPageRequest,
  MAX_AUTHORIZATION_BYTES,
  MAX_COOKIE_BYTES,
  parseTarget,
  signInUrl,
} from './requests';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/**
 * The outcome of checking a token. `outsideGroup`: the token is the pool's and valid, but its user is not in the
 * group whose members alone may read (config/env.ts `auth.readersGroup`).
 */
export type TokenCheck =
  { valid: true; payload: JwtPayload } | { valid: false; expired: boolean; reason: string; outsideGroup?: boolean };

/** Checks access tokens of one user pool app client. */
export interface AccessTokenVerifier {
  /** Never throws: every failure is a `{ valid: false }` with the reason. */
  check(token: string): Promise<TokenCheck>;
}

/**
 * Why a request was let through or not (logs, and `x-gate` in tests): `bearer` is a script's valid
 * `Authorization: Bearer` access token, `bad-bearer` one that is not.
 */
export type Access = 'public' | 'signed-in' | 'bearer' | 'refreshable' | 'anonymous' | 'bad-bearer' | 'outside-group';

/** What the access decision needs to know, built once per process. */
export interface GateSettings {
  /** Decoded site paths served without sign-in (server/gate/publicFiles.ts). */
  publicPaths: ReadonlySet<string>;
  /** The user pool app client whose cookies hold the tokens. */
  appClientId: string;
  verifier: AccessTokenVerifier;
  /** Route of the sign-in page, e.g. `/login`. */
  signInRoute: string;
  /**
   * Set where the runtime serves the site's pages (the Fastify gate, the edge handler): an anonymous page
   * request then gets the sign-in page in place (the `status: 200` decision). Unset (the Lambda functions,
   * which serve no pages), it gets a 302 to the sign-in route.
   */
  servesPages?: boolean;
  /**
   * Set where the runtime serves the MCP endpoint (rules/mcp.ts): the site's public URL without a
   * trailing slash, named in the 401's `resource_metadata`. Unset, `/mcp` is a path like any other.
   */
  mcpSiteUrl?: string;
  /**
   * Set where the runtime serves the portal's authorization server for MCP clients (server/oauth): the check of
   * the access tokens it issues, which open `/mcp` only. Its own paths (rules/mcp.ts
   * `isAuthorizationServerPath`) are then public.
   */
  mcpOAuthVerifier?: AccessTokenVerifier;
}

/** The parts of a request the decision reads. */
export interface GateRequest {
  method: string;
  /** Path and query as received, e.g. `/docs/x?y=1`. */
  target: string;
  cookie?: string;
  accept?: string;
  /** The `Authorization` header, e.g. `Bearer eyJ…`. */
  authorization?: string;
}

/** The decision: let it through (with its decoded path), or answer with a status. */
export type GateDecision =
  | {
      pass: true;
      access: 'public' | 'signed-in' | 'bearer';
      path: string;
      search: string;
      /** The access token's `sub` (the user's id) when a token let the request in; for reader insights only. */
      subject?: string;
      /**
       * On `/mcp`: who issued the token that let the request in, the user pool (a pasted access token) or the
       * portal's authorization server (an AI tool's), whose reader's user-pool token `call_api` then uses.
       */
      issuedBy?: 'user-pool' | 'authorization-server';
    }
  /**
   * 403: a valid token of a user outside the readers group (a preview's reviewers), as a cookie or a script's
   * bearer token. Signing in again would not help, so neither the sign-in page nor a challenge.
   */
  | { pass: false; status: 400 | 403 | 414 | 431; reason: string }
  /**
   * An anonymous page request where the runtime serves pages: answer with the sign-in page (`page`, the
   * sign-in route) as that page is answered, at the requested address. Its client renders the sign-in route
   * there and the requested page once signed in; no byte of the requested page is sent.
   */
  | { pass: false; status: 200; access: Access; page: string }
  | { pass: false; status: 302; access: Access; location: string }
  | { pass: false; status: 401; access: Access; wwwAuthenticate?: string };

/**
 * How a runtime that serves no pages (the MCP server and reader insights, behind the gate or in a Lambda
 * function) answers a refused decision: its status, except that a redirect to the sign-in page becomes 401 (an
 * AI tool or a script cannot sign in on a page), with `no-store` and the decision's `WWW-Authenticate`
 * challenge when it has one (RFC 6750 §3; MCP authorization: the challenge names the resource metadata).
 *
 * @returns the status and the headers to send, with an empty body.
 */
export function refusalWithoutPages(decision: Exclude<GateDecision, { pass: true }>): {
  status: number;
  headers: Record<string, string>;
} {
  const challenge = 'wwwAuthenticate' in decision ? decision.wwwAuthenticate : undefined;
  return {
    status: decision.status === 302 ? 401 : decision.status,
    headers: { 'cache-control': 'no-store', ...(challenge ? { 'www-authenticate': challenge } : {}) },
  };
}

/**
 * The `Authorization: Bearer <token>` credential of a request (RFC 6750 §2.1: the scheme is
 * case-insensitive), `''` for a Bearer header without a usable token (none, or more than one word),
 * `undefined` when the header names no Bearer scheme.
 *
 * Read with string operations in time linear in the header's length: it runs before any check of who
 * is asking, so a regular expression that backtracks on long runs of spaces would let one anonymous
 * request hold the event loop. {@link decide} refuses a header over
 * `MAX_AUTHORIZATION_BYTES` before it gets here.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  const text = (authorization ?? '').trim();
  if (text.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const rest = text.slice(6);
  if (rest === '') return '';
  // `Bearerx …` is another scheme's name, not Bearer.
  if (rest.trimStart() === rest) return undefined;
  const token = rest.trim();
  return token.split(/[ \t]/, 2).length === 1 ? token : '';
}

/** The answer to a valid token of a user outside the readers group. */
const OUTSIDE_GROUP: GateDecision = { pass: false, status: 403, reason: 'Forbidden' };

/**
 * What both gates send with that 403, as plain text: who may read, and what to do. The group's name is not
 * said, since nothing about the deployment needs telling to someone outside it.
 */
export const OUTSIDE_GROUP_TEXT =
  'You are signed in, but this site is open to a group of readers your account is not in. ' +
  'Ask whoever shared its address to add your account to that group, then sign out and in again.\n';

/** RFC 6750 §3 challenge for a refused bearer token. */
const INVALID_TOKEN = 'Bearer error="invalid_token"';

/**
 * Decides one request. Never throws: a malformed target, or a `Cookie` or `Authorization` header over its
 * size (rules/requests.ts), is an answer (400/414/431).
 */
export async function decide(request: GateRequest, settings: GateSettings): Promise<GateDecision> {
  const target = parseTarget(request.target);
  if (!target.ok) return { pass: false, status: target.status, reason: target.reason };
  if (exceedsBytes(request.cookie, MAX_COOKIE_BYTES)) {
    return { pass: false, status: 431, reason: 'cookie header too large' };
  }
  if (exceedsBytes(request.authorization, MAX_AUTHORIZATION_BYTES)) {
    return { pass: false, status: 431, reason: 'authorization header too large' };
  }
  if (settings.mcpSiteUrl !== undefined && target.path === MCP_PATH)
    return decideMcp(request, target, settings.mcpSiteUrl, settings);
  if (settings.mcpOAuthVerifier && isAuthorizationServerPath(target.path))
    return { pass: true, access: 'public', path: target.path, search: target.search };
  // A script's access token, on reads only, verified exactly like the cookie's: it lets
  // the request in or, when invalid, answers 401 — never the sign-in page a script cannot use.
  // Reader insights take a script's token on their POST too (rules/insights.ts).
  const readsOrInsights =
    request.method === 'GET' ||
    request.method === 'HEAD' ||
    (request.method === 'POST' && target.path === INSIGHTS_EVENTS_PATH);
  const bearer = readsOrInsights ? bearerToken(request.authorization) : undefined;
  if (bearer !== undefined && !settings.publicPaths.has(target.path)) {
    const check = bearer ? await settings.verifier.check(bearer) : undefined;
    if (check?.valid)
      return { pass: true, access: 'bearer', path: target.path, search: target.search, subject: subjectOf(check) };
    if (check?.outsideGroup) return OUTSIDE_GROUP;
    return { pass: false, status: 401, access: 'bad-bearer', wwwAuthenticate: INVALID_TOKEN };
  }
  const { access, subject } = await accessOf(target.path, request.cookie, settings);
  if (access === 'public' || access === 'signed-in')
    return { pass: true, access, path: target.path, search: target.search, subject };
  if (access === 'outside-group') return OUTSIDE_GROUP;
  if (isPageRequest(request.method, target.path, request.accept)) {
    if (settings.servesPages) return { pass: false, status: 200, access, page: settings.signInRoute };
    return { pass: false, status: 302, access, location: signInUrl(settings.signInRoute, target.path, target.search) };
  }
  return { pass: false, status: 401, access };
}

/**
 * `/mcp`: a valid bearer access token on any method, nothing else (see the module comment). A JWT is the user
 * pool's; anything else, where the runtime has one, the authorization server's (an opaque token).
 */
async function decideMcp(
  request: GateRequest,
  target: { path: string; search: string },
  siteUrl: string,
  settings: GateSettings,
): Promise<GateDecision> {
  const bearer = bearerToken(request.authorization);
  const issuedBy = bearer?.includes('.') || !settings.mcpOAuthVerifier ? 'user-pool' : 'authorization-server';
  const verifier = issuedBy === 'user-pool' ? settings.verifier : settings.mcpOAuthVerifier!;
  const check = bearer ? await verifier.check(bearer) : undefined;
  if (check?.valid)
    return {
      pass: true,
      access: 'bearer',
      path: target.path,
      search: target.search,
      subject: subjectOf(check),
      issuedBy,
    };
  return {
    pass: false,
    status: 401,
    access: bearer === undefined ? 'anonymous' : 'bad-bearer',
    wwwAuthenticate: mcpChallenge(siteUrl, bearer !== undefined),
  };
}

/** The `sub` claim of a valid token, if it has one. */
function subjectOf(check: TokenCheck): string | undefined {
  return check.valid && typeof check.payload.sub === 'string' ? check.payload.sub : undefined;
}

async function accessOf(
  path: string,
  cookieHeader: string | undefined,
  settings: GateSettings,
): Promise<{ access: Access; subject?: string }> {
  if (settings.publicPaths.has(path)) return { access: 'public' };
  let cookies: Record<string, string | undefined>;
  try {
    cookies = cookieHeader ? parseCookies(cookieHeader) : {};
  } catch {
    return { access: 'anonymous' };
  }
  const tokens = tokensFromCookies(cookies, settings.appClientId);
  if (!tokens?.accessToken) return { access: 'anonymous' };
  const check = await settings.verifier.check(tokens.accessToken);
  if (check.valid) return { access: 'signed-in', subject: subjectOf(check) };
  if (check.outsideGroup) return { access: 'outside-group' };
  return { access: check.expired && tokens.refreshToken ? 'refreshable' : 'anonymous' };
}

/** A decoded site path percent-encoded segment by segment (`?`, `#` and `%` included), for a URI. */
export function encodePath(sitePath: string): string {
  return sitePath.split('/').map(encodeURIComponent).join('/');
}

/**
 * The `Location` of a redirect to a site path: percent-encoded, and never `//host…` or `/\\host…`,
 * which browsers read as another origin: such a path becomes `/`. `parseTarget` already
 * refuses empty segments; this keeps every redirect on the origin whatever the path.
 *
 * @param sitePath - a decoded site path starting with `/`.
 * @param search - the query to keep, with its `?`, or `''`.
 */
export function sameOriginLocation(sitePath: string, search: string): string {
  const encoded = encodePath(sitePath);
  return (/^\/[/\\]/.test(encoded) || !encoded.startsWith('/') ? '/' : encoded) + search;
}
