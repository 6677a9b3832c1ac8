/**
 * @jest-environment node
 *
 * A branch's preview, synthesized offline (`Template.fromStack`, no credentials): its own app client in the
 * site's user pool, with the production web client's settings but the preview's callback and sign-out URL alone,
 * and nothing else of the pool touched; its own bucket and distribution behind the same gate, headers and 404
 * page as the site, at its own name with TLS 1.2, with DNS records in the preview zone; tagged with its label and
 * last day; and nothing in either stack outliving its deletion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { parseEnv, type PreviewSettings } from '../../../config/env';
import { BUILD_IDENTITY_FILE, buildIdentityOf } from '../../../rules/buildFiles';
import { invitationTemplate } from '../../../rules/invitation';
import { cspDirectives, readInlineScriptHashes } from '../../../server/gate/csp';
import { localAuth, makeBuild } from '../../../tests/support/gate';
import { IdentityStack, LOG_RETENTION_DAYS, SiteStack } from '../../stack';
import { EXPIRES_TAG, PREVIEW_TAG, previewNames } from '../names';
import { PREVIEW_LIFETIME_DAYS, PreviewIdentityStack, PreviewSiteStack, previewExpiry } from '../stacks';

const buildDir = makeBuild();
fs.writeFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), JSON.stringify(buildIdentityOf(localAuth)));
const bundle = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  fs.writeFileSync(path.join(dir, 'index.js'), 'exports.handler = async () => ({ status: "401" });');
  return dir;
};
const [edgeBundleDir, mcpBundleDir, insightsBundleDir] = ['edge', 'mcp', 'insights'].map(bundle);
const cdkOut = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-out-'));
afterAll(() => {
  for (const dir of [buildDir, edgeBundleDir, mcpBundleDir, insightsBundleDir, cdkOut])
    fs.rmSync(dir, { recursive: true, force: true });
});
const newApp = () =>
  new App({ outdir: fs.mkdtempSync(path.join(cdkOut, 'app-')), context: { 'aws:cdk:bundling-stacks': [] } });

const preview: PreviewSettings = {
  domain: 'preview.docs.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  reviewersGroup: 'portal-reviewers',
};
const names = previewNames('Feature/New-schema', preview.domain);
const expires = previewExpiry(Date.UTC(2026, 0, 31, 23, 59));
const directives = cspDirectives(readInlineScriptHashes(buildDir), { identity: [], api: [] });

const identityStack = new PreviewIdentityStack(newApp(), 'PreviewIdentity', {
  env: { region: 'us-east-1' },
  names,
  expires,
  userPoolId: 'eu-west-2_AbC123xyz',
  ssoProviderName: 'RegDataIdP',
});
const identity = Template.fromStack(identityStack);
const siteStack = new PreviewSiteStack(newApp(), 'PreviewSite', {
  env: { region: 'us-east-1' },
  names,
  expires,
  buildDir,
  edgeBundleDir,
  cspDirectives: directives,
  preview,
});
const site = Template.fromStack(siteStack);

/** The production stacks, to compare the preview with. */
const productionEnv = parseEnv({ SITE_URL: 'https://portal.example.com' });
const production = {
  identity: Template.fromStack(
    new IdentityStack(newApp(), 'Identity', {
      env: { region: 'us-east-1' },
      oauthRedirects: {
        signIn: productionEnv.auth.oauth.redirectSignIn,
        signOut: productionEnv.auth.oauth.redirectSignOut,
      },
      mcpCallbackUrl: 'https://portal.example.com/oauth/callback',
      ssoProviderName: 'RegDataIdP',
      invitation: invitationTemplate({ productName: 'RegData', siteUrl: 'https://portal.example.com' }),
    }),
  ),
  site: Template.fromStack(
    new SiteStack(newApp(), 'Site', {
      env: { region: 'us-east-1' },
      buildDir,
      edgeBundleDir,
      mcpBundleDir,
      insightsBundleDir,
      cspDirectives: directives,
    }),
  ),
};

const resources = (template: Template) =>
  Object.values(template.toJSON().Resources) as {
    Type: string;
    DeletionPolicy?: string;
    UpdateReplacePolicy?: string;
  }[];
const distribution = () => distributionOf(site);

