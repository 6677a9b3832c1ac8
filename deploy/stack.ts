/**
 * The portal on AWS as code (AWS CDK v2), in two stacks deployed in order:
 *
 * 1. {@link IdentityStack}: the Cognito user pool (deletion protection, threat protection), its web app
 *    client (SRP and the OAuth code flow only), an app client for scripts (USER_PASSWORD_AUTH, for
 *    `Authorization: Bearer` access), an MCP app client through which the portal's authorization server signs
 *    readers in for AI tools (the OAuth code flow only, `<site>/oauth/callback`), all writing no attribute of a
 *    customer's account but `email`, and that only once confirmed (rules/userAttributes.ts), the hosted-UI domain
 *    and the SSO provider. Skipped when an existing pool is used.
 * 2. {@link SiteStack}: a private, versioned S3 bucket reachable only through CloudFront (Origin Access
 *    Control); a distribution whose viewer-request Lambda@Edge (deploy/edge) makes the gate's access
 *    decision before anything is served, with the gate's security headers; a WAF web ACL (rate limit and
 *    AWS managed common rules); CloudFront and S3 access logs; the build uploaded with its cache rules;
 *    the MCP server (deploy/mcp) at `/mcp`, a Lambda function behind a function URL that answers only
 *    requests carrying the distribution's origin secret; reader insights (deploy/insights) at `/insights/*`, a
 *    Lambda function behind a function URL with the same secret, writing a DynamoDB table; with
 *    COGNITO_MCP_CLIENT_ID, the portal's OAuth authorization server for AI tools (deploy/oauth) at `/oauth/*` and
 *    `/.well-known/oauth-authorization-server/*`, a Lambda function behind a function URL with the same secret,
 *    keeping its state in a DynamoDB table the MCP function reads; every Lambda log group kept
 *    {@link LOG_RETENTION_DAYS} days (deploy/README.md says which Lambda@Edge log groups it cannot own).
 *
 * The edge bundle is built between the two from the pool's id and JWKS (`npm run deploy:build`), so the
 * site trusts that pool's keys and nothing else (deploy/trust.ts). Lambda@Edge functions and CloudFront's
 * WAF and certificates live in us-east-1, so both stacks do.
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import {
  deployBuild,
  edgeGate,
  ERROR_PAGE_STATUSES,
  functionLogs,
  gatedBehaviours,
  LOG_RETENTION_DAYS,
} from './siteParts';
import { functionUrlOriginSecret, mcpBehaviours, oauthBehaviours } from './stackFunctions';
import { insightsBehaviours } from './stackInsights';
import { wafAclId } from './stackWaf';

// The stacks' parts live beside this file, by concern; their limits and the identity stack are exported here
// too, where deploy/bin, the previews and the tests take them from.
export * from './stackIdentity';
export * from './stackFunctions';
export * from './stackInsights';
export * from './stackWaf';
export { ERROR_PAGE_STATUSES, LOG_RETENTION_DAYS };

/** How long a replaced or deleted object of the site bucket stays restorable, in days. */
export const NONCURRENT_VERSION_DAYS = 30;

/** What the site stack deploys, from the same typed configuration as the build (config/env.ts). */
export interface SiteStackProps extends StackProps {
  /** The Docusaurus output folder (`npm run build`). */
  buildDir: string;
  /** The bundled edge handler folder (`npm run deploy:build`), checked by deploy/trust.ts. */
  edgeBundleDir: string;
  /** The bundled MCP function folder (`npm run deploy:build`), checked by deploy/trust.ts. */
  mcpBundleDir: string;
  /** The bundled insights function folder (`npm run deploy:build`), checked by deploy/trust.ts. */
  insightsBundleDir: string;
  /**
   * The bundled authorization server function folder (`npm run deploy:build`), checked by deploy/trust.ts, where
   * AI tools sign in through the portal's authorization server (COGNITO_MCP_CLIENT_ID); unset, the stack has no
   * authorization server, and AI tools send a pasted user-pool access token.
   */
  oauthBundleDir?: string;
  /** The gate's Content-Security-Policy directives (server/gate/csp.ts), as helmet takes them. */
  cspDirectives: Record<string, string[]>;
  /** The site's own domain and its ACM certificate (us-east-1); unset: the `*.cloudfront.net` name. */
  customDomain?: { domainName: string; certificateArn: string };
}

/**
 * The behaviours of the Lambda functions behind function URLs (the MCP server, reader insights and, where
 * AI tools sign in through it, the authorization server), which share the origin secret.
 */
function functionBehaviours(
  scope: Construct,
  props: SiteStackProps,
  headers: cloudfront.IResponseHeadersPolicy,
): Record<string, cloudfront.BehaviorOptions> {
  const secret = functionUrlOriginSecret(scope);
  const mcp = mcpBehaviours(scope, props.mcpBundleDir, headers, secret);
  const insights = insightsBehaviours(scope, props.insightsBundleDir, headers, secret);
  const oauth = props.oauthBundleDir ? oauthBehaviours(scope, props.oauthBundleDir, headers, secret, mcp.fn) : {};
  return { ...mcp.behaviours, ...insights, ...oauth };
}

/** Step 2: the bucket, the distribution with the gate, the WAF and the logs. */
export class SiteStack extends Stack {
  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { logs, bucket } = this.buckets();

    const gate = edgeGate(this, props.edgeBundleDir, functionLogs(this, 'GateLogs'));
    const { headers, defaultBehavior, assets, errorResponses } = gatedBehaviours(
      this,
      bucket,
      gate,
      props.cspDirectives,
    );

    const domain = props.customDomain;
    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultBehavior,
      additionalBehaviors: { ...functionBehaviours(this, props, headers), 'assets/*': assets },
      errorResponses,
      // TLS 1.2 at least, which CloudFront enforces only with a custom certificate: the default
      // `*.cloudfront.net` one also accepts TLS 1.0 and 1.1 (handbook/deployment.md).
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: wafAclId(this, props.oauthBundleDir !== undefined),
    });

    deployBuild(this, props.buildDir, bucket, distribution, functionLogs(this, 'DeploymentLogs'));

    new CfnOutput(this, 'SiteDomain', { value: domain?.domainName ?? distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'LogBucketName', { value: logs.bucketName });
  }

  /** The log bucket (CloudFront and S3 access logs, kept {@link LOG_RETENTION_DAYS}) and the site's bucket. */
  private buckets() {
    const logs = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with an ACL, which needs object-writer ownership.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ id: 'retention', expiration: Duration.days(LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // A bad upload or a deleted file can be restored for a while.
      versioned: true,
      lifecycleRules: [{ id: 'old-versions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) }],
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    return { logs, bucket };
  }
}
