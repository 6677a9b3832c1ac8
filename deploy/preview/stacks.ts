/**
 * A branch's preview on AWS (AWS CDK v2), in two stacks of its own, deployed in order by `npm run deploy:preview`
 * (../bin/preview.ts) and deleted together by `npm run deploy:preview:destroy`:
 *
 * 1. {@link PreviewIdentityStack}: an app client of its own in the site's user pool, with the web client's settings
 *    (../stack.ts `webClientOptions`) and the preview's `/login` as its only callback and sign-out URL. The
 *    production web client is not touched: no preview can add a URL to it, leave one behind, or race another
 *    preview's update of it (Cognito's UpdateUserPoolClient replaces every setting it is not given). Deleting
 *    the stack deletes the client, and with it every refresh token it issued.
 * 2. {@link PreviewSiteStack}: a private bucket and a distribution of its own, built as the site stack's are
 *    (../siteParts.ts: the gate on viewer-request of pages and assets, the same security headers and 404 page),
 *    answering at `<label>.<PREVIEW_DOMAIN>` with the preview certificate, and its DNS records in the preview
 *    hosted zone. The gate's bundle is built for the preview's app client and its readers group (the reviewers),
 *    so only members of that user pool group read it. No MCP server, reader insights, authorization server, WAF
 *    or access logs: a preview shows pages to reviewers for a few days. Everything in it is deleted with it
 *    (bucket, files, log groups, records); nothing is retained.
 *
 * Both carry the tags {@link PREVIEW_TAG} (the label) and {@link EXPIRES_TAG} (the last day it is kept), which
 * teardown (./teardown.ts) reads. Lambda@Edge and CloudFront certificates live in us-east-1, so both stacks do.
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { PreviewSettings } from '../../config/env';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { DEFAULT_ACCESS_TOKEN_MINUTES, webClientOptions } from '../stack';
import { deployBuild, edgeGate, functionLogs, gatedBehaviours } from '../siteParts';
import { EXPIRES_TAG, PREVIEW_TAG, type PreviewNames } from './names';

/** How long a preview is kept after its last deployment, in days (./teardown.ts deletes it after that). */
export const PREVIEW_LIFETIME_DAYS = 14;

/**
 * The last day (UTC, `YYYY-MM-DD`) a preview deployed at `nowMs` is kept: {@link PREVIEW_LIFETIME_DAYS} days on.
 * A day, not an instant, so deployments on the same day leave the tag, and so every resource, unchanged.
 *
 * @param nowMs - the deployment's time, in ms since the epoch.
 */
export function previewExpiry(nowMs: number): string {
  return new Date(nowMs + PREVIEW_LIFETIME_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** What both preview stacks are made for. */
export interface PreviewStackProps extends StackProps {
  names: PreviewNames;
  /** The last day the preview is kept ({@link previewExpiry}). */
  expires: string;
}

/** Tags `stack` and everything in it as `names`' preview, kept until `expires`. */
function tagPreview(stack: Stack, { names, expires }: PreviewStackProps): void {
  Tags.of(stack).add(PREVIEW_TAG, names.label);
  Tags.of(stack).add(EXPIRES_TAG, expires);
}

/** What the preview's identity stack needs. */
export interface PreviewIdentityStackProps extends PreviewStackProps {
  /** The site's user pool (COGNITO_USER_POOL_ID). */
  userPoolId: string;
  /**
   * The OIDC provider behind the "{product} SSO" button (COGNITO_CUSTOM_PROVIDER), where the site has single
   * sign-on (COGNITO_OAUTH_DOMAIN); undefined: the client signs in with the user pool alone.
   */
  ssoProviderName?: string;
}

/** Step 1 of a preview: its app client in the site's user pool. Its output `WebClientId` configures the build. */
export class PreviewIdentityStack extends Stack {
  constructor(scope: Construct, id: string, props: PreviewIdentityStackProps) {
    super(scope, id, { ...props, stackName: props.names.identityStackName });
    tagPreview(this, props);
    const signInUrl = `${props.names.siteUrl}${SIGN_IN_ROUTE}`;
    const options = webClientOptions({ signIn: [signInUrl], signOut: [signInUrl] }, props.ssoProviderName ?? '');
    const client = new cognito.UserPoolClient(this, 'Web', {
      ...options,
      userPool: cognito.UserPool.fromUserPoolId(this, 'UserPool', props.userPoolId),
      userPoolClientName: `portal-preview-${props.names.label}`,
      ...(props.ssoProviderName
        ? {}
        : { supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO] }),
      // The site's default (its parameter `AccessTokenValidityMinutes`): how long a reviewer removed from the
      // group can still read.
      accessTokenValidity: Duration.minutes(DEFAULT_ACCESS_TOKEN_MINUTES),
      idTokenValidity: Duration.minutes(DEFAULT_ACCESS_TOKEN_MINUTES),
    });
    new CfnOutput(this, 'WebClientId', {
      value: client.userPoolClientId,
      description: "The preview's app client (COGNITO_APP_CLIENT_ID of its build)",
    });
  }
}

/** What the preview's site stack deploys. */
export interface PreviewSiteStackProps extends PreviewStackProps {
  /** The Docusaurus build, made for the preview's address and app client. */
  buildDir: string;
  /** The edge bundle, built for the preview's app client and readers group (checked by ../bin/preview-app.ts). */
  edgeBundleDir: string;
  /** The gate's Content-Security-Policy directives (server/gate/csp.ts). */
  cspDirectives: Record<string, string[]>;
  /** The preview domain, its certificate and hosted zone (config/env.ts `deploy.preview`). */
  preview: PreviewSettings;
}

/** Step 2 of a preview: its bucket, distribution, edge gate and DNS records. */
export class PreviewSiteStack extends Stack {
  constructor(scope: Construct, id: string, props: PreviewSiteStackProps) {
    super(scope, id, { ...props, stackName: props.names.siteStackName });
    tagPreview(this, props);
    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // No versions to restore: the branch is the preview's history. The upload deletes its files before
      // CloudFormation deletes the bucket.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const gate = edgeGate(this, props.edgeBundleDir, functionLogs(this, 'GateLogs', RemovalPolicy.DESTROY));
    const { defaultBehavior, assets, errorResponses } = gatedBehaviours(this, bucket, gate, props.cspDirectives);
    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Portal preview ${props.names.label}`,
      defaultBehavior,
      additionalBehaviors: { 'assets/*': assets },
      errorResponses,
      domainNames: [props.names.host],
      certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.preview.certificateArn),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      // Reviewers read from North America and Europe; the cheapest class serves them from there.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    });
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: props.preview.hostedZoneId,
      zoneName: props.preview.domain,
    });
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(distribution));
    new route53.ARecord(this, 'Address', { zone, recordName: props.names.label, target });
    new route53.AaaaRecord(this, 'Address6', { zone, recordName: props.names.label, target });
    deployBuild(
      this,
      props.buildDir,
      bucket,
      distribution,
      functionLogs(this, 'DeploymentLogs', RemovalPolicy.DESTROY),
      {
        keepOnDelete: false,
      },
    );
    new CfnOutput(this, 'SiteUrl', { value: props.names.siteUrl, description: "The preview's address" });
    new CfnOutput(this, 'Expires', { value: props.expires, description: 'The last day the preview is kept (UTC)' });
  }
}
