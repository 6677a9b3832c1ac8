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
import {
  Aws,
  CfnCondition,
  CfnOutput,
  CfnParameter,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { REFRESH_TOKEN_VALIDITY_DAYS } from '../config/env';
import { MCP_OAUTH_PREFIX, MCP_PATH, PROTECTED_RESOURCE_METADATA_PATHS } from '../rules/mcp';
import { TEMPORARY_PASSWORD_VALIDITY_DAYS, type InvitationTemplate } from '../rules/invitation';
import {
  CUSTOMER_WRITABLE_ATTRIBUTES,
  VERIFIED_BEFORE_UPDATE,
  type CustomerWritableAttribute,
  type VerifiedBeforeUpdateAttribute,
} from '../rules/userAttributes';
import {
  deployBuild,
  edgeGate,
  ERROR_PAGE_STATUSES,
  functionLogs,
  gatedBehaviours,
  LOG_RETENTION_DAYS,
} from './siteParts';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, ORIGIN_SECRET_LENGTH } from './mcp/originSecret';
import { READER_KEY_PURPOSE } from '../server/insights/dynamoStore';
import { INSIGHTS_KEY_ENV, INSIGHTS_TABLE_ENV } from './insights/handler';
import { GRANT_INDEX, UID_INDEX } from '../server/oauth/dynamoStore';
import { USER_POOL_SESSION } from '../server/oauth/sessions';
import { OAUTH_SECRET_ENV, OAUTH_SECRET_LENGTH, OAUTH_TABLE_ENV } from './oauth/environment';

export { ERROR_PAGE_STATUSES, LOG_RETENTION_DAYS };

/** Spec §5.2 and the sign-in form: the password rules the local pool enforces too. */
export const PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
};

/** How long a replaced or deleted object of the site bucket stays restorable, in days. */
export const NONCURRENT_VERSION_DAYS = 30;

/** CloudFront's path pattern of reader insights (rules/insights.ts `INSIGHTS_EVENTS_PATH` is under it). */
export const INSIGHTS_PATH_PATTERN = '/insights/*';

/** The insights function's memory, in MB, and its longest request, in seconds (one batch write). */
export const INSIGHTS_MEMORY_MB = 256;
export const INSIGHTS_TIMEOUT_SECONDS = 10;

/**
 * How far back point-in-time recovery can restore the insights table, in days (DynamoDB's longest): a row or a
 * month's secret deleted from the table stays restorable this long. The secrets are encrypted under a key only
 * the insights function may use, so a restore holds no secret anyone else can read.
 */
export const INSIGHTS_PITR_DAYS = 35;

/**
 * What the account's administrators may do with the key of the months' secrets: manage it (its policy,
 * rotation, tags, deletion), not use it. No `kms:Encrypt`, `kms:Decrypt`, `kms:GenerateDataKey*`,
 * `kms:ReEncrypt*` or `kms:CreateGrant`: the insights function's role is the one principal the key policy lets
 * use the key. Changing the policy is allowed (CloudFormation updates it so), and CloudTrail records it.
 */
