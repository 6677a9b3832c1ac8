/**
 * @jest-environment node
 *
 * The AWS stack, synthesized offline (issue #12; `Template.fromStack`, no credentials, no network): the
 * distribution runs the gate on viewer-request in front of a private bucket, with the gate's headers; the
 * build is uploaded with its cache rules; the user pool, client, hosted-UI domain and SSO provider exist,
 * or an existing pool is used instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { parseEnv } from '../../config/env';
import { cspDirectives, cspOriginsFor } from '../../server/gate/csp';
import { cspHeader, PortalStack, type PortalStackProps } from '../stack';

/** A tiny build and edge bundle, so synthesis stages little. */
function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-'));
  for (const [file, text] of [
    ['build/index.html', '<html></html>'],
    ['build/404.html', '<html>Not found</html>'],
    ['build/assets/js/main.1a2b.js', 'console.log(1)'],
    ['edge/index.js', 'exports.handler = async (e) => e.Records[0].cf.request;'],
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return { buildDir: path.join(root, 'build'), edgeBundleDir: path.join(root, 'edge') };
}

const env = parseEnv({ SITE_URL: 'https://portal.example.com', COGNITO_CUSTOM_PROVIDER: 'RegDataIdP' });
const directives = cspDirectives(["'sha256-abc='"], cspOriginsFor(env));

function template(extra: Partial<PortalStackProps> = {}): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PortalStack(app, 'Portal', {
    env: { region: 'us-east-1' },
    ...folders(),
    oauthRedirects: { signIn: env.auth.oauth.redirectSignIn, signOut: env.auth.oauth.redirectSignOut },
    cspDirectives: directives,
    ssoProviderName: 'RegDataIdP',
    ...extra,
  });
  return Template.fromStack(stack);
}

const t = template();

describe('the distribution and its gate', () => {
  it('runs the edge handler on viewer-request, over HTTPS only, with the security headers policy', () => {
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          LambdaFunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
        CustomErrorResponses: Match.arrayWith([
          Match.objectLike({ ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html' }),
        ]),
      }),
    });
  });

  it('runs the handler on nodejs22.x from the bundle', () => {
    t.hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Handler: 'index.handler' });
  });

  it('reaches a private bucket only through Origin Access Control', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      }),
    });
  });

  it('sends the gate’s CSP, HSTS, nosniff, frame and referrer headers', () => {
    t.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: cspHeader(directives), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
        },
      }),
    });
    expect(cspHeader(directives)).toMatch(/frame-ancestors 'none'/);
    expect(cspHeader(directives)).toMatch(/script-src 'self' 'sha256-abc='/);
  });

  it('uploads hashed assets as immutable and everything else as no-cache, invalidating the distribution', () => {
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      Exclude: ['assets/*'],
    });
  });
});

describe('the identity', () => {
  it('creates a user pool with the sign-in form’s password rules, optional TOTP and no self sign-up', () => {
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
      AliasAttributes: ['email'],
    });
  });

  it('a web client without secret: code flow, email and openid, the site’s callback, Cognito and the SSO provider', () => {
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['email', 'openid'],
      // The sign-in page, which the gate lets the code through to (issue #13).
      CallbackURLs: ['https://portal.example.com/login'],
      LogoutURLs: ['https://portal.example.com/login'],
      SupportedIdentityProviders: ['COGNITO', 'RegDataIdP'],
    });
    t.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    t.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'RegDataIdP',
      ProviderType: 'OIDC',
      AttributeMapping: { email: 'email' },
    });
  });

  it('keeps the SSO client secret out of the template', () => {
    expect(t.toJSON().Parameters.SsoClientSecret).toMatchObject({ NoEcho: true });
  });

  it('uses an existing user pool and client instead, when given', () => {
    const existing = template({
      existingUserPool: { userPoolId: 'us-east-1_Existing1', userPoolClientId: 'abc123client' },
    });
    existing.resourceCountIs('AWS::Cognito::UserPool', 0);
    existing.resourceCountIs('AWS::Cognito::UserPoolClient', 0);
    existing.hasOutput('UserPoolId', { Value: 'us-east-1_Existing1' });
  });
});
