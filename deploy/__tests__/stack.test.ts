/**
 * @jest-environment node
 *
 * The AWS stacks, synthesized offline (`Template.fromStack`, no credentials, no network).
 * Identity: a user pool that cannot be deleted by CloudFormation, with threat protection, a web client
 * for SRP and the code flow only, a separate client for scripts, and an MCP app client for the portal's
 * authorization server (the code flow only, `<site>/oauth/callback`), all writing only `email`. Site: the gate on viewer-request of
 * every behaviour but the MCP and insights functions', in front of a private, versioned bucket, with the Fastify
 * gate's headers exactly; the MCP and insights functions reachable only through the distribution, with reserved
 * concurrency; the insights table with TTL, point-in-time recovery (35 days) and encryption, its months'
 * secrets under a KMS key only the insights function may use; a
 * WAF web ACL that a parameter switches off; CloudFront and S3 access logs and every Lambda log group with
 * a retention period; hashed assets `private`; TLS 1.2 enforced with a custom domain; with an authorization
 * server bundle (COGNITO_MCP_CLIENT_ID), its function behind `/oauth/*` and the RFC 8414 metadata path with the
 * origin secret and nothing cached, its table (keys, TTL, indexes), its own secret as a dynamic reference only,
 * and the least each function needs of the table; without one, nothing of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { parseEnv, REFRESH_TOKEN_VALIDITY_DAYS } from '../../config/env';
import { buildTestApp, localAuth, makeBuild } from '../../tests/support/gate';
import { cspDirectives, readInlineScriptHashes, type CspOrigins } from '../../server/gate/csp';
import { ASSET_CACHE_CONTROL, cspHeader, PAGE_VARY } from '../../server/gate/securityHeaders';
import { MARKDOWN_CONTENT_TYPE } from '../../rules/negotiation';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  MCP_OAUTH_CALLBACK_PATH,
  MCP_PATH,
  PROTECTED_RESOURCE_METADATA_PATHS,
} from '../../rules/mcp';
import { invitationTemplate, TEMPORARY_PASSWORD_VALIDITY_DAYS } from '../../rules/invitation';
import { BUILD_IDENTITY_FILE, buildIdentityOf } from '../../rules/buildFiles';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER, ORIGIN_SECRET_LENGTH } from '../functionUrl/originSecret';
import { INSIGHTS_KEY_ENV, INSIGHTS_TABLE_ENV } from '../insights/handler';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { READER_KEY_PURPOSE } from '../../server/insights/dynamoStore';
import { dynamoOAuthStore, GRANT_INDEX, UID_INDEX } from '../../server/oauth/dynamoStore';
import { mcpAccessTokenVerifier } from '../../server/oauth/resourceServer';
import { USER_POOL_SESSION } from '../../server/oauth/sessions';
import { OAUTH_SECRET_ENV, OAUTH_SECRET_LENGTH, OAUTH_TABLE_ENV } from '../oauth/environment';
import {
  DEFAULT_MCP_RESERVED_CONCURRENCY,
  DEFAULT_RATE_LIMIT,
  ERROR_PAGE_STATUSES,
  DEFAULT_ACCESS_TOKEN_MINUTES,
  IdentityStack,
  LOG_RETENTION_DAYS,
  INSIGHTS_KEY_ADMIN_ACTIONS,
  INSIGHTS_PATH_PATTERN,
  INSIGHTS_PITR_DAYS,
  INSIGHTS_TIMEOUT_SECONDS,
  MCP_OAUTH_TABLE_ACCESS,
  MCP_TIMEOUT_SECONDS,
  OAUTH_PATH_PATTERNS,
  OAUTH_TIMEOUT_SECONDS,
  OAUTH_WAF_EXEMPT_RULES,
  SiteStack,
  type SiteStackProps,
} from '../stack';

const buildDir = makeBuild();
fs.writeFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), JSON.stringify(buildIdentityOf(localAuth)));
const edgeBundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-'));
fs.writeFileSync(path.join(edgeBundleDir, 'index.js'), 'exports.handler = async (e) => e.Records[0].cf.request;');
const mcpBundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-'));
fs.writeFileSync(path.join(mcpBundleDir, 'index.js'), 'exports.handler = async () => ({ statusCode: 401 });');
const insightsBundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-'));
fs.writeFileSync(path.join(insightsBundleDir, 'index.js'), 'exports.handler = async () => ({ statusCode: 401 });');
const oauthBundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-'));
fs.writeFileSync(path.join(oauthBundleDir, 'index.js'), 'exports.handler = async () => ({ statusCode: 403 });');
const cdkOut = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-out-'));
afterAll(() => {
  for (const dir of [buildDir, edgeBundleDir, mcpBundleDir, insightsBundleDir, oauthBundleDir, cdkOut])
    fs.rmSync(dir, { recursive: true, force: true });
});

/** The origins the test gate (tests/support/gate.ts) is built with, so both sides hash the same CSP. */
const testOrigins: CspOrigins = { identity: [localAuth.userPoolEndpoint!], api: ['https://api.acme.test'] };
const directives = cspDirectives(readInlineScriptHashes(buildDir), testOrigins);

const newApp = () =>
  new App({ outdir: fs.mkdtempSync(path.join(cdkOut, 'app-')), context: { 'aws:cdk:bundling-stacks': [] } });

