/**
 * Which browser requests the local stand-ins answer: the portal's pages, and clients that are no web page.
 * The Host check (server/gate/hosts.ts) stops a page rebound to this machine by DNS, not a page that calls
 * `http://localhost:9229` from its own origin: the browser sends that request, and a "simple" one (a `POST`
 * with `Content-Type: text/plain`) even without a CORS preflight, so withholding the CORS grant hides the
 * answer but does not stop the write. So a request from another site is refused before anything else runs.
 *
 * The browser says where a request comes from: `Origin` (Fetch standard, "origin header"; sent on every CORS
 * request and on every request that is not a `GET` or `HEAD`) and `Sec-Fetch-Site`/`Sec-Fetch-Mode`/
 * `Sec-Fetch-Dest` (W3C Fetch Metadata Request Headers). A page cannot set either. A client that is no web
 * page (curl, Node's fetch, the portal's server, `npm run users`, `npm run token`) sends no `Origin` and no
 * `Sec-Fetch-Site`, and is answered as before.
 */
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { PortalEnv } from '../config/env';
import { LOOPBACK_HOSTNAMES } from '../rules/hosts';

/** Who a local stand-in answers (see {@link originVerdict}). */
export interface OriginPolicy {
  /** The stand-in as the refusal names it, e.g. `The local identity service`. */
  service: string;
  /**
   * The origins whose pages it answers, with the CORS grant (`scheme://host:port`, as the browser serializes
   * an origin): {@link portalOrigins}, or none for an endpoint no page reads.
   */
  allowedOrigins: readonly string[];
  /**
   * Whether a top-level navigation from another site is answered (`GET`/`HEAD` with `Sec-Fetch-Mode: navigate`
   * and `Sec-Fetch-Dest: document`): the sign-in flow sends the browser to the hosted UI and the IdP and back.
   * Its answer goes to the person's own window, never to the page that started it. Default false.
   */
  navigations?: boolean;
}

/** What {@link originVerdict} says: pass, or the status and one-line plain-text body to answer with. */
export type OriginVerdict = { pass: true } | { pass: false; status: 403; body: string };

/** The request as {@link originVerdict} reads it. */
export interface BrowserRequest {
  method?: string;
  /** Node's lower-cased headers (`Origin`, `Host`, `Sec-Fetch-*`). */
  headers: http.IncomingHttpHeaders;
  /** The scheme the stand-in serves: its own pages' origin is `<scheme>://<Host>`. */
  scheme: 'http' | 'https';
}

/** A header's one value; a repeated header is not one origin and matches nothing. */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/**
 * The portal's origins in local mode: SITE_URL's origin, and the site on PORT by each loopback name the Host
 * check accepts (rules/hosts.ts `LOOPBACK_HOSTNAMES`), as `npm start`'s dev server and `npm run serve` both
 * serve it there. Computed once, here, and passed to every local stand-in.
 *
 * @returns e.g. `['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']`, without repeats.
 */
export function portalOrigins(env: Pick<PortalEnv, 'siteUrl' | 'sitePort'>): string[] {
  const origins = new Set([new URL(env.siteUrl).origin]);
  for (const name of LOOPBACK_HOSTNAMES) origins.add(`http://${name}:${env.sitePort}`);
  return [...origins];
}

/**
 * Whether a local stand-in answers this request:
 * - with an `Origin`: only one of `policy.allowedOrigins`, or the stand-in's own (its IdP login form posts to
 *   itself); any other, `null` included, is refused;
 * - without one: refused only when `Sec-Fetch-Site` says `cross-site` (a `<script>`, `<img>` or frame of
 *   another site's page), unless it is a top-level navigation that `policy.navigations` allows.
 *
 * The header values are compared with fixed strings only, never parsed.
 *
 * @returns pass, or 403 with one line saying whom the stand-in answers.
 */
export function originVerdict(request: BrowserRequest, policy: OriginPolicy): OriginVerdict {
  const { headers } = request;
  const origin = single(headers.origin);
  if (origin !== undefined) {
    const host = single(headers.host);
    const own = host === undefined ? undefined : `${request.scheme}://${host.toLowerCase()}`;
    if (policy.allowedOrigins.includes(origin) || origin === own) return { pass: true };
    return refusal(policy);
  }
  if (single(headers['sec-fetch-site']) !== 'cross-site') return { pass: true };
  const navigation =
    (request.method === 'GET' || request.method === 'HEAD') &&
    single(headers['sec-fetch-mode']) === 'navigate' &&
    (single(headers['sec-fetch-dest']) ?? 'document') === 'document';
  return policy.navigations && navigation ? { pass: true } : refusal(policy);
}

function refusal(policy: OriginPolicy): OriginVerdict {
  const portal = policy.allowedOrigins.length ? `the portal (${policy.allowedOrigins.join(', ')}) and ` : '';
  return {
    pass: false,
    status: 403,
    body: `Forbidden: ${policy.service} answers only ${portal}clients outside a browser (curl, scripts), not ${portal ? 'pages of other sites' : 'web pages'}.\n`,
  };
}

/** The headers of a refusal: never cached, never granted to another origin. */
const REFUSAL_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/**
 * Adds the check to a Fastify app as an `onRequest` hook. Register it right after the Host check and before
 * CORS, so a refused request gets no CORS header and reaches no route.
 *
 * @param scheme - what the app serves (`https` for the hosted UI).
 */
export function addOriginCheck(app: FastifyInstance, policy: OriginPolicy, scheme: 'http' | 'https' = 'http'): void {
  app.addHook('onRequest', async (request, reply) => {
    const verdict = originVerdict({ method: request.method, headers: request.headers, scheme }, policy);
    if (verdict.pass) return undefined;
    return reply.code(verdict.status).headers(REFUSAL_HEADERS).send(verdict.body);
  });
}

/**
 * `listener` behind the same check, for `http.createServer` (the identity service and the IdP): a refused
 * request never reaches `listener`.
 *
 * @param policyFor - the policy of a request (the identity service's inbox has its own).
 */
export function originCheckedListener(
  listener: http.RequestListener,
  policyFor: (request: http.IncomingMessage) => OriginPolicy,
): http.RequestListener {
  return (request, response) => {
    const verdict = originVerdict(
      { method: request.method, headers: request.headers, scheme: 'http' },
      policyFor(request),
    );
    if (verdict.pass) return listener(request, response);
    response.writeHead(verdict.status, REFUSAL_HEADERS).end(verdict.body);
  };
}
