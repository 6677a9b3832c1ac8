/**
 * The portal's gate at the CDN edge: a CloudFront viewer-request handler (Lambda@Edge) that
 * makes the same access decision as the Fastify gate (rules/access.ts) before CloudFront serves
 * anything from the private bucket. Anonymous page request → the request goes on for the sign-in page's
 * object (`/login/index.html`), so the browser gets the sign-in page at the page's own address, as from the
 * Fastify gate; anything else anonymous → 401 with no body; signed in outside the readers group (a preview's
 * reviewers, rules/access.ts) → 403 saying so; signed in (or a public sign-in file) → the request
 * goes on with its URI rewritten to the bucket's object (`/docs/x` → `/docs/x/index.html`, or `/docs/x.md` when the request prefers Markdown:
 * rules/negotiation.ts, as the Fastify gate chooses); `.html` and `/index` paths → 301 to the plain path.
 * The rewritten URI is CloudFront's cache key, so the cache keeps the two apart; the distribution's pages
 * policy sends `Vary: Accept` (deploy/stack.ts).
 *
 * Lambda@Edge has no environment variables, so everything the decision needs ({@link EdgeConfig}) is
 * baked into the bundle by `npm run deploy:build`.
 */
import type {
  CloudFrontHeaders,
  CloudFrontRequest,
  CloudFrontRequestEvent,
  CloudFrontResultResponse,
} from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { AuthSettings } from '../../config/env';
import { negotiatedFile } from '../../rules/negotiation';
import { builtFileOf, normalisedPath } from '../../rules/routes';
import { decide, encodePath, OUTSIDE_GROUP_TEXT, sameOriginLocation, type GateSettings } from '../../rules/access';
import { createAccessTokenVerifier } from '../../server/gate/verifier';

/** What the handler is built with, baked in at bundle time. */
export interface EdgeConfig {
  /** The user pool and app client (Cognito mode), or the local identity service (local mode). */
  auth: AuthSettings;
  /** The pool's JWKS, so no key is fetched at the edge (aws-jwt-verify `cacheJwks`). */
  jwks: Jwks;
  /** Decoded site paths served without sign-in: the build's sign-in page and its assets. */
  publicPaths: string[];
  /** Route of the sign-in page, e.g. `/login`. */
  signInRoute: string;
  /**
   * The build's pages that have no Markdown copy (rules/routes.ts `pagesWithoutMarkdown`, e.g.
   * `login/index.html`): they stay HTML when Markdown is asked for, as in the Fastify gate, where the bucket
   * would answer 404. The handler cannot look in the bucket, and this list stays short as content grows.
   */
  pagesWithoutMarkdown: string[];
}

/** A CloudFront viewer-request handler. */
export type EdgeHandler = (event: CloudFrontRequestEvent) => Promise<CloudFrontRequest | CloudFrontResultResponse>;

/** The values of one header, joined as HTTP would (`Cookie` with `; `, others with `, `). */
function header(headers: CloudFrontHeaders, name: string): string | undefined {
  const values = headers[name]?.map((h) => h.value);
  if (!values?.length) return undefined;
  return values.join(name === 'cookie' ? '; ' : ', ');
}

/** A response CloudFront sends without going to the origin; never cached, no body. */
function answer(status: number, description: string, extra: CloudFrontHeaders = {}): CloudFrontResultResponse {
  return {
    status: String(status),
    statusDescription: description,
    headers: { 'cache-control': [{ key: 'Cache-Control', value: 'no-store' }], ...extra },
  };
}

const location = (value: string): CloudFrontHeaders => ({ location: [{ key: 'Location', value }] });

/**
 * Builds the handler. The verifier is created once, outside the handler (aws-jwt-verify's advice for
 * Lambda), and keeps verified tokens until they expire.
 */
export function createHandler(config: EdgeConfig): EdgeHandler {
  const rules: Promise<GateSettings> = createAccessTokenVerifier(config.auth, { jwks: config.jwks }).then(
    (verifier) => ({
      publicPaths: new Set(config.publicPaths),
      appClientId: config.auth.userPoolClientId,
      verifier,
      signInRoute: config.signInRoute,
      servesPages: true,
    }),
  );

  const withoutMarkdown = new Set(config.pagesWithoutMarkdown);

  return async (event) => {
    const request = event.Records[0].cf.request;
    const accept = header(request.headers, 'accept');
    const decision = await decide(
      {
        method: request.method,
        target: request.querystring ? `${request.uri}?${request.querystring}` : request.uri,
        cookie: header(request.headers, 'cookie'),
        accept,
        authorization: header(request.headers, 'authorization'),
      },
      await rules,
    );
    if (decision.pass) {
      // The viewer's token has done its job; the bucket's origin request is signed by CloudFront (OAC).
      delete request.headers.authorization;
      const plain = normalisedPath(decision.path);
      if (plain !== null) return answer(301, 'Moved Permanently', location(sameOriginLocation(plain, decision.search)));
      const file = builtFileOf(decision.path);
      request.uri = encodePath(`/${negotiatedFile(file, accept, (_copy, page) => !withoutMarkdown.has(page))}`);
      return request;
    }
    if (decision.status === 200) {
      // The sign-in page's object, as its own path is served: public, and cached under its own key.
      delete request.headers.authorization;
      request.uri = encodePath(`/${builtFileOf(decision.page)}`);
      return request;
    }
    if (decision.status === 302) return answer(302, 'Found', location(decision.location));
    if (decision.status === 401) {
      const challenge = decision.wwwAuthenticate;
      return answer(
        401,
        'Unauthorized',
        challenge ? { 'www-authenticate': [{ key: 'WWW-Authenticate', value: challenge }] } : undefined,
      );
    }
    if (decision.status === 403) {
      // A reader outside the readers group (a preview's reviewers): signed in, so told why, not sent to sign in.
      return {
        ...answer(403, 'Forbidden', { 'content-type': [{ key: 'Content-Type', value: 'text/plain; charset=utf-8' }] }),
        body: OUTSIDE_GROUP_TEXT,
      };
    }
    return answer(decision.status, decision.reason);
  };
}