function site(extra: Partial<SiteStackProps> = {}, app = newApp()): Template {
  const stack = new SiteStack(app, 'Site', {
    env: { region: 'us-east-1' },
    buildDir,
    edgeBundleDir,
    mcpBundleDir,
    insightsBundleDir,
    cspDirectives: directives,
    ...extra,
  });
  return Template.fromStack(stack);
}

const env = parseEnv({ SITE_URL: 'https://portal.example.com', COGNITO_CUSTOM_PROVIDER: 'RegDataIdP' });
const identity = Template.fromStack(
  new IdentityStack(newApp(), 'Identity', {
    env: { region: 'us-east-1' },
    oauthRedirects: { signIn: env.auth.oauth.redirectSignIn, signOut: env.auth.oauth.redirectSignOut },
    mcpCallbackUrl: `https://portal.example.com${MCP_OAUTH_CALLBACK_PATH}`,
    ssoProviderName: 'RegDataIdP',
    invitation: invitationTemplate({ productName: 'RegData', siteUrl: 'https://portal.example.com' }),
  }),
);
const siteApp = newApp();
const t = site({}, siteApp);

/** The behaviours of the MCP function. */
const MCP_PATTERNS: string[] = [MCP_PATH, ...PROTECTED_RESOURCE_METADATA_PATHS];

const distributionConfig = (template: Template) =>
  Object.values(template.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;

describe('the distribution and its gate', () => {
  it('runs the edge handler on viewer-request of every behaviour but the MCP and insights functions, over HTTPS only', () => {
    const config = distributionConfig(t);
    const functions = [...MCP_PATTERNS, INSIGHTS_PATH_PATTERN];
    const site = config.CacheBehaviors.filter((b: { PathPattern: string }) => !functions.includes(b.PathPattern));
    expect(site.length).toBe(config.CacheBehaviors.length - functions.length);
    for (const behaviour of [config.DefaultCacheBehavior, ...site]) {
      expect(behaviour).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        LambdaFunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
        ResponseHeadersPolicyId: expect.anything(),
      });
    }
    expect(config.CustomErrorResponses).toContainEqual(
      expect.objectContaining({ ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html' }),
    );
  });

  it('replaces only S3’s 404 with the site’s 404 page, which CloudFront serves without running the gate', () => {
    const codes = distributionConfig(t).CustomErrorResponses.map((r: { ErrorCode: number }) => r.ErrorCode);
    expect(codes).toEqual([...ERROR_PAGE_STATUSES]);
    // Not 403: the WAF's blocks and the MCP function's refusals would get the page with no gate run.
    expect(codes).not.toContain(403);
    // S3 answers 404, not 403, for a missing object only when CloudFront may list the bucket.
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: Match.arrayWith(['s3:GetObject', 's3:ListBucket']),
          }),
        ]),
      }),
    });
  });

  it('runs the handler on nodejs24.x from the bundle', () => {
    t.hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs24.x', Handler: 'index.handler' });
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
          Match.objectLike({
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: Match.arrayWith(['s3:GetObject']),
          }),
        ]),
      }),
    });
  });

  it('sends exactly the headers helmet sends from the Fastify gate', async () => {
    const gate = await buildTestApp(buildDir, { tls: true });
    const response = await gate.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    await gate.close();
    const security = Object.values(t.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0].Properties
      .ResponseHeadersPolicyConfig;
    const s = security.SecurityHeadersConfig;
    const fromPolicy: Record<string, string> = {
      'content-security-policy': s.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': `max-age=${s.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': s.FrameOptions.FrameOption,
      'referrer-policy': s.ReferrerPolicy.ReferrerPolicy,
      'x-xss-protection': s.XSSProtection.Protection ? '1' : '0',
    };
    for (const { Header, Value } of security.CustomHeadersConfig.Items) fromPolicy[Header.toLowerCase()] = Value;
    const normalise = (csp: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean);
    const fromHelmet = Object.fromEntries(
      Object.keys(fromPolicy).map((name) => [name, String(response.headers[name])]),
    );
    // helmet joins directives with ';', CloudFront's value with '; ': the same policy.
    expect(normalise(fromPolicy['content-security-policy'])).toEqual(normalise(fromHelmet['content-security-policy']));
    expect({ ...fromPolicy, 'content-security-policy': '' }).toEqual({ ...fromHelmet, 'content-security-policy': '' });
    // …and helmet sends no security header the policy lacks.
    const helmetNames = Object.keys(response.headers).filter((name) =>
      /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-(content-type|dns-prefetch|download|frame|permitted|xss))/.test(
        name,
      ),
    );
    expect(helmetNames.sort()).toEqual(Object.keys(fromPolicy).sort());
    expect(cspHeader(directives)).toMatch(/frame-ancestors 'none'/);
  });

  it('sends pages with the Fastify gate’s Vary: Accept, the other behaviours without it', async () => {
    const gate = await buildTestApp(buildDir, { tls: true });
    const response = await gate.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    await gate.close();
    const policies = t.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const customHeaders = (id: string) =>
      Object.fromEntries(
        policies[id].Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items.map(
          (item: { Header: string; Value: string }) => [item.Header, item.Value],
        ),
      );
    const config = distributionConfig(t);
    const pages = config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref;
    const others = new Set(
      config.CacheBehaviors.map((b: { ResponseHeadersPolicyId: { Ref: string } }) => b.ResponseHeadersPolicyId.Ref),
    );
    expect(others.size).toBe(1);
    const [other] = others as Set<string>;
    expect(customHeaders(pages)).toEqual({ ...customHeaders(other), Vary: PAGE_VARY });
    expect(response.headers.vary).toBe(PAGE_VARY);
    // Besides Vary, the two policies are one: the same security headers everywhere.
    const withoutCustom = (id: string) => ({
      ...policies[id].Properties.ResponseHeadersPolicyConfig,
      Name: '',
      CustomHeadersConfig: undefined,
    });
    expect(withoutCustom(pages)).toEqual(withoutCustom(other));
  });

  it('uploads the Markdown copies as text/markdown in UTF-8, before the cache is cleared', () => {
    const deployments = t.findResources('Custom::CDKBucketDeployment');
    const markdown = Object.entries(deployments).find(([, d]) => d.Properties.Include?.includes('*.md'));
    expect(markdown).toBeDefined();
    const [markdownId, { Properties: props }] = markdown!;
    expect(props).toMatchObject({
      Exclude: ['*'],
      Include: ['*.md'],
      SystemMetadata: { 'content-type': MARKDOWN_CONTENT_TYPE, 'cache-control': 'private, no-cache' },
    });
    const [, pages] = Object.entries(deployments).find(([, d]) => d.Properties.DistributionPaths)!;
    expect(pages.Properties.Exclude).toEqual(['assets/*', '*.md']);
    expect(pages.DependsOn).toEqual(expect.arrayContaining([markdownId]));
  });

  it('does not upload the build’s identity record, which only the deploy tools read', () => {
    const staged = fs
      .readdirSync(siteApp.outdir)
      .map((name) => path.join(siteApp.outdir, name))
      .filter((dir) => fs.existsSync(path.join(dir, 'index.html')));
    expect(staged).toHaveLength(1);
    expect(fs.existsSync(path.join(buildDir, BUILD_IDENTITY_FILE))).toBe(true);
    expect(fs.existsSync(path.join(staged[0], BUILD_IDENTITY_FILE))).toBe(false);
  });

  it('uploads hashed assets as private (as the Fastify gate sends them), yet caches them at the edge (L5)', () => {
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': ASSET_CACHE_CONTROL },
    });
    expect(ASSET_CACHE_CONTROL).toMatch(/^private,/);
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'private, no-cache' },
      DistributionPaths: ['/*'],
      Exclude: ['assets/*', '*.md'],
    });
    const assets = distributionConfig(t).CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === 'assets/*',
    );
    expect(assets).toBeDefined();
    t.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({ MinTTL: 365 * 86_400 }),
    });
  });
});

