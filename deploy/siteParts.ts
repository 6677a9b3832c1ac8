/**
 * What the site stack (./stack.ts `SiteStack`) and a branch's preview (./preview/stacks.ts) build alike, so a
 * preview is served as the site is: the gate on viewer-request (Lambda@Edge) of the pages and hashed assets in
 * front of a private bucket, the Fastify gate's security headers, the site's 404 page, and the build uploaded
 * with its cache rules. Each function takes the stack to build in, and names its constructs as the site stack
 * always has, so their logical ids do not change.
 */
import { CfnOutput, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { BUILD_IDENTITY_FILE } from '../rules/buildFiles';
import { MARKDOWN_CONTENT_TYPE } from '../rules/negotiation';
import {
  ASSET_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  PAGE_VARY,
  SECURITY_HEADERS,
  securityHeaderValues,
  type SecurityHeaderName,
} from '../server/gate/securityHeaders';

/**
 * How long logs are kept, in days: the access logs (the log bucket's lifecycle rule) and every Lambda log
 * group the stack owns (CloudWatch Logs takes only its own list of periods, hence the enum).
 */
export const LOG_RETENTION_DAYS = logs.RetentionDays.THREE_MONTHS;

/**
 * The origin statuses CloudFront replaces with the site's `/404.html` (the distribution's error responses).
 * CloudFront fetches that page without running the viewer-request gate, so only a status that reaches an
 * origin after the gate let the request in may be here: S3's 404 for a missing object. The MCP function,
 * which no gate runs before, never answers one of these (deploy/mcp/handler.ts); 403 is not here, so the
 * function's 403s and the WAF's blocks reach the viewer as they are.
 */
export const ERROR_PAGE_STATUSES = [404] as const;

/**
 * The security headers a CloudFront response headers policy has a field of its own for
 * (`ResponseHeadersPolicySecurityHeadersBehavior`); the other rows of the table go as custom headers.
 */
const CLOUDFRONT_SECURITY_FIELDS: ReadonlySet<SecurityHeaderName> = new Set<SecurityHeaderName>([
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
  'X-XSS-Protection',
]);

/**
 * A Lambda function's log group, kept {@link LOG_RETENTION_DAYS} days (CDK's `logRetention` is deprecated
 * for this). Without one, Lambda creates `/aws/lambda/<name>` on the first call and keeps it forever.
 *
 * @param removalPolicy - what deleting the stack does to it: kept (the site stack, CloudFormation's default for a log
 *   group) or deleted with the stack (a preview's, which leaves nothing behind).
 */
export function functionLogs(
  scope: Construct,
  id: string,
  removalPolicy: RemovalPolicy = RemovalPolicy.RETAIN,
): logs.LogGroup {
  return new logs.LogGroup(scope, id, { retention: LOG_RETENTION_DAYS, removalPolicy });
}

/**
 * The gate on viewer-request (Lambda@Edge): the bundled edge handler of deploy/edge. With a log group of
 * its own, Lambda@Edge writes under that group's name in every region it runs in (CloudFront Developer
 * Guide, "Edge function logs"); the stack owns it, with its retention, in us-east-1 only, and names it in
 * the output `GateLogGroup` (deploy/README.md says what to do about the other regions).
 */
export function edgeGate(
  scope: Construct,
  edgeBundleDir: string,
  logGroup: logs.LogGroup,
): cloudfront.experimental.EdgeFunction {
  new CfnOutput(scope, 'GateLogGroup', {
    value: logGroup.logGroupName,
    description: 'Log group of the edge gate in every region it runs in (retention set in us-east-1 only)',
  });
  return new cloudfront.experimental.EdgeFunction(scope, 'Gate', {
    // The newest Node runtime Lambda@Edge supports (handbook/deployment.md).
    runtime: lambda.Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(edgeBundleDir),
    memorySize: 128,
    timeout: Duration.seconds(5),
    description: 'Portal gate: verifies the Cognito access token before CloudFront serves anything',
    logGroup,
  });
}

/**
 * The same headers the Fastify gate sends (helmet), from the same table (server/gate/securityHeaders.ts);
 * a test compares the two.
 *
 * @param extra - further headers of the behaviours that use this policy (`Vary` of pages), by name.
 */
export function securityHeaders(
  scope: Construct,
  cspDirectives: Record<string, string[]>,
  id = 'SecurityHeaders',
  extra: Record<string, string> = {},
): cloudfront.ResponseHeadersPolicy {
  const values = securityHeaderValues(cspDirectives);
  const hsts = SECURITY_HEADERS['Strict-Transport-Security'];
  const custom = Object.entries(values).filter(([name]) => !CLOUDFRONT_SECURITY_FIELDS.has(name as SecurityHeaderName));
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: values['Content-Security-Policy'], override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubDomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: cloudfront.HeadersFrameOption[SECURITY_HEADERS['X-Frame-Options']],
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: SECURITY_HEADERS['Referrer-Policy'] as cloudfront.HeadersReferrerPolicy,
        override: true,
      },
      xssProtection: { protection: SECURITY_HEADERS['X-XSS-Protection'] !== '0', override: true },
    },
    customHeadersBehavior: {
      customHeaders: [...custom, ...Object.entries(extra)].map(([header, value]) => ({
        header,
        value,
        override: true,
      })),
    },
  });
}

