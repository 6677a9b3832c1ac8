/**
 * The site stack's Lambda functions behind function URLs (./stack.ts `SiteStack`): the MCP server (deploy/mcp)
 * and, where AI tools sign in through it, the portal's authorization server (deploy/oauth), with the behaviour
 * every function URL gets and the origin secret they share; reader insights are ./stackInsights.ts.
 */
import { CfnParameter, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { MCP_OAUTH_PREFIX, MCP_PATH, PROTECTED_RESOURCE_METADATA_PATHS } from '../rules/mcp';
import { functionLogs } from './siteParts';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, ORIGIN_SECRET_LENGTH } from './functionUrl/originSecret';
import { GRANT_INDEX, UID_INDEX } from '../server/oauth/dynamoStore';
import { USER_POOL_SESSION } from '../server/oauth/sessions';
import { OAUTH_SECRET_ENV, OAUTH_SECRET_LENGTH, OAUTH_TABLE_ENV } from './oauth/environment';

/**
 * CloudFront's path patterns of the portal's authorization server for AI tools (deploy/oauth): its endpoints and
 * pages under `/oauth/`, and its RFC 8414 metadata (rules/mcp.ts `AUTHORIZATION_SERVER_METADATA_PATH`).
 */
export const OAUTH_PATH_PATTERNS = [`${MCP_OAUTH_PREFIX}/*`, '/.well-known/oauth-authorization-server/*'] as const;

/**
 * The authorization server function's memory, in MB (oidc-provider loads at cold start, faster with the CPU a
 * larger function gets), and its longest request, in seconds: one request to the hosted UI or a client's metadata
 * document (server/oauth/boundedRequest.ts, 10 s at most) and a few reads and writes of its table.
 */
export const OAUTH_MEMORY_MB = 512;
export const OAUTH_TIMEOUT_SECONDS = 15;

/**
 * Default of the parameter `OAuthReservedConcurrency`: an AI tool calls the authorization server when a reader
 * signs in and when its access token expires (an hour by default), so 10 at once serves many readers, and a flood
 * of requests (dynamic registration is open to anyone) costs at most 10 executions and leaves the other
 * functions' concurrency alone.
 */
export const DEFAULT_OAUTH_RESERVED_CONCURRENCY = 10;

/**
 * What the MCP function may do with the authorization server's table (server/oauth/dynamoStore.ts keys items
 * `<model>#<id>`), by the keys' prefix (IAM condition `dynamodb:LeadingKeys`): read an AI tool's access token
 * (server/oauth/resourceServer.ts) and a reader's user-pool session, and write or delete that session when it
 * renews the reader's user-pool access token for `call_api` (server/oauth/sessions.ts). Nothing else: no grant,
 * no refresh token, no query.
 */
export const MCP_OAUTH_TABLE_ACCESS = [
  { actions: ['dynamodb:GetItem'], keyPrefixes: ['AccessToken#', `${USER_POOL_SESSION}#`] },
  { actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'], keyPrefixes: [`${USER_POOL_SESSION}#`] },
] as const;

/** The MCP function's memory, in MB, and its longest request, in seconds (a `call_api` waits up to 30 s). */
export const MCP_MEMORY_MB = 512;
export const MCP_TIMEOUT_SECONDS = 35;

/**
 * Default of the parameter `McpReservedConcurrency`: how many MCP requests run at once at most, beyond
 * which Lambda answers 429. A request holds its execution environment for up to {@link MCP_TIMEOUT_SECONDS}
 * (a `call_api` waits on the API), so 20 lets 20 agents wait on the API at once and at least 20 ÷ 35 s ≈ 0.6
 * requests a second through in the worst case (a search or a page takes milliseconds, so hundreds a second
 * in the usual case), while a flood costs at most 20 × {@link MCP_MEMORY_MB} MB and cannot take the
 * account's concurrency from its other functions. Lambda keeps 100 of the account's concurrency unreserved:
 * an account whose quota is below 120 needs a smaller value (0 stops the MCP server).
 */
export const DEFAULT_MCP_RESERVED_CONCURRENCY = 20;

/**
 * The behaviour of a Lambda function behind a function URL (the MCP server, reader insights, the authorization
 * server): HTTPS only, every method, nothing cached, the distribution's origin secret sent along
 * (deploy/functionUrl/originSecret.ts).
 *
 * @param timeoutSeconds - how long CloudFront waits for the function's answer.
 */
export function functionUrlBehaviour(
  url: lambda.IFunctionUrl,
  timeoutSeconds: number,
  originSecret: string,
  headers: cloudfront.IResponseHeadersPolicy,
): cloudfront.BehaviorOptions {
  return {
    origin: new origins.FunctionUrlOrigin(url, {
      readTimeout: Duration.seconds(timeoutSeconds),
      customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret },
    }),
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
    // The viewer's cookies, Authorization and Origin reach the function; its Host must not (function URLs need
    // their own).
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: headers,
  };
}

