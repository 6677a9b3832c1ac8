/**
 * Reader insights on AWS: a Lambda function behind CloudFront's `/insights/*` behaviour, through a function URL,
 * as the MCP function is (deploy/mcp/handler.ts says why the function, not Lambda@Edge with origin access
 * control, makes the access decision): it refuses with 403 a request without the distribution's origin secret
 * (deploy/functionUrl/originSecret.ts, the same secret), makes the gate's access decision itself (rules/access.ts
 * `decide`, on the session's cookies or a Bearer token), refuses a body over `MAX_INSIGHTS_BODY_BYTES` with 413
 * before it is parsed, and records the rest with the gate's code (server/insights/record.ts) in the DynamoDB
 * table (server/insights/dynamoStore.ts): a request whose `Origin` is not SITE_URL's (CloudFront replaces the
 * `Host` with the function URL's) gets 403, an event for a route that is not one of the build's pages 400. It never answers 404 (CloudFront would replace it with the site's
 * 404 page): a path that is not its own gets 421, a method other than POST 405.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { AuthSettings } from '../../config/env';
import type { GateSettings } from '../../rules/access';
import { INSIGHTS_EVENTS_PATH, MAX_INSIGHTS_BODY_BYTES } from '../../rules/insights';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { createAccessTokenVerifier } from '../../server/gate/verifier';
import { answerHeaders, recordInsights, refusalBody } from '../../server/insights/record';
import type { InsightsStore } from '../../server/insights/store';
import { admit, NO_STORE } from '../functionUrl/request';
import { originSecretCheck } from '../functionUrl/originSecret';

/** What the function is built with, baked in at bundle time. */
export interface InsightsFunctionConfig {
  /** The user pool and app clients whose access tokens (cookie or Bearer) may record. */
  auth: AuthSettings;
  /** The pool's JWKS, so no key is fetched. */
  jwks: Jwks;
  /** The site's address (SITE_URL, e.g. `https://docs.example.com`): a request's `Origin` must be its. */
  siteUrl: string;
  /** The routes of the build's pages (rules/routes.ts `pageRoutesOf`): events name one of them. */
  pages: string[];
}

/** The environment variable that names the DynamoDB table (deploy/stack.ts sets it). */
export const INSIGHTS_TABLE_ENV = 'INSIGHTS_TABLE';

/**
 * The environment variable that names the KMS key the months' secrets are encrypted under (deploy/stack.ts
 * sets it to the key's ARN; server/insights/dynamoStore.ts).
 */
export const INSIGHTS_KEY_ENV = 'INSIGHTS_KEY_ID';

/** A Lambda function URL handler (payload format 2.0). */
export type InsightsFunctionHandler = (event: LambdaFunctionURLEvent) => Promise<LambdaFunctionURLResult>;

/** The request body as text, or `undefined` when it is over the limit (bytes, decoded). */
function boundedBody(event: LambdaFunctionURLEvent): string | undefined {
  const raw = event.body ?? '';
  // A base64 body's decoded size is at most three quarters of its length: check before decoding it.
  if ((event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw)) > MAX_INSIGHTS_BODY_BYTES + 2)
    return undefined;
  const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw);
  return body.length > MAX_INSIGHTS_BODY_BYTES ? undefined : body.toString('utf8');
}

/**
 * Builds the handler; the verifier is created once, outside the handler.
 *
 * @param originSecret - the secret CloudFront sends in {@link ORIGIN_SECRET_HEADER}.
 * @throws {Error} when `originSecret` is missing or too short (deploy/functionUrl/originSecret.ts), or `config.siteUrl`
 *   is not an absolute URL.
 */
export function createInsightsHandler(
  config: InsightsFunctionConfig,
  store: InsightsStore,
  originSecret: string | undefined,
): InsightsFunctionHandler {
  const fromDistribution = originSecretCheck(originSecret);
  const hosts = [new URL(config.siteUrl).host];
  const pages = new Set(config.pages);
  const rules: Promise<GateSettings> = createAccessTokenVerifier(config.auth, { jwks: config.jwks }).then(
    (verifier) => ({
      publicPaths: new Set<string>(),
      appClientId: config.auth.userPoolClientId,
      verifier,
      signInRoute: SIGN_IN_ROUTE,
    }),
  );

  return async (event): Promise<LambdaFunctionURLResult> => {
    const admitted = await admit(event, fromDistribution, await rules);
    if ('answer' in admitted) return admitted.answer;
    const { decision, headers } = admitted;
    const method = event.requestContext.http.method;
    if (decision.path !== INSIGHTS_EVENTS_PATH) return { statusCode: 421, headers: NO_STORE };
    if (method !== 'POST') return { statusCode: 405, headers: { ...NO_STORE, allow: 'POST' } };
    const body = boundedBody(event);
    if (body === undefined) return { statusCode: 413, headers: NO_STORE };
    const answer = await recordInsights(
      { body, header: (name) => headers[name], subject: decision.subject, hosts },
      store,
      () => pages,
    );
    if (answer.status !== 204)
      return {
        statusCode: answer.status,
        headers: { ...NO_STORE, ...answerHeaders(answer), 'content-type': 'application/json; charset=utf-8' },
        body: refusalBody(answer),
      };
    return { statusCode: 204, headers: NO_STORE };
  };
}