export const INSIGHTS_KEY_ADMIN_ACTIONS = [
  'kms:Describe*',
  'kms:List*',
  'kms:Get*',
  'kms:Enable*',
  'kms:Disable*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];

/**
 * Default of the parameter `InsightsReservedConcurrency`: a flood of events costs at most this many
 * executions, and leaves the rest of the account's concurrency (and the MCP function's) alone.
 */
export const DEFAULT_INSIGHTS_RESERVED_CONCURRENCY = 10;

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
 * The rules of AWS's managed common rule set (and the labels they give a request) that would refuse the OAuth
 * requests of AI tools: a native tool's loopback redirect URI (`http://127.0.0.1:<port>/…`, RFC 8252) is a URL
 * with an IPv4 address, which they read as remote file inclusion or a reach for the instance metadata, in the
 * authorization request's query and in the registration and token requests' bodies. The WAF lets them count,
 * not block, under `/oauth/` only, where the authorization server checks every redirect URI against the client's
 * and never fetches one (it fetches a client's metadata document with its own guard, server/oauth/clientMetadata.ts).
 */
export const OAUTH_WAF_EXEMPT_RULES = [
  { rule: 'GenericRFI_QUERYARGUMENTS', label: 'GenericRFI_QueryArguments' },
  { rule: 'GenericRFI_BODY', label: 'GenericRFI_Body' },
  { rule: 'EC2MetaDataSSRF_QUERYARGUMENTS', label: 'EC2MetaDataSSRF_QueryArguments' },
  { rule: 'EC2MetaDataSSRF_BODY', label: 'EC2MetaDataSSRF_Body' },
] as const;

/** Requests one IP address may make in 5 minutes before the WAF blocks it (default of `WafRateLimit`). */
export const DEFAULT_RATE_LIMIT = 2000;

/** What the identity stack creates. */
export interface IdentityStackProps extends StackProps {
  /**
   * Where the hosted UI may send the browser back (config/env.ts `auth.oauth`, by default the site's
   * `/login`): the web client's callback and sign-out URLs.
   */
  oauthRedirects: { signIn: string[]; signOut: string[] };
  /**
   * Where the hosted UI sends a reader back to the portal's authorization server for AI tools (`<site>/oauth/callback`,
   * rules/mcp.ts `MCP_OAUTH_CALLBACK_PATH`): the MCP app client's one callback URL.
   */
  mcpCallbackUrl: string;
  /** Name of the OIDC provider behind the "{product} SSO" button (COGNITO_CUSTOM_PROVIDER). */
  ssoProviderName: string;
  /** The email an invited customer receives (rules/invitation.ts `invitationTemplate`). */
  invitation: InvitationTemplate;
}

/**
 * Default lifetime of the access and ID tokens, in minutes (the `AccessTokenValidityMinutes` parameter, 5 to
 * 1440). The gates check tokens on their own, without asking Cognito, so a token stays valid until it expires:
 * this is the longest a disabled or removed customer can still read the portal (handbook/customers.md). Shorter
 * shuts them out sooner, at the cost of more refreshes (the browser refreshes by itself; a script calls
 * `GetTokensFromRefreshToken` or signs in again). Cognito's own default, which the docs' `ExpiresIn: 3600` shows.
 */
export const DEFAULT_ACCESS_TOKEN_MINUTES = 60;

/**
 * CDK's name of each attribute customers may write (rules/userAttributes.ts names them as Cognito does); an
 * attribute added there fails the typecheck until it has its entry here.
 */
const CDK_WRITABLE: Record<CustomerWritableAttribute, keyof cognito.StandardAttributesMask> = { email: 'email' };

/** CDK's name of each attribute whose change waits for the customer's code (rules/userAttributes.ts). */
const CDK_KEEP_ORIGINAL: Record<VerifiedBeforeUpdateAttribute, keyof cognito.KeepOriginalAttrs> = { email: 'email' };

/**
 * What every app client may write of a customer's own account: {@link CUSTOMER_WRITABLE_ATTRIBUTES} and nothing
 * else (rules/userAttributes.ts says why it is `email` alone, and why it cannot be empty).
 */
export function customerWritableAttributes(): cognito.ClientAttributes {
  return new cognito.ClientAttributes().withStandardAttributes(
    Object.fromEntries(CUSTOMER_WRITABLE_ATTRIBUTES.map((name) => [CDK_WRITABLE[name], true])),
  );
}

/**
 * The web app client's settings (SRP and the OAuth code flow, no secret, {@link customerWritableAttributes}), for
 * the identity stack's web client and for a branch preview's own client (deploy/preview/stacks.ts), which differ
 * in their callback and sign-out URLs alone.
 *
 * @param redirects - where the hosted UI may send the browser back: the callback and sign-out URLs.
 * @param ssoProviderName - the OIDC provider behind the "{product} SSO" button (COGNITO_CUSTOM_PROVIDER).
 */
export function webClientOptions(
  redirects: { signIn: string[]; signOut: string[] },
  ssoProviderName: string,
): cognito.UserPoolClientOptions {
  return {
    generateSecret: false,
    writeAttributes: customerWritableAttributes(),
    // The browser signs in with SRP (Amplify's default); the password never leaves it.
    authFlows: { userSrp: true },
    refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
    oAuth: {
      // Spec §3.2: code flow with email and openid; Amplify adds PKCE.
      flows: { authorizationCodeGrant: true },
      scopes: [cognito.OAuthScope.EMAIL, cognito.OAuthScope.OPENID],
      callbackUrls: redirects.signIn,
      logoutUrls: redirects.signOut,
    },
    supportedIdentityProviders: [
      cognito.UserPoolClientIdentityProvider.COGNITO,
      cognito.UserPoolClientIdentityProvider.custom(ssoProviderName),
    ],
    preventUserExistenceErrors: true,
  };
}

/** Step 1: the user pool and its clients. Its outputs configure the build and the edge bundle. */
export class IdentityStack extends Stack {
  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    const { domainPrefix, oidcIssuer, oidcClientId, oidcClientSecret } = this.ssoParameters();

    const pool = new cognito.UserPool(this, 'UserPool', {
      // Spec §2.3: no sign-up on the portal; customers are invited.
      selfSignUpEnabled: false,
      userInvitation: { emailSubject: props.invitation.subject, emailBody: props.invitation.body },
      signInAliases: { username: true, email: true },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(TEMPORARY_PASSWORD_VALIDITY_DAYS) },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // A customer's new address is used only once they enter the code sent to it (rules/userAttributes.ts).
      keepOriginal: Object.fromEntries(VERIFIED_BEFORE_UPDATE.map((name) => [CDK_KEEP_ORIGINAL[name], true])),
      // The customers' accounts outlive any stack operation: CloudFormation cannot delete the pool.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Threat protection (compromised credentials, risky sign-ins) needs the Plus plan; audit mode logs
      // risk without blocking anyone. Switch to FULL_FUNCTION once the findings have been reviewed.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.AUDIT_ONLY,
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
    const { web, scripts, mcp } = this.appClients(pool, sso, props);
    this.tokenLifetime(web, scripts, mcp);
    new CfnOutput(this, 'UserPoolId', { value: pool.userPoolId, description: 'COGNITO_USER_POOL_ID' });
    new CfnOutput(this, 'WebClientId', { value: web.userPoolClientId, description: 'COGNITO_APP_CLIENT_ID' });
    new CfnOutput(this, 'ScriptsClientId', {
      value: scripts.userPoolClientId,
      description: 'COGNITO_SCRIPTS_CLIENT_ID',
    });
    new CfnOutput(this, 'McpClientId', { value: mcp.userPoolClientId, description: 'COGNITO_MCP_CLIENT_ID' });
    new CfnOutput(this, 'HostedUiDomain', {
      value: `${domainPrefix.valueAsString}.auth.${Aws.REGION}.amazoncognito.com`,
      description: 'COGNITO_OAUTH_DOMAIN',
    });
  }

  /** The CloudFormation parameters of the hosted UI's domain and the SSO provider (set at deploy time). */
  private ssoParameters() {
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
    return { domainPrefix, oidcIssuer, oidcClientId, oidcClientSecret };
  }

  /**
   * The access and ID tokens' lifetime of every client: the `AccessTokenValidityMinutes` parameter. Set on the
   * clients' CloudFormation resources (CDK's `Duration` props cannot take a parameter); the refresh token's
   * lifetime, in minutes, stays as the clients set it.
   */
  private tokenLifetime(...clients: cognito.UserPoolClient[]): void {
    const minutes = new CfnParameter(this, 'AccessTokenValidityMinutes', {
      type: 'Number',
      default: DEFAULT_ACCESS_TOKEN_MINUTES,
      minValue: 5,
      maxValue: 1440,
      description:
        'Minutes an access or ID token is valid: the longest a disabled or removed customer can still read the portal ' +
        '(shorter: out sooner, more refreshes).',
    });
    for (const client of clients) {
      const resource = client.node.defaultChild as cognito.CfnUserPoolClient;
      resource.accessTokenValidity = minutes.valueAsNumber;
      resource.idTokenValidity = minutes.valueAsNumber;
      resource.tokenValidityUnits = { accessToken: 'minutes', idToken: 'minutes', refreshToken: 'minutes' };
    }
  }

  /**
   * The web app client (SRP and the OAuth code flow), the scripts client and the MCP app client (the OAuth code
   * flow); each writes only {@link customerWritableAttributes}, since any token one issues may call
   * `UpdateUserAttributes`.
   */
  private appClients(pool: cognito.UserPool, sso: cognito.UserPoolIdentityProviderOidc, props: IdentityStackProps) {
    const web = pool.addClient('Web', webClientOptions(props.oauthRedirects, props.ssoProviderName));
    web.node.addDependency(sso);
    // Scripts read the docs with `Authorization: Bearer <access token>`; `aws cognito-idp
    // initiate-auth --auth-flow USER_PASSWORD_AUTH` needs that flow, which the web client does not allow.
    const scripts = pool.addClient('Scripts', {
      generateSecret: false,
      writeAttributes: customerWritableAttributes(),
      authFlows: { userPassword: true },
      disableOAuth: true,
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
      preventUserExistenceErrors: true,
    });
    // The portal's authorization server signs readers in for AI tools through the hosted UI with this client
    // (server/oauth/userPool.ts: the code flow with PKCE, `openid email`, no secret), keeps its refresh token
    // as long as a web session's, and renews the reader's access token with it (REFRESH_TOKEN_AUTH).
    const mcp = pool.addClient('Mcp', {
      generateSecret: false,
      writeAttributes: customerWritableAttributes(),
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.EMAIL, cognito.OAuthScope.OPENID],
        callbackUrls: [props.mcpCallbackUrl],
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        cognito.UserPoolClientIdentityProvider.custom(props.ssoProviderName),
      ],
      preventUserExistenceErrors: true,
    });
    // No password, SRP or custom sign-in through the API (Cognito allows those when a client names no flow):
    // the hosted UI signs the reader in, and the refresh token renews.
    (mcp.node.defaultChild as cognito.CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];
    mcp.node.addDependency(sso);
    return { web, scripts, mcp };
  }
}