/**
 * The secret CloudFront sends the function URLs (deploy/functionUrl/originSecret.ts). Only the dynamic reference
 * ({{resolve:secretsmanager:…}}) is in the template; CloudFormation puts the value in the origins' header and
 * the functions' environment at deploy time.
 */
export function functionUrlOriginSecret(scope: Construct): string {
  return new secretsmanager.Secret(scope, 'McpOriginSecret', {
    description: `Sent by CloudFront to the portal's function URLs in ${ORIGIN_SECRET_HEADER}; the functions refuse requests without it.`,
    generateSecretString: { passwordLength: ORIGIN_SECRET_LENGTH, excludePunctuation: true },
  }).secretValue.unsafeUnwrap();
}

/**
 * The MCP server: a Lambda function (deploy/mcp) behind `/mcp` and its protected-resource metadata,
 * through a function URL. The function makes the gate's access decision itself (the module comment of
 * deploy/mcp/handler.ts says why not Lambda@Edge with origin access control), so the URL's auth type is
 * NONE and no edge function runs on these behaviours; nothing is cached. CloudFront sends the origin
 * secret the stack generates (deploy/functionUrl/originSecret.ts), which the function requires; the parameter
 * `McpReservedConcurrency` caps how many requests it runs at once.
 */
export function mcpBehaviours(
  scope: Construct,
  mcpBundleDir: string,
  headers: cloudfront.IResponseHeadersPolicy,
  originSecret: string,
): { behaviours: Record<string, cloudfront.BehaviorOptions>; fn: lambda.Function } {
  const reserved = new CfnParameter(scope, 'McpReservedConcurrency', {
    type: 'Number',
    default: DEFAULT_MCP_RESERVED_CONCURRENCY,
    minValue: 0,
    description: 'MCP requests the function runs at once at most (Lambda reserved concurrency; 0 stops it).',
  });
  const fn = new lambda.Function(scope, 'Mcp', {
    runtime: lambda.Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(mcpBundleDir),
    memorySize: MCP_MEMORY_MB,
    timeout: Duration.seconds(MCP_TIMEOUT_SECONDS),
    reservedConcurrentExecutions: reserved.valueAsNumber,
    environment: { [ORIGIN_SECRET_ENV]: originSecret },
    logGroup: functionLogs(scope, 'McpLogs'),
    description: 'Portal MCP server: verifies the Cognito access token, then answers MCP requests',
  });
  // BUFFERED: every answer ends at once (server/mcp/http.ts): JSON, or a 2026-07-28 subscriptions/listen closed
  // right after its acknowledgement.
  const url = fn.addFunctionUrl({
    authType: lambda.FunctionUrlAuthType.NONE,
    invokeMode: lambda.InvokeMode.BUFFERED,
  });
  const behaviour = functionUrlBehaviour(url, MCP_TIMEOUT_SECONDS, originSecret, headers);
  const patterns = [MCP_PATH, ...PROTECTED_RESOURCE_METADATA_PATHS];
  return { behaviours: Object.fromEntries(patterns.map((pattern) => [pattern, behaviour])), fn };
}

/**
 * The portal's OAuth authorization server for AI tools (server/oauth): a Lambda function (deploy/oauth) behind
 * {@link OAUTH_PATH_PATTERNS} through a function URL, as the MCP server is (its own decision, the same origin
 * secret and WAF, nothing cached; `OAuthReservedConcurrency` caps how many requests it runs at once), with its
 * state in a DynamoDB table ({@link oauthTable}) and the secret its cookie keys and signing key derive from in
 * Secrets Manager (64 letters and digits), given to the function as a dynamic reference as the origin secret
 * is. The MCP function reads the table too ({@link MCP_OAUTH_TABLE_ACCESS}): an AI tool's token, and the
 * reader's user-pool session `call_api` needs.
 */
