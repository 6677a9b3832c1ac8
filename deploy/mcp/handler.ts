/**
 * The MCP server on AWS: a Lambda function behind CloudFront's `/mcp` behaviour, through a function URL.
 * It makes the gate's access decision itself (rules/access.ts `decide`, as the Fastify gate and the edge
 * handler do) and answers with the same code as the gate (server/mcp/http.ts).
 *
 * Why the function checks the token rather than Lambda@Edge plus origin access control: OAC signs the
 * origin request with SigV4 in the `Authorization` header, so with signing `always` the viewer's bearer
 * token never reaches the function, and with `no-override` a request carrying one goes unsigned and an
 * `AWS_IAM` function URL refuses it; and a signed POST needs the body's SHA-256 from the viewer (CloudFront
 * Developer Guide, "Restricting access to an AWS Lambda function URL origin"). Every MCP message is a POST
 * with a bearer token, so the function URL is `NONE` and the function refuses what the gate refuses. What
 * keeps the URL from being a way around CloudFront (its WAF and its logs) is the origin secret
 * (./originSecret.ts): without it a request gets 403 before anything else runs.
 *
 * CloudFront replaces an origin's 404 with the site's `/404.html` (deploy/stack.ts `ERROR_PAGE_STATUSES`), a
 * page of the signed-in site that it fetches without running the edge gate, so the function never answers
 * 404: the metadata paths answer every method (405 with `Allow` to all but GET and HEAD), and a path that
 * is not the function's gets 421.
 *
 * Where AI tools sign in through the portal's authorization server (COGNITO_MCP_CLIENT_ID at deploy:build; its
 * own function, deploy/oauth), the function does what the gate does beside it (server/mcp/oauth.ts): the metadata
 * names that server (issuer `<site>/oauth`, scope `mcp`), its opaque tokens open `/mcp`, looked up in its
 * DynamoDB table, and `call_api` sends the reader's user-pool access token behind the tool's grant, renewed with
 * the reader's user-pool refresh token kept there.
 *
 * Everything it trusts is baked into the bundle by `npm run deploy:build` ({@link McpFunctionConfig}),
 * like the edge handler's, so deploy:synth can check it (deploy/trust.ts); the pages, search index and
 * contract it reads are copied beside it. The origin secret and the authorization server's table alone come
 * from the environment.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { AuthSettings } from '../../config/env';
import type { GateDecision, GateSettings } from '../../rules/access';
import {
  MCP_PATH,
  PROTECTED_RESOURCE_METADATA_METHODS,
  PROTECTED_RESOURCE_METADATA_PATHS,
  protectedResourceMetadata,
} from '../../rules/mcp';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { createAccessTokenVerifier } from '../../server/gate/verifier';
import { handleMcpRequest } from '../../server/mcp/http';
import type { AppMcpOptions } from '../../server/mcp/fastify';
import type { McpContent } from '../../server/mcp/content';
import {
  callApiToken,
  type McpOAuth,
  mcpOAuthOf,
  mcpOAuthRules,
  metadataAuthorizationServer,
} from '../../server/mcp/oauth';
import type { AuthorizationServerSettings } from '../../server/oauth/options';
import type { OAuthStore } from '../../server/oauth/store';
import { admit, NO_STORE } from '../functionUrl/request';
import { originSecretCheck } from '../functionUrl/originSecret';

/** What the function is built with, baked in at bundle time. */
export interface McpFunctionConfig {
  /** The user pool and app clients whose access tokens open `/mcp`. */
  auth: AuthSettings;
  /** The pool's JWKS, so no key is fetched (aws-jwt-verify `cacheJwks`). */
  jwks: Jwks;
  /** The MCP server's options (server/listen.ts `mcpOptionsOf`). */
  mcp: AppMcpOptions;
  /**
   * The MCP app client, its hosted UI and the tools' token lifetime where AI tools sign in through the portal's
   * authorization server (config/env.ts `mcp.oauth`); unset, they send a pasted user-pool access token.
   */
  oauth?: AuthorizationServerSettings['oauth'];
}

/** A Lambda function URL handler (payload format 2.0). */
export type McpFunctionHandler = (event: LambdaFunctionURLEvent) => Promise<LambdaFunctionURLResult>;