describe('the MCP server', () => {
  it('serves /mcp and its metadata from the MCP function, all methods, nothing cached, HTTPS only', () => {
    const config = distributionConfig(t);
    const behaviours = config.CacheBehaviors.filter((b: { PathPattern: string }) =>
      MCP_PATTERNS.includes(b.PathPattern),
    );
    expect(behaviours.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual([...MCP_PATTERNS].sort());
    const mcpOrigin = config.Origins.find((o: { Id: string; CustomOriginConfig?: unknown }) =>
      behaviours.every((b: { TargetOriginId: string }) => b.TargetOriginId === o.Id),
    );
    expect(mcpOrigin.DomainName).toEqual(
      expect.objectContaining({ 'Fn::Select': expect.anything() }), // the function URL's host
    );
    for (const behaviour of behaviours) {
      expect(behaviour).toMatchObject({
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['POST', 'GET', 'DELETE']),
        // Managed CachingDisabled and AllViewerExceptHostHeader (CloudFront managed policies).
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
        ResponseHeadersPolicyId: expect.anything(),
      });
      // The function itself makes the access decision (deploy/mcp/handler.ts, tested against the gate).
      expect(behaviour.LambdaFunctionAssociations).toBeUndefined();
    }
  });

  it('runs the bundled MCP handler on nodejs24.x behind a function URL', () => {
    t.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'NONE', InvokeMode: 'BUFFERED' });
    t.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Timeout: MCP_TIMEOUT_SECONDS,
      Description: Match.stringLikeRegexp('MCP'),
    });
  });
});