/**
 * Uploads the build: hashed assets cached for a year, pages and their Markdown copies revalidated, the
 * cache cleared for pages; neither compressed copies (CloudFront compresses) nor the build's identity
 * record, which is for the deploy tools only. The uploads share one CDK provider function, which logs to
 * `logGroup`.
 *
 * @param keepOnDelete - whether the files stay in the bucket when the stack is deleted (default, the site's
 *   retained bucket), or are deleted first (a preview, whose bucket goes with its stack).
 */
export function deployBuild(
  scope: Construct,
  buildDir: string,
  bucket: s3.IBucket,
  distribution: cloudfront.IDistribution,
  logGroup: logs.ILogGroup,
  { keepOnDelete = true }: { keepOnDelete?: boolean } = {},
): void {
  // Kept (CDK's default): deleting the stack leaves the versioned bucket's files. Not kept (a preview): deleting
  // the stack deletes them first, so the bucket is empty when CloudFormation deletes it.
  const retain = keepOnDelete ? {} : { retainOnDelete: false };
  new s3deploy.BucketDeployment(scope, 'Assets', {
    sources: [s3deploy.Source.asset(`${buildDir}/assets`, { exclude: ['*.br', '*.gz'] })],
    destinationBucket: bucket,
    destinationKeyPrefix: 'assets/',
    cacheControl: [s3deploy.CacheControl.fromString(ASSET_CACHE_CONTROL)],
    prune: false,
    logGroup,
    ...retain,
  });
  const pagesSource = () =>
    s3deploy.Source.asset(buildDir, { exclude: ['assets', 'assets/**', '*.br', '*.gz', BUILD_IDENTITY_FILE] });
  // The Markdown copies carry their charset, as the Fastify gate sends them: S3 would guess the type alone.
  const markdown = new s3deploy.BucketDeployment(scope, 'Markdown', {
    sources: [pagesSource()],
    destinationBucket: bucket,
    exclude: ['*'],
    include: ['*.md'],
    contentType: MARKDOWN_CONTENT_TYPE,
    cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE_CONTROL)],
    logGroup,
    ...retain,
  });
  const pages = new s3deploy.BucketDeployment(scope, 'Pages', {
    sources: [pagesSource()],
    destinationBucket: bucket,
    exclude: ['assets/*', '*.md'],
    cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE_CONTROL)],
    distribution,
    distributionPaths: ['/*'],
    logGroup,
    ...retain,
  });
  // The cache is cleared once both are uploaded.
  pages.node.addDependency(markdown);
}

/**
 * The private bucket as CloudFront's origin, through Origin Access Control. With ListBucket, S3 answers 404 for a
 * missing object rather than 403 ({@link ERROR_PAGE_STATUSES}). The edge gate rewrites every path it lets
 * through to an object's key, so no request lists the bucket.
 */
export function bucketOrigin(bucket: s3.IBucket): cloudfront.IOrigin {
  return origins.S3BucketOrigin.withOriginAccessControl(bucket, {
    originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
  });
}

/**
 * The gated behaviours of the build: the pages (the default behaviour, with `Vary: Accept`, since a page is its
 * HTML or its Markdown copy by `Accept`, deploy/edge) and the hashed assets (`assets/*`), both behind the gate on
 * viewer-request, HTTPS only, compressed; and the distribution's error responses ({@link ERROR_PAGE_STATUSES}).
 *
 * @param gate - the edge gate ({@link edgeGate}).
 */
export function gatedBehaviours(
  scope: Construct,
  bucket: s3.IBucket,
  gate: cloudfront.experimental.EdgeFunction,
  cspDirectives: Record<string, string[]>,
): {
  headers: cloudfront.ResponseHeadersPolicy;
  defaultBehavior: cloudfront.BehaviorOptions;
  assets: cloudfront.BehaviorOptions;
  errorResponses: cloudfront.ErrorResponse[];
} {
  const headers = securityHeaders(scope, cspDirectives);
  const pageHeaders = securityHeaders(scope, cspDirectives, 'PageHeaders', { Vary: PAGE_VARY });
  const origin = bucketOrigin(bucket);
  const edgeLambdas = [
    { functionVersion: gate.currentVersion, eventType: cloudfront.LambdaEdgeEventType.VIEWER_REQUEST },
  ];
  // Hashed assets are `private` for browsers and proxies (as the Fastify gate sends them), yet CloudFront
  // keeps them: a minimum TTL overrides `private` for its own cache, which the gate guards on viewer-request.
  const assetCache = new cloudfront.CachePolicy(scope, 'AssetCache', {
    minTtl: Duration.days(365),
    defaultTtl: Duration.days(365),
    maxTtl: Duration.days(365),
    enableAcceptEncodingBrotli: true,
    enableAcceptEncodingGzip: true,
  });
  return {
    headers,
    defaultBehavior: {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // The gate runs on viewer-request, before the cache is looked up, so cached files are safe.
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: pageHeaders,
      edgeLambdas,
    },
    assets: {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: assetCache,
      compress: true,
      responseHeadersPolicy: headers,
      edgeLambdas,
    },
    // A missing object is the site's 404 page (the Fastify gate sends the same to a signed-in reader).
    errorResponses: ERROR_PAGE_STATUSES.map((httpStatus) => ({
      httpStatus,
      responseHttpStatus: 404,
      responsePagePath: '/404.html',
      ttl: Duration.minutes(1),
    })),
  };
}