export function oauthBehaviours(
  scope: Construct,
  oauthBundleDir: string,
  headers: cloudfront.IResponseHeadersPolicy,
  originSecret: string,
  mcpFunction: lambda.Function,
): Record<string, cloudfront.BehaviorOptions> {
  const reserved = new CfnParameter(scope, 'OAuthReservedConcurrency', {
    type: 'Number',
    default: DEFAULT_OAUTH_RESERVED_CONCURRENCY,
    minValue: 0,
    description:
      'Requests the authorization server for AI tools runs at once at most (Lambda reserved concurrency; 0 stops it).',
  });
  const table = oauthTable(scope);
  // Rotating it (a new construct id) signs no tool out: its tokens are kept in the table. Readers half-way
  // through a sign-in start again.
  const secret = new secretsmanager.Secret(scope, 'McpOAuthSecret', {
    description: "The portal's authorization server for AI tools derives its cookie keys and signing key from it.",
    generateSecretString: { passwordLength: OAUTH_SECRET_LENGTH, excludePunctuation: true },
  }).secretValue.unsafeUnwrap();
  const fn = new lambda.Function(scope, 'OAuth', {
    runtime: lambda.Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(oauthBundleDir),
    memorySize: OAUTH_MEMORY_MB,
    timeout: Duration.seconds(OAUTH_TIMEOUT_SECONDS),
    reservedConcurrentExecutions: reserved.valueAsNumber,
    environment: {
      [ORIGIN_SECRET_ENV]: originSecret,
      [OAUTH_TABLE_ENV]: table.tableName,
      [OAUTH_SECRET_ENV]: secret,
    },
    logGroup: functionLogs(scope, 'OAuthLogs'),
    description: 'Portal authorization server for AI tools: signs readers in through the hosted UI, issues tokens',
  });
  // oidc-provider's records: read, write, mark consumed, delete one; find an interaction by uid and a grant's
  // records (the indexes), and delete those a revoked grant leaves. No scan.
  table.grant(
    fn,
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:Query',
    'dynamodb:BatchWriteItem',
  );
  letMcpReadOAuthTable(mcpFunction, table);
  const url = fn.addFunctionUrl({
    authType: lambda.FunctionUrlAuthType.NONE,
    invokeMode: lambda.InvokeMode.BUFFERED,
  });
  const behaviour = functionUrlBehaviour(url, OAUTH_TIMEOUT_SECONDS, originSecret, headers);
  return Object.fromEntries(OAUTH_PATH_PATTERNS.map((pattern) => [pattern, behaviour]));
}

/** Gives the MCP function the authorization server's table, with {@link MCP_OAUTH_TABLE_ACCESS} only. */
function letMcpReadOAuthTable(mcpFunction: lambda.Function, table: dynamodb.TableV2): void {
  mcpFunction.addEnvironment(OAUTH_TABLE_ENV, table.tableName);
  for (const { actions, keyPrefixes } of MCP_OAUTH_TABLE_ACCESS) {
    mcpFunction.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...actions],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keyPrefixes.map((prefix) => `${prefix}*`) },
        },
      }),
    );
  }
}

/**
 * The authorization server's state (server/oauth/dynamoStore.ts): one item per record keyed `key`, deleted by
 * TTL on `expires`, with the indexes by grant id and by interaction uid; on demand, encrypted with the AWS
 * managed key. No point-in-time recovery: nothing in it outlives a refresh token (30 days) or is worth
 * restoring. Deleted with the stack, unlike the insights table: it holds the readers' user-pool refresh tokens,
 * which should not outlive the deployment that guards them, and a table left behind would never be read again
 * (a new stack makes a new one); losing it signs AI tools out, and they sign in again.
 */
export function oauthTable(scope: Construct): dynamodb.TableV2 {
  const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
  return new dynamodb.TableV2(scope, 'McpOAuth', {
    partitionKey: key('key'),
    globalSecondaryIndexes: [
      { indexName: GRANT_INDEX, partitionKey: key('grantId') },
      { indexName: UID_INDEX, partitionKey: key('uid') },
    ],
    billing: dynamodb.Billing.onDemand(),
    timeToLiveAttribute: 'expires',
    encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
    removalPolicy: RemovalPolicy.DESTROY,
  });
}
