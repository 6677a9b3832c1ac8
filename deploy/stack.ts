/**
 * The portal on AWS as code (issue #12, AWS CDK v2): a private S3 bucket reachable only through
 * CloudFront (Origin Access Control); a distribution whose viewer-request Lambda@Edge (deploy/edge)
 * makes the gate's access decision before anything is served, with the gate's security headers; the
 * build uploaded with its cache rules; and the Cognito user pool the sign-in form talks to (or an
 * existing one). Lambda@Edge functions must live in us-east-1, so the stack does.
 */
import { CfnOutput, CfnParameter, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

/** What the stack deploys, from the same typed configuration as the build (config/env.ts). */
export interface PortalStackProps extends StackProps {
  /** The Docusaurus output folder (`npm run build`). */
  buildDir: string;
  /** The bundled edge handler folder (`npm run deploy:build`). */
  edgeBundleDir: string;
  /**
   * Where the hosted UI may send the browser back (config/env.ts `auth.oauth`, by default the site's
   * `/login`): the app client's callback and sign-out URLs.
   */
  oauthRedirects: { signIn: string[]; signOut: string[] };
  /** The gate's Content-Security-Policy directives (server/gate/csp.ts), as helmet takes them. */
  cspDirectives: Record<string, string[]>;
  /** Name of the OIDC provider behind the "{product} SSO" button (COGNITO_CUSTOM_PROVIDER). */
  ssoProviderName: string;
  /** Use this user pool and app client instead of creating them. */
  existingUserPool?: { userPoolId: string; userPoolClientId: string };
}

/** Spec §5.2 and the sign-in form: the password rules the local pool enforces too. */
export const PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
};

/** helmet-style directives → one CSP header value (`defaultSrc` → `default-src 'self'`). */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);

    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const gate = new cloudfront.experimental.EdgeFunction(this, 'Gate', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(props.edgeBundleDir),
      memorySize: 128,
      timeout: Duration.seconds(5),
      description: 'Portal gate: verifies the Cognito access token before CloudFront serves anything',
    });

    // The same headers the Fastify gate sends (helmet), so both deployments behave alike.
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: cspHeader(props.cspDirectives), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
    });

    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // The gate runs on viewer-request, before the cache is looked up, so cached files are safe.
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        edgeLambdas: [
          { functionVersion: gate.currentVersion, eventType: cloudfront.LambdaEdgeEventType.VIEWER_REQUEST },
        ],
      },
      // Without ListBucket the bucket answers 403 for a missing object: both are the site's 404 page.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: '/404.html',
        ttl: Duration.minutes(1),
      })),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    });

    // Hashed assets never change; everything else (pages, search index, sitemap) is revalidated.
    const precompressed = ['*.br', '*.gz'];
    new s3deploy.BucketDeployment(this, 'Assets', {
      sources: [s3deploy.Source.asset(`${props.buildDir}/assets`, { exclude: precompressed })],
      destinationBucket: bucket,
      destinationKeyPrefix: 'assets/',
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [s3deploy.Source.asset(props.buildDir, { exclude: ['assets', 'assets/**', ...precompressed] })],
      destinationBucket: bucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution,
      distributionPaths: ['/*'],
    });

    const identity = props.existingUserPool ? this.existingIdentity(props.existingUserPool) : this.newIdentity(props);
    new CfnOutput(this, 'SiteDomain', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: identity.userPoolClientId });
  }

  private existingIdentity({ userPoolId, userPoolClientId }: { userPoolId: string; userPoolClientId: string }) {
    cognito.UserPool.fromUserPoolId(this, 'UserPool', userPoolId);
    return { userPoolId, userPoolClientId };
  }

  private newIdentity(props: PortalStackProps) {
    const domainPrefix = new CfnParameter(this, 'HostedUiDomainPrefix', {
      type: 'String',
      description: 'Prefix of the Cognito hosted-UI domain (<prefix>.auth.us-east-1.amazoncognito.com), for SSO.',
    });
    const oidcIssuer = new CfnParameter(this, 'SsoIssuerUrl', {
      type: 'String',
      description: 'Issuer URL of the SSO OpenID Connect provider.',
    });
    const oidcClientId = new CfnParameter(this, 'SsoClientId', {
      type: 'String',
      description: 'Client id at the SSO provider.',
    });
    const oidcClientSecret = new CfnParameter(this, 'SsoClientSecret', {
      type: 'String',
      noEcho: true,
      description: 'Client secret at the SSO provider (never stored in the repository).',
    });

    const pool = new cognito.UserPool(this, 'UserPool', {
      // Spec §2.3: no sign-up on the portal; customers are invited.
      selfSignUpEnabled: false,
      signInAliases: { username: true, email: true },
      passwordPolicy: PASSWORD_POLICY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    pool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: domainPrefix.valueAsString } });
    const sso = new cognito.UserPoolIdentityProviderOidc(this, 'Sso', {
      userPool: pool,
      name: props.ssoProviderName,
      issuerUrl: oidcIssuer.valueAsString,
      clientId: oidcClientId.valueAsString,
      clientSecret: oidcClientSecret.valueAsString,
      scopes: ['openid', 'email'],
      attributeMapping: { email: cognito.ProviderAttribute.other('email') },
    });
    const client = pool.addClient('Web', {
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      oAuth: {
        // Spec §3.2: code flow with email and openid; Amplify adds PKCE.
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.EMAIL, cognito.OAuthScope.OPENID],
        callbackUrls: props.oauthRedirects.signIn,
        logoutUrls: props.oauthRedirects.signOut,
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        cognito.UserPoolClientIdentityProvider.custom(props.ssoProviderName),
      ],
      preventUserExistenceErrors: true,
    });
    client.node.addDependency(sso);
    return { userPoolId: pool.userPoolId, userPoolClientId: client.userPoolClientId };
  }
}