describe('the function URL is no side door', () => {
  const config = distributionConfig(t);
  const mcpBehaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === MCP_PATH);
  const mcpOrigin = config.Origins.find((o: { Id: string }) => o.Id === mcpBehaviour.TargetOriginId);
  const [secretId] = Object.keys(t.findResources('AWS::SecretsManager::Secret'));
  const mcpFunction = Object.values(t.findResources('AWS::Lambda::Function')).find((f) =>
    String(f.Properties.Description).includes('MCP'),
  )!;
  /** A CloudFormation dynamic reference to the stack's secret, resolved at deploy time. */
  const secretReference = {
    'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
  };

  it('the stack generates the secret in Secrets Manager: letters and digits, 64 of them', () => {
    t.resourceCountIs('AWS::SecretsManager::Secret', 1);
    t.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: ORIGIN_SECRET_LENGTH, ExcludePunctuation: true },
    });
    expect(ORIGIN_SECRET_LENGTH).toBeGreaterThanOrEqual(32);
  });

  it('CloudFront sends it to the function URL origins (MCP, insights), and to no other origin', () => {
    const insightsBehaviour = config.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === INSIGHTS_PATH_PATTERN,
    );
    const functionOrigins = [mcpOrigin.Id, insightsBehaviour.TargetOriginId];
    for (const id of functionOrigins) {
      const origin = config.Origins.find((o: { Id: string }) => o.Id === id);
      expect(origin.DomainName).toEqual(expect.objectContaining({ 'Fn::Select': expect.anything() }));
      expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: secretReference }]);
    }
    const others = config.Origins.filter((o: { Id: string }) => !functionOrigins.includes(o.Id));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other.OriginCustomHeaders).toBeUndefined();
  });

  it('the function reads the same secret from its environment; the value is in no template', () => {
    expect(mcpFunction.Properties.Environment.Variables).toEqual({ [ORIGIN_SECRET_ENV]: secretReference });
    // Every mention of the secret is the dynamic reference, never a literal value.
    const text = JSON.stringify(t.toJSON());
    // Two origins' headers and two functions' environments.
    expect(text.split('{{resolve:secretsmanager:').length - 1).toBe(4);
    expect(text).not.toMatch(/"HeaderValue":"/);
  });

  it('the function has reserved concurrency, a parameter with a documented default', () => {
    expect(mcpFunction.Properties.ReservedConcurrentExecutions).toEqual({ Ref: 'McpReservedConcurrency' });
    expect(t.toJSON().Parameters.McpReservedConcurrency).toMatchObject({
      Type: 'Number',
      Default: DEFAULT_MCP_RESERVED_CONCURRENCY,
      MinValue: 0,
    });
  });
});

describe('reader insights', () => {
  const tables = t.findResources('AWS::DynamoDB::GlobalTable');
  const [tableId] = Object.keys(tables);
  const insightsFunction = Object.values(t.findResources('AWS::Lambda::Function')).find((f) =>
    String(f.Properties.Description).includes('insights'),
  )!;

  it('keep rows in one DynamoDB table: on demand, TTL on expires, point-in-time recovery, encrypted, retained', () => {
    expect(Object.keys(tables)).toHaveLength(1);
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true },
      SSESpecification: { SSEEnabled: true },
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: true,
            RecoveryPeriodInDays: INSIGHTS_PITR_DAYS,
          },
        }),
      ],
    });
    expect(tables[tableId].DeletionPolicy).toBe('Retain');
    expect(t.toJSON().Outputs.InsightsTableName.Value).toEqual({ Ref: tableId });
  });

  it('are written by the insights function behind /insights/*, which makes the access decision itself', () => {
    const config = distributionConfig(t);
    const behaviour = config.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === INSIGHTS_PATH_PATTERN,
    );
    expect(behaviour).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['POST']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    // No edge function: the insights function decides (deploy/insights/handler.ts, tested against the gate).
    expect(behaviour.LambdaFunctionAssociations).toBeUndefined();
    // The same WAF as every behaviour: the distribution's.
    expect(config.WebACLId).toBeDefined();
    expect(insightsFunction.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Timeout: INSIGHTS_TIMEOUT_SECONDS,
      ReservedConcurrentExecutions: { Ref: 'InsightsReservedConcurrency' },
    });
    expect(insightsFunction.Properties.Environment.Variables).toMatchObject({
      [INSIGHTS_TABLE_ENV]: { Ref: tableId },
      [ORIGIN_SECRET_ENV]: expect.anything(),
    });
  });

  it('the function may write rows and read a month’s secret, nothing more', () => {
    const policies = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes(tableId),
    );
    const actions = policies.flatMap((p) =>
      p.Properties.PolicyDocument.Statement.filter((s: { Resource: unknown }) =>
        JSON.stringify(s.Resource).includes(tableId),
      ).flatMap((s: { Action: string | string[] }) => [s.Action].flat()),
    );
    expect(actions.sort()).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('the months’ secrets are encrypted under a KMS key only the insights function may use', () => {
    const keys = t.findResources('AWS::KMS::Key');
    expect(Object.keys(keys)).toHaveLength(1);
    const [keyId] = Object.keys(keys);
    const key = keys[keyId];
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(insightsFunction.Properties.Environment.Variables[INSIGHTS_KEY_ENV]).toEqual({
      'Fn::GetAtt': [keyId, 'Arn'],
    });
    type Statement = { Sid: string; Principal: { AWS: unknown }; Action: string | string[]; Condition?: unknown };
    const statements = key.Properties.KeyPolicy.Statement as Statement[];
    const uses = (statement: Statement) =>
      [statement.Action]
        .flat()
        .filter((action) => /^kms:(\*|Encrypt|Decrypt|GenerateDataKey|ReEncrypt|CreateGrant)/.test(action));
    // One statement lets a principal use the key: the function's role, for reader keys only.
    const users = statements.filter((statement) => uses(statement).length > 0);
    expect(users).toHaveLength(1);
    expect(users[0].Principal.AWS).toEqual({
      'Fn::GetAtt': [insightsFunction.Properties.Role['Fn::GetAtt'][0], 'Arn'],
    });
    expect([users[0].Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(users[0].Condition).toEqual({
      StringEquals: { 'kms:EncryptionContext:purpose': READER_KEY_PURPOSE },
    });
    // The account manages it, and no IAM policy of the stack grants a use of it.
    expect(statements.find((statement) => statement.Sid === 'AccountManagesTheKeyButDoesNotUseIt')).toMatchObject({
      Action: INSIGHTS_KEY_ADMIN_ACTIONS,
    });
    const iamUses = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(keyId),
    );
    expect(iamUses).toEqual([]);
  });
});

