/**
 * The portal's OAuth authorization server for MCP clients on AWS (server/oauth): a Lambda function behind
 * CloudFront's `/oauth/*` and `/.well-known/oauth-authorization-server/*` behaviours, through a function URL, as
 * the MCP and insights functions are (deploy/mcp/handler.ts says why a function URL of auth type `NONE`). It
 * serves the same routes as the single-process gate, registered by the same function
 * (server/oauth/fastify.ts `addAuthorizationServer`) on a Fastify app of its own, with its state in DynamoDB
 * (server/oauth/dynamoStore.ts), which the MCP function reads to check a token and to find the reader's
 * user-pool session for `call_api`.
 *
 * A function URL event (payload format 2.0) becomes a request to that app through `@fastify/aws-lambda`
 * (Fastify's `inject`; the event's `cookies` in, `Set-Cookie` out as the result's `cookies`). What the function
 * does around it, in this order:
 *
 * 1. 403 without the distribution's origin secret (deploy/functionUrl/originSecret.ts, the same secret), before
 *    anything else runs;
 * 2. the gate's access decision (rules/access.ts `decide`): a malformed target, or a `Cookie` or `Authorization`
 *    header over its size, is refused (400, 414, 431); the authorization server's paths are public there
 *    (rules/mcp.ts `isAuthorizationServerPath`), and a path that is not its own gets 421;
 * 3. 413 for a body over {@link OAUTH_MAX_BODY_BYTES}, before it is decoded;
 * 4. the app's answer, with the query as the client sent it (the event's `rawQueryString`, not Lambda's
 *    `queryStringParameters`, which joins a repeated parameter's values with commas: oidc-provider must see,
 *    and refuse, a parameter sent twice).
 *
 * It never answers 404: CloudFront would replace it with the site's `/404.html` (deploy/stack.ts
 * `ERROR_PAGE_STATUSES`), a page of the signed-in site it fetches without running the edge gate. An address
 * under `/oauth/` that oidc-provider does not serve gets 421, as a path that is not the MCP function's does.
 *
 * Everything it trusts is baked into the bundle by `npm run deploy:build` ({@link OAuthFunctionConfig}), like the
 * other functions', so deploy:synth can check it (deploy/trust.ts); the table's name, the origin secret and the
 * authorization server's own secret come from the environment the site stack sets (./environment.ts).
 */