/**
 * The behaviour of a Lambda function behind a function URL (the MCP server, reader insights, the authorization
 * server): HTTPS only, every method, nothing cached, the distribution's origin secret sent along
 * (deploy/mcp/originSecret.ts).
 *
 * @param timeoutSeconds - how long CloudFront waits for the function's answer.
 */
function functionUrlBehaviour(
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
      additionalBehaviors: { ...this.functionBehaviours(props, headers), 'assets/*': assets },
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
      webAclId: this.wafAclId(props.oauthBundleDir !== undefined),
    });

    deployBuild(this, props.buildDir, bucket, distribution, functionLogs(this, 'DeploymentLogs'));

    new CfnOutput(this, 'SiteDomain', { value: domain?.domainName ?? distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'LogBucketName', { value: logs.bucketName });
  }

  /**
   * The behaviours of the Lambda functions behind function URLs (the MCP server, reader insights and, where
   * AI tools sign in through it, the authorization server), which share the origin secret.
   */
  private functionBehaviours(
    props: SiteStackProps,
    headers: cloudfront.IResponseHeadersPolicy,
  ): Record<string, cloudfront.BehaviorOptions> {
    const originSecret = this.originSecret();
    const mcp = this.mcpBehaviours(props.mcpBundleDir, headers, originSecret);
    const insights = this.insightsBehaviours(props.insightsBundleDir, headers, originSecret);
    const oauth = props.oauthBundleDir ? this.oauthBehaviours(props.oauthBundleDir, headers, originSecret, mcp.fn) : {};
    return { ...mcp.behaviours, ...insights, ...oauth };
  }

  /**
   * The secret CloudFront sends the function URLs (deploy/mcp/originSecret.ts). Only the dynamic reference
   * ({{resolve:secretsmanager:…}}) is in the template; CloudFormation puts the value in the origins' header and
   * the functions' environment at deploy time.
   */
  private originSecret(): string {
    return new secretsmanager.Secret(this, 'McpOriginSecret', {
      description: `Sent by CloudFront to the portal's function URLs in ${ORIGIN_SECRET_HEADER}; the functions refuse requests without it.`,
      generateSecretString: { passwordLength: ORIGIN_SECRET_LENGTH, excludePunctuation: true },
    }).secretValue.unsafeUnwrap();
  }

  /**
   * The WAF web ACL in front of the distribution (parameters `EnableWaf`, `WafRateLimit`): its ARN, or no
   * value when the parameter turns it off.
   *
   * @param oauth - whether the stack serves the authorization server ({@link webAcl} says what changes).
   */
  private wafAclId(oauth: boolean): string {
    const enableWaf = new CfnParameter(this, 'EnableWaf', {
      type: 'String',
      allowedValues: ['true', 'false'],
      default: 'true',
      description: 'Put a WAF web ACL (rate limit, AWS managed common rules) in front of the distribution.',
    });
    const rateLimit = new CfnParameter(this, 'WafRateLimit', {
      type: 'Number',
      default: DEFAULT_RATE_LIMIT,
      minValue: 100,
      description: 'Requests one IP address may make in any 5 minutes before the WAF blocks it.',
    });
    const acl = this.webAcl(rateLimit.valueAsNumber, oauth);
    const wafOn = new CfnCondition(this, 'WafOn', { expression: Fn.conditionEquals(enableWaf.valueAsString, 'true') });
    acl.cfnOptions.condition = wafOn;
    return Fn.conditionIf(wafOn.logicalId, acl.attrArn, Aws.NO_VALUE).toString();
  }

  /**
   * The MCP server: a Lambda function (deploy/mcp) behind `/mcp` and its protected-resource metadata,
   * through a function URL. The function makes the gate's access decision itself (the module comment of
   * deploy/mcp/handler.ts says why not Lambda@Edge with origin access control), so the URL's auth type is
   * NONE and no edge function runs on these behaviours; nothing is cached. CloudFront sends the origin
   * secret the stack generates (deploy/mcp/originSecret.ts), which the function requires; the parameter
   * `McpReservedConcurrency` caps how many requests it runs at once.
   */
  private mcpBehaviours(
    mcpBundleDir: string,
    headers: cloudfront.IResponseHeadersPolicy,
    originSecret: string,
  ): { behaviours: Record<string, cloudfront.BehaviorOptions>; fn: lambda.Function } {
    const reserved = new CfnParameter(this, 'McpReservedConcurrency', {
      type: 'Number',
      default: DEFAULT_MCP_RESERVED_CONCURRENCY,
      minValue: 0,
      description: 'MCP requests the function runs at once at most (Lambda reserved concurrency; 0 stops it).',
    });
    const fn = new lambda.Function(this, 'Mcp', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(mcpBundleDir),
      memorySize: MCP_MEMORY_MB,
      timeout: Duration.seconds(MCP_TIMEOUT_SECONDS),
      reservedConcurrentExecutions: reserved.valueAsNumber,
      environment: { [ORIGIN_SECRET_ENV]: originSecret },
      logGroup: functionLogs(this, 'McpLogs'),
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
   * Reader insights (server/insights): a DynamoDB table (on demand, rows deleted by TTL on `expires` 13 months
   * after their day, point-in-time recovery for {@link INSIGHTS_PITR_DAYS} days, encrypted, kept when the stack
   * is deleted), the months' secrets in it encrypted under a KMS key only the function may use, written by a Lambda function (deploy/insights) behind `/insights/*` through a function URL, as the
   * MCP server is: the function makes the gate's access decision itself, requires the same origin secret, runs
   * behind the same WAF, caches nothing. The parameter `InsightsReservedConcurrency` caps how many requests it
   * runs at once; the table's name is the output `InsightsTableName` (`npm run insights -- --aws`).
   */
  private insightsBehaviours(
    insightsBundleDir: string,
    headers: cloudfront.IResponseHeadersPolicy,
    originSecret: string,
  ): Record<string, cloudfront.BehaviorOptions> {
    const reserved = new CfnParameter(this, 'InsightsReservedConcurrency', {
      type: 'Number',
      default: DEFAULT_INSIGHTS_RESERVED_CONCURRENCY,
      minValue: 0,
      description:
        'Reader-insight requests the function runs at once at most (Lambda reserved concurrency; 0 stops it).',
    });
    const table = new dynamodb.TableV2(this, 'Insights', {
      partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: 'expires',
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: INSIGHTS_PITR_DAYS,
      },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const fn = new lambda.Function(this, 'InsightsFunction', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(insightsBundleDir),
      memorySize: INSIGHTS_MEMORY_MB,
      timeout: Duration.seconds(INSIGHTS_TIMEOUT_SECONDS),
      reservedConcurrentExecutions: reserved.valueAsNumber,
      environment: { [ORIGIN_SECRET_ENV]: originSecret, [INSIGHTS_TABLE_ENV]: table.tableName },
      logGroup: functionLogs(this, 'InsightsLogs'),
      description: 'Portal reader insights: verifies the Cognito access token, then records page feedback',
    });
    // Writes rows and the months' secrets, counts a reader's day; reads a month's secret. No scan, no delete
    // (TTL deletes).
    table.grant(fn, 'dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    fn.addEnvironment(INSIGHTS_KEY_ENV, this.insightsSecretsKey(fn.role!).keyArn);
    const url = fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.BUFFERED,
    });
    new CfnOutput(this, 'InsightsTableName', {
      value: table.tableName,
      description: 'The reader-insights table (npm run insights -- --aws --table <name>)',
    });
    return {
      [INSIGHTS_PATH_PATTERN]: functionUrlBehaviour(url, INSIGHTS_TIMEOUT_SECONDS, originSecret, headers),
    };
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
  private oauthBehaviours(
    oauthBundleDir: string,
    headers: cloudfront.IResponseHeadersPolicy,
    originSecret: string,
    mcpFunction: lambda.Function,
  ): Record<string, cloudfront.BehaviorOptions> {
    const reserved = new CfnParameter(this, 'OAuthReservedConcurrency', {
      type: 'Number',
      default: DEFAULT_OAUTH_RESERVED_CONCURRENCY,
      minValue: 0,
      description:
        'Requests the authorization server for AI tools runs at once at most (Lambda reserved concurrency; 0 stops it).',
    });
    const table = this.oauthTable();
    // Rotating it (a new construct id) signs no tool out: its tokens are kept in the table. Readers half-way
    // through a sign-in start again.
    const secret = new secretsmanager.Secret(this, 'McpOAuthSecret', {
      description: "The portal's authorization server for AI tools derives its cookie keys and signing key from it.",
      generateSecretString: { passwordLength: OAUTH_SECRET_LENGTH, excludePunctuation: true },
    }).secretValue.unsafeUnwrap();
    const fn = new lambda.Function(this, 'OAuth', {
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
      logGroup: functionLogs(this, 'OAuthLogs'),
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
    const url = fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.BUFFERED,
    });
    const behaviour = functionUrlBehaviour(url, OAUTH_TIMEOUT_SECONDS, originSecret, headers);
    return Object.fromEntries(OAUTH_PATH_PATTERNS.map((pattern) => [pattern, behaviour]));
  }

  /**
   * The authorization server's state (server/oauth/dynamoStore.ts): one item per record keyed `key`, deleted by
   * TTL on `expires`, with the indexes by grant id and by interaction uid; on demand, encrypted with the AWS
   * managed key. No point-in-time recovery: nothing in it outlives a refresh token (30 days) or is worth
   * restoring. Deleted with the stack, unlike the insights table: it holds the readers' user-pool refresh tokens,
   * which should not outlive the deployment that guards them, and a table left behind would never be read again
   * (a new stack makes a new one); losing it signs AI tools out, and they sign in again.
   */
  private oauthTable(): dynamodb.TableV2 {
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    return new dynamodb.TableV2(this, 'McpOAuth', {
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

  /**
   * The KMS key the months' secrets of reader insights are encrypted under (server/insights/dynamoStore.ts:
   * each month's secret is a data key it draws, kept in the table only as ciphertext). Its policy lets the
   * insights function's role draw and decrypt data keys for that purpose only, and the account manage the key
   * ({@link INSIGHTS_KEY_ADMIN_ACTIONS}) but not use it: whoever can read the table, its backups or a
   * point-in-time restore, `npm run insights -- --aws` included, gets no secret. Rotated yearly, kept when the
   * stack is deleted (with the table).
   */
  private insightsSecretsKey(functionRole: iam.IRole): kms.Key {
    const key = new kms.Key(this, 'InsightsSecretsKey', {
      description: "Encrypts the months' secrets of portal reader insights; only the insights function may use it",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
      policy: new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            sid: 'AccountManagesTheKeyButDoesNotUseIt',
            principals: [new iam.AccountRootPrincipal()],
            actions: INSIGHTS_KEY_ADMIN_ACTIONS,
            resources: ['*'],
          }),
        ],
      }),
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'OnlyTheInsightsFunctionUsesTheKey',
        principals: [functionRole],
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': READER_KEY_PURPOSE } },
      }),
    );
    return key;
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

  /**
   * A CloudFront-scope web ACL: a per-IP rate limit, then AWS's managed common rule set. With the authorization
   * server, the common rules in {@link OAUTH_WAF_EXEMPT_RULES} block everywhere but under `/oauth/`: they count
   * there, and a rule after the group blocks by their labels the requests outside it.
   */
  private webAcl(rateLimit: number, oauth: boolean): wafv2.CfnWebACL {
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const outsideTheAuthorizationServer: wafv2.CfnWebACL.RuleProperty = {
      name: 'CommonRulesOutsideTheAuthorizationServer',
      priority: 2,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            {
              orStatement: {
                statements: OAUTH_WAF_EXEMPT_RULES.map(({ label }) => ({
                  labelMatchStatement: { scope: 'LABEL', key: `awswaf:managed:aws:core-rule-set:${label}` },
                })),
              },
            },
            {
              notStatement: {
                statement: {
                  byteMatchStatement: {
                    fieldToMatch: { uriPath: {} },
                    positionalConstraint: 'STARTS_WITH',
                    searchString: `${MCP_OAUTH_PREFIX}/`,
                    textTransformations: [{ priority: 0, type: 'NONE' }],
                  },
                },
              },
            },
          ],
        },
      },
      visibilityConfig: visibility('common-rules-outside-oauth'),
    };
    return new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('portal'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: rateLimit, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('rate-limit'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ...(oauth && {
                ruleActionOverrides: OAUTH_WAF_EXEMPT_RULES.map(({ rule }) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }),
            },
          },
          visibilityConfig: visibility('common-rules'),
        },
        ...(oauth ? [outsideTheAuthorizationServer] : []),
      ],
    });
  }
}