describe('the authorization server for AI tools (COGNITO_MCP_CLIENT_ID)', () => {
  const withOAuth = site({ oauthBundleDir });
  const config = distributionConfig(withOAuth);
  const functions = Object.entries(withOAuth.findResources('AWS::Lambda::Function'));
  const byDescription = (text: string) => functions.find(([, f]) => String(f.Properties.Description).includes(text))!;
  const [oauthFunctionId, oauthFunction] = byDescription('authorization server');
  const [, mcpFunction] = byDescription('MCP');
  const tables = withOAuth.findResources('AWS::DynamoDB::GlobalTable');
  const [oauthTableId, oauthTable] = Object.entries(tables).find(([, table]) =>
    JSON.stringify(table.Properties.KeySchema).includes('"key"'),
  )!;
  const secrets = Object.keys(withOAuth.findResources('AWS::SecretsManager::Secret'));
  const reference = (secretId: string) => ({
    'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
  });
  const [originSecretId] = secrets.filter((id) => id.startsWith('McpOriginSecret'));
  const [oauthSecretId] = secrets.filter((id) => id !== originSecretId);
  /** The statements of every IAM policy of the stack that name the authorization server's table, by role. */
  const tableStatements = () =>
    Object.values(withOAuth.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (
        policy.Properties.PolicyDocument.Statement as {
          Action: string | string[];
          Resource: unknown;
          Condition?: Record<string, Record<string, string[]>>;
        }[]
      )
        .filter((statement) => JSON.stringify(statement.Resource).includes(oauthTableId))
        .map((statement) => ({ roles: policy.Properties.Roles as { Ref: string }[], ...statement })),
    );
  const roleOf = (fn: { [key: string]: { Role: { 'Fn::GetAtt': [string, string] } } }): string =>
    fn.Properties.Role['Fn::GetAtt'][0];

  it('sends /oauth/* and the RFC 8414 metadata path to its function URL, with the origin secret, nothing cached', () => {
    expect([...OAUTH_PATH_PATTERNS]).toEqual(['/oauth/*', '/.well-known/oauth-authorization-server/*']);
    // CloudFront's `*` matches any characters: the metadata path and every endpoint fall under the patterns.
    expect(AUTHORIZATION_SERVER_METADATA_PATH.startsWith(OAUTH_PATH_PATTERNS[1].slice(0, -1))).toBe(true);
    const behaviours = config.CacheBehaviors.filter((b: { PathPattern: string }) =>
      (OAUTH_PATH_PATTERNS as readonly string[]).includes(b.PathPattern),
    );
    expect(behaviours).toHaveLength(2);
    const [oauthUrlId] = Object.entries(withOAuth.findResources('AWS::Lambda::Url')).find(
      ([, url]) => url.Properties.TargetFunctionArn['Fn::GetAtt'][0] === oauthFunctionId,
    )!;
    for (const behaviour of behaviours) {
      expect(behaviour).toMatchObject({
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'OPTIONS']),
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
        ResponseHeadersPolicyId: expect.anything(),
      });
      expect(behaviour.LambdaFunctionAssociations).toBeUndefined();
      const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
      expect(JSON.stringify(origin.DomainName)).toContain(oauthUrlId);
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: reference(originSecretId) },
      ]);
      expect(origin.CustomOriginConfig.OriginReadTimeout).toBe(OAUTH_TIMEOUT_SECONDS);
    }
    withOAuth.hasResourceProperties('AWS::Lambda::Url', {
      TargetFunctionArn: { 'Fn::GetAtt': [oauthFunctionId, 'Arn'] },
      AuthType: 'NONE',
      InvokeMode: 'BUFFERED',
    });
  });

  it('runs the bundle on nodejs24.x with reserved concurrency and a log group kept like the others', () => {
    expect(oauthFunction.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Timeout: OAUTH_TIMEOUT_SECONDS,
      ReservedConcurrentExecutions: { Ref: 'OAuthReservedConcurrency' },
    });
    expect(withOAuth.toJSON().Parameters.OAuthReservedConcurrency).toMatchObject({ Type: 'Number', MinValue: 0 });
    const group = withOAuth.findResources('AWS::Logs::LogGroup')[oauthFunction.Properties.LoggingConfig.LogGroup.Ref];
    expect(group.Properties.RetentionInDays).toBe(LOG_RETENTION_DAYS);
  });

  it('keeps its state in a table as server/oauth/dynamoStore.ts reads it: key, TTL on expires, the two indexes', () => {
    expect(Object.keys(tables)).toHaveLength(2);
    expect(oauthTable.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'key', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: [
        {
          IndexName: GRANT_INDEX,
          KeySchema: [{ AttributeName: 'grantId', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: UID_INDEX,
          KeySchema: [{ AttributeName: 'uid', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    // The AWS managed key, and no point-in-time recovery: nothing in it outlives a refresh token.
    expect(oauthTable.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    expect(JSON.stringify(oauthTable.Properties)).not.toContain('KMSMasterKeyId');
    expect(JSON.stringify(oauthTable.Properties)).not.toContain('PointInTimeRecovery');
    // Deleted with the stack: the readers' user-pool refresh tokens do not outlive the deployment.
    expect(oauthTable.DeletionPolicy).toBe('Delete');
    expect(oauthFunction.Properties.Environment.Variables[OAUTH_TABLE_ENV]).toEqual({ Ref: oauthTableId });
    expect(mcpFunction.Properties.Environment.Variables[OAUTH_TABLE_ENV]).toEqual({ Ref: oauthTableId });
  });

  it('the authorization server reads, writes, deletes and queries its table (indexes too), and scans nothing', () => {
    const own = tableStatements().filter((s) => s.roles.some((role) => role.Ref === roleOf(oauthFunction)));
    expect(own.flatMap((s) => [s.Action].flat()).sort()).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(JSON.stringify(own.map((s) => s.Resource))).toContain('/index/*');
  });

  it('the MCP function reads a tool’s token and a reader’s session, and writes only the session, by key prefix', () => {
    const mcpRole = roleOf(mcpFunction);
    const statements = tableStatements().filter((s) => s.roles.some((role) => role.Ref === mcpRole));
    expect(
      statements.map((s) => ({
        actions: [s.Action].flat().sort(),
        keys: s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'],
      })),
    ).toEqual(
      MCP_OAUTH_TABLE_ACCESS.map(({ actions, keyPrefixes }) => ({
        actions: [...actions].sort(),
        keys: keyPrefixes.map((prefix) => `${prefix}*`),
      })),
    );
    expect(JSON.stringify(statements.map((s) => s.Resource))).not.toContain('/index/');
    // No other role may touch the table.
    const others = tableStatements().filter(
      (s) => !s.roles.some((role) => [mcpRole, roleOf(oauthFunction)].includes(role.Ref)),
    );
    expect(others).toEqual([]);
  });

  it('the items the MCP function reads and writes have the keys those prefixes allow (server/oauth/dynamoStore.ts)', async () => {
    const documents = mockClient(DynamoDBDocumentClient);
    documents.on(GetCommand).resolves({}).on(PutCommand).resolves({}).on(DeleteCommand).resolves({});
    try {
      const store = dynamoOAuthStore('table', new DynamoDBClient({ region: 'us-east-1' }));
      await mcpAccessTokenVerifier(store, 'https://portal.example.com/mcp').check('A'.repeat(43));
      const sessions = store.adapter(USER_POOL_SESSION);
      await sessions.find('reader');
      await sessions.upsert('reader', {}, 60);
      await sessions.destroy('reader');
      const keysOf = (command: abstract new (...args: never[]) => object) =>
        documents
          .calls()
          .filter((c) => c.args[0] instanceof command)
          .map((c) => {
            const input = c.args[0].input as { Key?: { key: string }; Item?: { key: string } };
            return (input.Key ?? input.Item)!.key;
          });
      const allowed = (action: string) =>
        MCP_OAUTH_TABLE_ACCESS.filter((a) => (a.actions as readonly string[]).includes(action)).flatMap(
          (a) => a.keyPrefixes,
        );
      const used: [string, string[]][] = [
        ['dynamodb:GetItem', keysOf(GetCommand)],
        ['dynamodb:PutItem', keysOf(PutCommand)],
        ['dynamodb:DeleteItem', keysOf(DeleteCommand)],
      ];
      for (const [action, keys] of used) {
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys)
          expect([action, allowed(action).some((p) => key.startsWith(p))]).toEqual([action, true]);
      }
    } finally {
      documents.restore();
    }
  });

  it('derives its cookie keys and signing key from a secret of its own, in its environment as a dynamic reference only', () => {
    expect(secrets).toHaveLength(2);
    withOAuth.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: OAUTH_SECRET_LENGTH, ExcludePunctuation: true },
    });
    expect(oauthFunction.Properties.Environment.Variables).toEqual({
      [ORIGIN_SECRET_ENV]: reference(originSecretId),
      [OAUTH_TABLE_ENV]: { Ref: oauthTableId },
      [OAUTH_SECRET_ENV]: reference(oauthSecretId),
    });
    const text = JSON.stringify(withOAuth.toJSON());
    // Its one mention is the authorization server's environment; the origin secret is in three origins' headers
    // and three functions' environments.
    expect(text.split(JSON.stringify({ Ref: oauthSecretId })).length - 1).toBe(1);
    expect(text.split('{{resolve:secretsmanager:').length - 1).toBe(7);
    expect(text).not.toMatch(/"HeaderValue":"/);
  });

  it('the WAF lets a loopback redirect URI through under /oauth/ only, and blocks it elsewhere as before', () => {
    const rules = Object.values(withOAuth.findResources('AWS::WAFv2::WebACL'))[0].Properties.Rules;
    const common = rules.find((r: { Name: string }) => r.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      OAUTH_WAF_EXEMPT_RULES.map(({ rule }) => ({ Name: rule, ActionToUse: { Count: {} } })),
    );
    const after = rules.find((r: { Priority: number }) => r.Priority > common.Priority);
    expect(after).toMatchObject({ Action: { Block: {} } });
    const [labels, outside] = after.Statement.AndStatement.Statements;
    expect(
      labels.OrStatement.Statements.map((st: { LabelMatchStatement: { Key: string } }) => st.LabelMatchStatement.Key),
    ).toEqual(OAUTH_WAF_EXEMPT_RULES.map(({ label }) => `awswaf:managed:aws:core-rule-set:${label}`));
    expect(outside.NotStatement.Statement.ByteMatchStatement).toMatchObject({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: '/oauth/',
    });
    // Without the authorization server the common rules block as AWS ships them.
    const before = Object.values(t.findResources('AWS::WAFv2::WebACL'))[0].Properties.Rules;
    expect(before).toHaveLength(2);
    expect(JSON.stringify(before)).not.toContain('RuleActionOverrides');
  });

  it('without COGNITO_MCP_CLIENT_ID (no bundle), nothing of it: no function, table, secret or behaviour', () => {
    const json = t.toJSON();
    expect(json.Parameters.OAuthReservedConcurrency).toBeUndefined();
    const patterns = distributionConfig(t).CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    expect(patterns.filter((p: string) => p.includes('oauth-authorization-server') || p.startsWith('/oauth'))).toEqual(
      [],
    );
    t.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    t.resourceCountIs('AWS::SecretsManager::Secret', 1);
    expect(JSON.stringify(json)).not.toContain(OAUTH_TABLE_ENV);
    expect(JSON.stringify(json)).not.toContain(OAUTH_SECRET_ENV);
    expect(Object.keys(t.findResources('AWS::Lambda::Function'))).toHaveLength(functions.length - 1);
  });
});

describe('every Lambda log group has a retention period', () => {
  const logGroups = t.findResources('AWS::Logs::LogGroup');
  const functions = Object.entries(t.findResources('AWS::Lambda::Function'));

  it(`every log group of the stack keeps its logs ${LOG_RETENTION_DAYS} days`, () => {
    expect(Object.keys(logGroups).length).toBeGreaterThanOrEqual(3);
    for (const [id, group] of Object.entries(logGroups)) {
      expect([id, group.Properties.RetentionInDays]).toEqual([id, LOG_RETENTION_DAYS]);
    }
    // CDK's deprecated logRetention would add a custom resource of its own, with a function of its own.
    t.resourceCountIs('Custom::LogRetention', 0);
  });

  it('every function, the edge gate, the MCP function and CDK’s upload provider, logs to one of them', () => {
    const descriptions = functions.map(([, f]) => String(f.Properties.Description ?? f.Properties.Runtime));
    expect(descriptions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/gate/),
        expect.stringMatching(/MCP/),
        expect.stringMatching(/python/),
      ]),
    );
    for (const [id, fn] of functions) {
      const group = fn.Properties.LoggingConfig?.LogGroup?.Ref;
      expect([id, group in logGroups]).toEqual([id, true]);
    }
  });

  it('the identity stack has no function, so no log group to keep', () => {
    identity.resourceCountIs('AWS::Lambda::Function', 0);
    identity.resourceCountIs('AWS::Logs::LogGroup', 0);
  });

  it('names the edge gate’s log group, which Lambda@Edge uses in every region it runs in', () => {
    const gate = functions.find(([, f]) => String(f.Properties.Description).includes('gate'))!;
    t.hasOutput('GateLogGroup', { Value: { Ref: gate[1].Properties.LoggingConfig.LogGroup.Ref } });
  });
});