import awsLambdaFastify from '@fastify/aws-lambda';
import type { Context, LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import Fastify from 'fastify';
import type { GateSettings } from '../../rules/access';
import { isAuthorizationServerPath } from '../../rules/mcp';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { hideServerErrors } from '../../server/errors';
import { createAccessTokenVerifier } from '../../server/gate/verifier';
import { createAuthorizationServer } from '../../server/oauth/authorizationServer';
import { addAuthorizationServer, builtRoutes } from '../../server/oauth/fastify';
import { authorizationServerOptionsOf, type AuthorizationServerSettings } from '../../server/oauth/options';
import { mcpAccessTokenVerifier } from '../../server/oauth/resourceServer';
import type { OAuthStore } from '../../server/oauth/store';
import { admit, NO_STORE, targetOf } from '../functionUrl/request';
import { originSecretCheck } from '../functionUrl/originSecret';
import { MIN_OAUTH_SECRET_LENGTH, OAUTH_SECRET_ENV } from './environment';

/** What the function is built with, baked in at bundle time. */
export interface OAuthFunctionConfig extends AuthorizationServerSettings {
  /** The user pool's JWKS: the hosted UI's ID tokens are verified with it, and no key is fetched. */
  jwks: Jwks;
}

/**
 * Largest request body the function hands on, in bytes: oidc-provider's own limit on the bodies it reads
 * (56 KiB, `lib/shared/selective_body.js`), checked before the event's body is decoded. A token or registration
 * request takes well under 4 KiB.
 */
export const OAUTH_MAX_BODY_BYTES = 56 * 1024;

/** A Lambda function URL handler (payload format 2.0). */
export type OAuthFunctionHandler = (
  event: LambdaFunctionURLEvent,
  context?: Context,
) => Promise<LambdaFunctionURLResult>;

/** The event's body size once decoded, in bytes (a base64 body's decoded size is three quarters of its length). */
function bodyBytes(event: LambdaFunctionURLEvent): number {
  const raw = event.body ?? '';
  return event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
}

/** The authorization server on its Fastify app, behind the adapter, and the access decision's rules. */
async function start(config: OAuthFunctionConfig, store: OAuthStore, secret: string) {
  const options = authorizationServerOptionsOf(config, store, secret, { jwks: config.jwks });
  const server = await createAuthorizationServer(options);
  const app = Fastify({ logger: false });
  hideServerErrors(app);
  await addAuthorizationServer(app, builtRoutes(server, options.userPool, config.productName));
  const rules: GateSettings = {
    publicPaths: new Set<string>(),
    appClientId: config.auth.userPoolClientId,
    verifier: await createAccessTokenVerifier(config.auth, { jwks: config.jwks }),
    signInRoute: SIGN_IN_ROUTE,
    // Where the authorization server runs, its paths are public (and its tokens would open `/mcp`, which this
    // function does not serve).
    mcpOAuthVerifier: mcpAccessTokenVerifier(store, server.resource),
  };
  const proxy = awsLambdaFastify<LambdaFunctionURLEvent>(app, {
    // Nothing reads the event from the request, and the query is handed over whole (see the module comment).
    decorateRequest: false,
    parseCommaSeparatedQueryParams: false,
  });
  return { rules, proxy };
}

/**
 * Builds the handler; the authorization server starts once, outside the handler (oidc-provider loads then).
 *
 * @param store - the authorization server's state (on AWS, server/oauth/dynamoStore.ts on the stack's table).
 * @param originSecret - the secret CloudFront sends in {@link ORIGIN_SECRET_HEADER}.
 * @param oauthSecret - the secret the authorization server's cookie keys and signing key derive from.
 * @throws {Error} when `originSecret` is missing or too short (deploy/functionUrl/originSecret.ts), or `oauthSecret` is
 *   missing or shorter than {@link MIN_OAUTH_SECRET_LENGTH}: such a function does not start.
 */
export function createOAuthHandler(
  config: OAuthFunctionConfig,
  store: OAuthStore,
  originSecret: string | undefined,
  oauthSecret: string | undefined,
): OAuthFunctionHandler {
  const fromDistribution = originSecretCheck(originSecret);
  if (!oauthSecret || oauthSecret.length < MIN_OAUTH_SECRET_LENGTH) {
    throw new Error(
      `${OAUTH_SECRET_ENV} is ${oauthSecret ? `${oauthSecret.length} characters` : 'not set'}: the authorization ` +
        `server needs the secret the site stack creates (at least ${MIN_OAUTH_SECRET_LENGTH} characters; deploy/stack.ts sets it).`,
    );
  }
  const ready = start(config, store, oauthSecret);
  // A server that cannot start fails each request (and says why in the log), not the runtime at cold start.
  ready.catch(() => undefined);

  return async (event, context): Promise<LambdaFunctionURLResult> => {
    const { rules, proxy } = await ready;
    const admitted = await admit(event, fromDistribution, rules);
    if ('answer' in admitted) return admitted.answer;
    const { decision, headers } = admitted;
    // RFC 9110 §15.5.20: CloudFront sends only the authorization server's paths here.
    if (!isAuthorizationServerPath(decision.path)) return { statusCode: 421, headers: NO_STORE };
    if (bodyBytes(event) > OAUTH_MAX_BODY_BYTES) return { statusCode: 413, headers: NO_STORE };
    const answer = await proxy(
      { ...event, headers, rawPath: targetOf(event), queryStringParameters: undefined },
      context ?? ({} as Context),
    );
    // A 404 would become the site's 404 page (see the module comment).
    if (answer.statusCode === 404) return { statusCode: 421, headers: NO_STORE };
    return answer;
  };
}