describe('the preview’s app client', () => {
  const client = () => Object.values(identity.findResources('AWS::Cognito::UserPoolClient'))[0].Properties;

  it('is a client of its own in the site’s user pool, and the stack creates or changes nothing else', () => {
    identity.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    expect(resources(identity).map((r) => r.Type)).toEqual(['AWS::Cognito::UserPoolClient']);
    expect(client().UserPoolId).toBe('eu-west-2_AbC123xyz');
    expect(client().ClientName).toBe(`portal-preview-${names.label}`);
    identity.hasOutput('WebClientId', { Value: { Ref: Match.anyValue() } });
  });

  it('takes the preview’s /login as its only callback and sign-out URL', () => {
    expect(client()).toMatchObject({
      CallbackURLs: [`https://${names.host}/login`],
      LogoutURLs: [`https://${names.host}/login`],
    });
  });

  it('allows exactly what the production web client allows: SRP and the code flow, email only, no secret', () => {
    const web = Object.values(production.identity.findResources('AWS::Cognito::UserPoolClient'))
      .map((c) => c.Properties)
      .find((c) => c.LogoutURLs !== undefined);
    const differs = [
      'UserPoolId',
      'ClientName',
      'CallbackURLs',
      'LogoutURLs',
      'AccessTokenValidity',
      'IdTokenValidity',
    ];
    const settings = (c: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(c).filter(([key]) => !differs.includes(key) && key !== 'TokenValidityUnits'));
    expect(settings(client())).toEqual(settings(web));
    expect(client()).toMatchObject({
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      WriteAttributes: ['email'],
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
    });
  });

  it('offers the SSO provider only where the site has single sign-on', () => {
    expect(client().SupportedIdentityProviders).toEqual(['COGNITO', 'RegDataIdP']);
    const withoutSso = Template.fromStack(
      new PreviewIdentityStack(newApp(), 'NoSso', { names, expires, userPoolId: 'eu-west-2_AbC123xyz' }),
    );
    expect(
      Object.values(withoutSso.findResources('AWS::Cognito::UserPoolClient'))[0].Properties.SupportedIdentityProviders,
    ).toEqual(['COGNITO']);
  });
});

describe('the preview’s site', () => {
  it('answers at its own name with the preview certificate, TLS 1.2 at least, and DNS records in the preview zone', () => {
    expect(distribution()).toMatchObject({
      Aliases: [names.host],
      ViewerCertificate: { AcmCertificateArn: preview.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021' },
    });
    for (const type of ['A', 'AAAA'])
      site.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: `${names.host}.`,
        Type: type,
        HostedZoneId: preview.hostedZoneId,
        AliasTarget: { DNSName: { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] } },
      });
  });

  it('runs the gate on viewer-request of pages and assets, and has no other origin (no functions, no side door)', () => {
    const config = distribution();
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toEqual(['assets/*']);
    for (const behaviour of behaviours) {
      expect(behaviour.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(behaviour.LambdaFunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    }
    expect(config.Origins).toHaveLength(1);
    expect(config.Origins[0].S3OriginConfig).toBeDefined();
    site.resourceCountIs('AWS::Lambda::Url', 0);
    expect(config.WebACLId).toBeUndefined();
    expect(config.CustomErrorResponses).toEqual(distributionOf(production.site).CustomErrorResponses);
  });

  it('sends the site’s security headers, pages with Vary: Accept', () => {
    const policies = (template: Template) =>
      Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))
        .map((p) => ({ ...p.Properties.ResponseHeadersPolicyConfig, Name: undefined }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(policies(site)).toEqual(policies(production.site));
  });

  it('keeps the bucket private and unversioned, and uploads the build as the site does', () => {
    site.resourceCountIs('AWS::S3::Bucket', 1);
    site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: Match.absent(),
    });
    site.resourceCountIs('Custom::CDKBucketDeployment', 3);
  });

  it('holds nothing else of the site: no user pool, table, key, secret, function URL or web ACL', () => {
    const types = new Set(resources(site).map((r) => r.Type));
    for (const type of [
      'AWS::Cognito::UserPool',
      'AWS::Cognito::UserPoolClient',
      'AWS::DynamoDB::GlobalTable',
      'AWS::DynamoDB::Table',
      'AWS::KMS::Key',
      'AWS::SecretsManager::Secret',
      'AWS::Lambda::Url',
      'AWS::WAFv2::WebACL',
    ])
      expect([type, types.has(type)]).toEqual([type, false]);
  });
});

/** The distribution's configuration of a template. */
function distributionOf(template: Template) {
  return Object.values(template.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
}

describe('its lifetime and deletion', () => {
  it(`is kept ${PREVIEW_LIFETIME_DAYS} days after its last deployment, a UTC day tagged on both stacks`, () => {
    expect(expires).toBe('2026-02-14');
    expect(previewExpiry(Date.UTC(2026, 0, 31, 0, 0))).toBe('2026-02-14');
    for (const stack of [identityStack, siteStack] as Stack[])
      expect(stack.tags.tagValues()).toEqual({ [PREVIEW_TAG]: names.label, [EXPIRES_TAG]: '2026-02-14' });
  });

  it('leaves nothing behind when deleted: no resource is retained, log groups and files included', () => {
    for (const template of [identity, site]) {
      const retained = resources(template).filter(
        (r) => r.DeletionPolicy === 'Retain' || r.UpdateReplacePolicy === 'Retain',
      );
      expect(retained.map((r) => r.Type)).toEqual([]);
    }
    site.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    for (const deployment of Object.values(site.findResources('Custom::CDKBucketDeployment')))
      expect(deployment.Properties.RetainOnDelete).toBe(false);
    const groups = Object.values(site.findResources('AWS::Logs::LogGroup'));
    expect(groups).toHaveLength(2);
    for (const group of groups) {
      expect(group.DeletionPolicy).toBe('Delete');
      expect(group.Properties.RetentionInDays).toBe(LOG_RETENTION_DAYS);
    }
  });

  it('production keeps what the preview deletes: its bucket, log groups and files stay when it is deleted', () => {
    production.site.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    for (const deployment of Object.values(production.site.findResources('Custom::CDKBucketDeployment')))
      expect(deployment.Properties.RetainOnDelete).toBeUndefined();
    production.identity.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });
});