describe('hardening', () => {
  it('a WAF web ACL with a per-IP rate limit and AWS managed common rules guards the distribution', () => {
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Name: 'RateLimitPerIp',
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: { Ref: 'WafRateLimit' }, AggregateKeyType: 'IP' } },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' },
          },
        }),
      ],
    });
    expect(t.toJSON().Parameters.WafRateLimit.Default).toBe(DEFAULT_RATE_LIMIT);
    expect(JSON.stringify(distributionConfig(t).WebACLId)).toMatch(/Fn::If.*WafOn.*WebAcl.*AWS::NoValue/);
  });

  it('EnableWaf=false switches the web ACL off', () => {
    const json = t.toJSON();
    expect(json.Parameters.EnableWaf).toMatchObject({ Default: 'true', AllowedValues: ['true', 'false'] });
    const acl = Object.values(t.findResources('AWS::WAFv2::WebACL'))[0];
    expect(acl.Condition).toBe('WafOn');
    expect(json.Conditions.WafOn).toEqual({ 'Fn::Equals': [{ Ref: 'EnableWaf' }, 'true'] });
  });

  it('CloudFront and S3 write access logs to a private log bucket that keeps them 90 days', () => {
    expect(distributionConfig(t).Logging).toMatchObject({ Prefix: 'cloudfront/', Bucket: expect.anything() });
    t.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/' }),
      VersioningConfiguration: { Status: 'Enabled' },
    });
    t.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: LOG_RETENTION_DAYS, Status: 'Enabled' })],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
    });
  });

  it('without a custom domain, no TLS minimum is claimed (the default certificate allows TLSv1)', () => {
    expect(JSON.stringify(distributionConfig(t))).not.toContain('MinimumProtocolVersion');
    expect(distributionConfig(t).Aliases).toBeUndefined();
  });

  it('with a custom domain and certificate, TLS 1.2 (TLSv1.2_2021) is enforced', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000';
    const config = distributionConfig(site({ customDomain: { domainName: 'docs.example.com', certificateArn: arn } }));
    expect(config.Aliases).toEqual(['docs.example.com']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: arn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });
});

