/**
 * Step 1 of the portal on AWS (./stack.ts): the identity stack, the Cognito user pool and its app clients, and
 * the options the branch previews' pools share with it (deploy/preview/stacks.ts).
 */
import { Aws, CfnOutput, CfnParameter, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { REFRESH_TOKEN_VALIDITY_DAYS } from '../config/env';
import { TEMPORARY_PASSWORD_VALIDITY_DAYS, type InvitationTemplate } from '../rules/invitation';
import {
  CUSTOMER_WRITABLE_ATTRIBUTES,
  VERIFIED_BEFORE_UPDATE,
  type CustomerWritableAttribute,
  type VerifiedBeforeUpdateAttribute,
} from '../rules/userAttributes';

/** Spec §5.2 and the sign-in form: the password rules the local pool enforces too. */
export const PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
};

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