/**
 * Builds the handler; the verifier is created once, outside the handler (aws-jwt-verify's advice for Lambda).
 *
 * Answers, in this order: 403 without the origin secret; the access decision's refusal (400, 401, 414,
 * 431); the metadata (200 to GET and HEAD, 405 with `Allow` to any other method); 421 for a path that is
 * not the function's; the MCP server's answer (server/mcp/http.ts).
 *
 * @param content - the pages, search index and contract (server/mcp/content.ts), read from the bundle.
 * @param originSecret - the secret CloudFront sends in {@link ORIGIN_SECRET_HEADER} (./originSecret.ts).
 * @param oauthStore - the authorization server's state (on AWS, server/oauth/dynamoStore.ts on the stack's
 *   table), needed when `config.oauth` is set.
 * @throws {Error} when `originSecret` is missing or too short (./originSecret.ts `originSecretCheck`), or
 *   `config.oauth` is set without `oauthStore`.
 */
export function createMcpHandler(
  config: McpFunctionConfig,
  content: McpContent,
  originSecret: string | undefined,
  oauthStore?: OAuthStore,
): McpFunctionHandler {
  const fromDistribution = originSecretCheck(originSecret);
  if (config.oauth && !oauthStore)
    throw new Error("the MCP function was built for sign-in by the portal's authorization server: it needs its store");
  const { siteUrl, productName } = config.mcp;
  const oauth =
    config.oauth && oauthStore
      ? mcpOAuthOf({ siteUrl, productName, auth: config.auth, oauth: config.oauth }, oauthStore, { jwks: config.jwks })
      : undefined;
  const rules: Promise<GateSettings> = createAccessTokenVerifier(config.auth, { jwks: config.jwks }).then(
    (verifier) => ({
      publicPaths: new Set(PROTECTED_RESOURCE_METADATA_PATHS),
      appClientId: config.auth.userPoolClientId,
      verifier,
      signInRoute: SIGN_IN_ROUTE,
      mcpSiteUrl: siteUrl,
      ...mcpOAuthRules(oauth),
    }),
  );
  const metadata = JSON.stringify(
    protectedResourceMetadata(siteUrl, metadataAuthorizationServer(config.mcp.issuer, oauth), productName),
  );

  return async (event): Promise<LambdaFunctionURLResult> => {
    const admitted = await admit(event, fromDistribution, await rules);
    if ('answer' in admitted) return admitted.answer;
    const { decision, headers } = admitted;
    const method = event.requestContext.http.method;
    if ((PROTECTED_RESOURCE_METADATA_PATHS as readonly string[]).includes(decision.path))
      return metadataAnswer(method, metadata);
    // RFC 9110 §15.5.20: CloudFront sends only the function's own paths here; a 404 would become `/404.html`.
    if (decision.path !== MCP_PATH) return { statusCode: 421, headers: NO_STORE };
    return mcpAnswer(event, headers, decision, { config, content, oauth });
  };
}

/** The protected-resource metadata's answer: 200 with it to GET and HEAD, 405 with `Allow` to any other method. */
function metadataAnswer(method: string, metadata: string): LambdaFunctionURLResult {
  if (!(PROTECTED_RESOURCE_METADATA_METHODS as readonly string[]).includes(method)) {
    return { statusCode: 405, headers: { ...NO_STORE, allow: PROTECTED_RESOURCE_METADATA_METHODS.join(', ') } };
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
    body: method === 'HEAD' ? undefined : metadata,
  };
}

/** What the MCP server answers with: the function's configuration, the bundle's content, the authorization server. */
interface McpServing {
  config: McpFunctionConfig;
  content: McpContent;
  oauth: McpOAuth | undefined;
}

/**
 * The MCP server's answer (server/mcp/http.ts) to a request the access decision let through, its `call_api` with
 * the token the decision allows ({@link callApiToken}).
 *
 * @param headers - the request's headers, without the origin secret.
 */
async function mcpAnswer(
  event: LambdaFunctionURLEvent,
  headers: Record<string, string | undefined>,
  decision: Extract<GateDecision, { pass: true }>,
  { config, content, oauth }: McpServing,
): Promise<LambdaFunctionURLResult> {
  const method = event.requestContext.http.method;
  const body =
    event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  const response = await handleMcpRequest(
    new Request(`${config.mcp.siteUrl}${MCP_PATH}`, {
      method,
      headers: Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }),
    {
      content,
      siteUrl: config.mcp.siteUrl,
      productName: config.mcp.productName,
      version: config.mcp.version,
      call: { base: config.mcp.callApiBase, token: await callApiToken(decision, headers.authorization, oauth) },
    },
  );
  const answerHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (answerHeaders[name] = value));
  return {
    statusCode: response.status,
    headers: answerHeaders,
    body: await response.text(),
  };
}