describe('the identity', () => {
  it('a user pool with the sign-in form’s password rules, optional TOTP, no self sign-up', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
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

  it('cannot be deleted by CloudFormation, and runs threat protection in audit mode at least', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      DeletionProtection: 'ACTIVE',
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    identity.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('a web client without secret: SRP and the code flow only, the site’s callback, Cognito and the SSO provider', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['email', 'openid'],
      // The sign-in page, which the gate lets the code through to.
      CallbackURLs: ['https://portal.example.com/login'],
      LogoutURLs: ['https://portal.example.com/login'],
      SupportedIdentityProviders: ['COGNITO', 'RegDataIdP'],
      RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS * 24 * 60,
    });
    identity.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    identity.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'RegDataIdP',
      ProviderType: 'OIDC',
      AttributeMapping: { email: 'email' },
    });
  });

  it('USER_PASSWORD_AUTH only on the scripts client, which has no OAuth', () => {
    const clients = Object.values(identity.findResources('AWS::Cognito::UserPoolClient')).map((c) => c.Properties);
    const withPassword = clients.filter((c) => c.ExplicitAuthFlows.includes('ALLOW_USER_PASSWORD_AUTH'));
    expect(withPassword).toHaveLength(1);
    expect(withPassword[0]).toMatchObject({ GenerateSecret: false, AllowedOAuthFlowsUserPoolClient: false });
    expect(withPassword[0].AllowedOAuthFlows).toBeUndefined();
    identity.hasOutput('ScriptsClientId', Match.anyValue());
  });

  it('every app client writes only email, which the SSO mapping needs, and a new email waits for its code', () => {
    const clients = Object.values(identity.findResources('AWS::Cognito::UserPoolClient')).map((c) => c.Properties);
    expect(clients).toHaveLength(3);
    // An absent or empty list would let a customer write every standard attribute, their name included.
    for (const client of clients) expect(client.WriteAttributes).toEqual(['email']);
    // Each attribute the SSO provider maps must be writable, or Cognito refuses the federated sign-in.
    const sso = Object.values(identity.findResources('AWS::Cognito::UserPoolIdentityProvider'))[0].Properties;
    for (const mapped of Object.keys(sso.AttributeMapping)) {
      for (const client of clients) expect(client.WriteAttributes).toContain(mapped);
    }
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it('an MCP app client without secret: the code flow only, to <site>/oauth/callback, refreshed by its token', () => {
    const clients = Object.values(identity.findResources('AWS::Cognito::UserPoolClient'));
    const mcp = clients.filter((c) =>
      c.Properties.CallbackURLs?.includes(`https://portal.example.com${MCP_OAUTH_CALLBACK_PATH}`),
    );
    expect(mcp).toHaveLength(1);
    expect(mcp[0].Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['email', 'openid'],
      CallbackURLs: ['https://portal.example.com/oauth/callback'],
      // The hosted UI signs the reader in; the authorization server renews with the refresh token, nothing else.
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      SupportedIdentityProviders: ['COGNITO', 'RegDataIdP'],
      PreventUserExistenceErrors: 'ENABLED',
      RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS * 24 * 60,
      AccessTokenValidity: { Ref: 'AccessTokenValidityMinutes' },
    });
    expect(mcp[0].Properties.LogoutURLs).toBeUndefined();
    // No other client takes the authorization server's callback.
    expect(clients.filter((c) => JSON.stringify(c.Properties).includes('/oauth/callback'))).toHaveLength(1);
    const [mcpId] = Object.entries(identity.findResources('AWS::Cognito::UserPoolClient')).find(
      ([, c]) => c === mcp[0],
    )!;
    identity.hasOutput('McpClientId', { Value: { Ref: mcpId }, Description: 'COGNITO_MCP_CLIENT_ID' });
  });

  it('keeps the SSO client secret out of the template', () => {
    expect(identity.toJSON().Parameters.SsoClientSecret).toMatchObject({ NoEcho: true });
  });

  it('invites a customer by email with the portal’s address, the product and both placeholders Cognito needs', () => {
    const pool = Object.values(identity.findResources('AWS::Cognito::UserPool'))[0].Properties;
    const message = pool.AdminCreateUserConfig.InviteMessageTemplate;
    expect(message.EmailSubject).toBe('Your access to the RegData developer portal');
    expect(message.EmailMessage).toContain('<a href="https://portal.example.com">https://portal.example.com</a>');
    expect(message.EmailMessage).toContain('{username}');
    expect(message.EmailMessage).toContain('{####}');
    expect(pool.Policies.PasswordPolicy.TemporaryPasswordValidityDays).toBe(TEMPORARY_PASSWORD_VALIDITY_DAYS);
    expect(message.EmailMessage).toContain(`expires after ${TEMPORARY_PASSWORD_VALIDITY_DAYS} days`);
  });

  it('every client’s access and ID tokens live AccessTokenValidityMinutes, 60 by default, 5 to 1440', () => {
    expect(identity.toJSON().Parameters.AccessTokenValidityMinutes).toMatchObject({
      Type: 'Number',
      Default: DEFAULT_ACCESS_TOKEN_MINUTES,
      MinValue: 5,
      MaxValue: 1440,
    });
    expect(DEFAULT_ACCESS_TOKEN_MINUTES).toBe(60);
    const clients = Object.values(identity.findResources('AWS::Cognito::UserPoolClient')).map((c) => c.Properties);
    expect(clients).toHaveLength(3);
    for (const client of clients) {
      expect(client).toMatchObject({
        AccessTokenValidity: { Ref: 'AccessTokenValidityMinutes' },
        IdTokenValidity: { Ref: 'AccessTokenValidityMinutes' },
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
        RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS * 24 * 60,
      });
    }
  });
});
