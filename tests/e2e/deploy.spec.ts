/**
 * The deployment path, offline, as handbook/deployment.md walks it for a first
 * deployment with a new user pool: (1) `deploy:synth:identity` synthesizes the pool; (2) with the pool's
 * id (and, offline, its JWKS from a file) `deploy:build` binds the edge bundle to that pool; (3)
 * `deploy:synth` synthesizes the site stack with that bundle and the MCP function's. The bundle test:e2e built with
 * UNSAFE_LOCAL_IDENTITY=1 (for the leak sweep) is refused, and so is local mode, and so is the site build
 * test:e2e made (local identity) for the new pool; the test then records that build as made for the pool,
 * standing in for the README's `npm run build` with the pool's variables, which would take a minute.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { CloudFrontRequest, CloudFrontResultResponse, LambdaFunctionURLEvent } from 'aws-lambda';
import type { McpFunctionHandler } from '../../deploy/mcp/handler';
import { INSIGHTS_KEY_ENV, type InsightsFunctionHandler } from '../../deploy/insights/handler';
import { INSIGHTS_EVENTS_PATH } from '../../rules/insights';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER } from '../../deploy/functionUrl/originSecret';
import { parseEnv } from '../../config/env';
import { recordBuildIdentity } from '../../postbuild/buildIdentity';
import { BUILD_IDENTITY_FILE } from '../../rules/buildFiles';
import { viewerRequest } from '../../deploy/edge/events';
import type { EdgeHandler } from '../../deploy/edge/handler';
import { mintToken } from '../support/gate';

const ROOT = path.resolve(__dirname, '../..');
const POOL = 'us-east-1_NewPool01';
const CLIENT = 'webclientnewpool0000000001';
const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL}`;

/** Runs an npm script offline: no AWS credentials, none of this shell's portal variables. */
function npm(script: string, vars: Record<string, string> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|EDGE_BUNDLE_DIR$|SITE_URL$)/.test(name)),
  );
  Object.assign(env, {
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
    AWS_CONFIG_FILE: '/dev/null',
    // The CDK's built-in CloudFormation validation on synthesis (its documented switch) only warns here: without
    // the context flag that makes its findings errors, it downgrades them, so the templates and the exit status
    // this test reads are the same with or without it. Off, each synthesis skips its WebAssembly rule engine,
    // most of a synthesis' time.
    CDK_VALIDATION: 'false',
  });
  return spawnSync('npm', ['run', '-s', script], { cwd: ROOT, env: { ...env, ...vars }, encoding: 'utf8' });
}

/** Puts back the build's own identity record after a test recorded the build as made for another pool. */
let restoreBuildRecord: (() => void) | undefined;
test.afterEach(() => {
  restoreBuildRecord?.();
  restoreBuildRecord = undefined;
});

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; Condition?: string }>;
const resourcesOf = (stack: string) =>
  Object.values(
    JSON.parse(fs.readFileSync(path.join(ROOT, `deploy/cdk.out/${stack}.template.json`), 'utf8'))
      .Resources as Resources,
  );

test('deploy:synth refuses local mode, and the local bundle even with a pool configured', () => {
  test.setTimeout(120_000);
  const local = npm('deploy:synth');
  expect(local.status).not.toBe(0);
  expect(local.stderr.trim().split('\n').pop()).toMatch(/^deploy:synth: COGNITO_USER_POOL_ID is not set/);
  const withPool = npm('deploy:synth', { COGNITO_USER_POOL_ID: POOL, COGNITO_APP_CLIENT_ID: CLIENT });
  expect(withPool.status).not.toBe(0);
  expect(withPool.stderr).toMatch(/trusts the local identity service's public signing key/);
});

test('a first deployment with a new user pool: identity stack, bundle bound to the pool, site stack', async () => {
  test.setTimeout(240_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));

  // 1. The identity stack needs no pool id, only the site's https address.
  const identity = npm('deploy:synth:identity', { SITE_URL: 'https://docs.example.com' });
  expect(identity.status, identity.stderr).toBe(0);
  expect(identity.stdout).toMatch(/Synthesized RegulatoryPortalIdentity \(us-east-1, \d+ resources\)/);
  const pool = resourcesOf('RegulatoryPortalIdentity').find((r) => r.Type === 'AWS::Cognito::UserPool')!;
  expect(pool.Properties).toMatchObject({
    DeletionProtection: 'ACTIVE',
    UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
  });

  // 2. Its outputs (here: made-up ids and a key pair standing in for the pool's) bind the edge bundle.
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwksFile = path.join(work, 'jwks.json');
  fs.writeFileSync(
    jwksFile,
    JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] }),
  );
  const poolEnv = {
    COGNITO_USER_POOL_ID: POOL,
    COGNITO_APP_CLIENT_ID: CLIENT,
    COGNITO_JWKS_FILE: jwksFile,
    EDGE_BUNDLE_DIR: path.join(work, 'edge'),
    SITE_URL: 'https://docs.example.com',
  };
  // The site build test:e2e made is for the local identity service: deploy:build refuses it for the pool.
  const refused = npm('deploy:build', poolEnv);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr.trim().split('\n').pop()).toMatch(
    new RegExp(`^deploy:build: .*build was built for local identity.*is for Cognito user pool ${POOL}.*npm run build`),
  );
  const record = path.join(ROOT, 'build', BUILD_IDENTITY_FILE);
  const localRecord = fs.readFileSync(record, 'utf8');
  restoreBuildRecord = () => fs.writeFileSync(record, localRecord);
  recordBuildIdentity(path.join(ROOT, 'build'), parseEnv(poolEnv));
  const bundle = npm('deploy:build', poolEnv);
  expect(bundle.status, bundle.stderr).toBe(0);
  expect(bundle.stdout).toMatch(new RegExp(`cognito identity, user pool ${POOL}`));
  expect(JSON.parse(fs.readFileSync(path.join(work, 'edge/trust.json'), 'utf8'))).toMatchObject({
    identity: 'cognito',
    userPoolId: POOL,
    keyIds: ['k1'],
  });

  // The bundle lets the pool's tokens in and refuses one signed with cognito-local's private key.
  const { handler } = (await import(path.join(work, 'edge/index.js'))) as { handler: EdgeHandler };
  const claims = { iss: ISSUER, client_id: CLIENT };
  const status = async (token: string) => {
    const result = await handler(viewerRequest('/llms.txt', { accept: '*/*', authorization: `Bearer ${token}` }));
    return 'status' in result ? Number((result as CloudFrontResultResponse).status) : (result as CloudFrontRequest).uri;
  };
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  expect(await status(mintToken(claims, { key: pem, header: { kid: 'k1' } }))).toBe('/llms.txt');
  expect(await status(mintToken(claims))).toBe(401);
  expect(await status(mintToken(claims, { header: { kid: 'k1' } }))).toBe(401);

  // The MCP function's bundle, built beside it, trusts the same pool and nothing else, and
  // answers from the build's content it carries.
  expect(JSON.parse(fs.readFileSync(path.join(work, 'mcp/trust.json'), 'utf8'))).toMatchObject({
    identity: 'cognito',
    userPoolId: POOL,
  });
  // CloudFront sends the stack's origin secret, which the function reads from its environment.
  const originSecret = crypto.randomBytes(32).toString('hex');
  process.env[ORIGIN_SECRET_ENV] = originSecret;
  const mcp = (await import(path.join(work, 'mcp/index.js'))) as { handler: McpFunctionHandler };
  const search = (token: string, secret = originSecret) =>
    mcp.handler({
      rawPath: '/mcp',
      rawQueryString: '',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [ORIGIN_SECRET_HEADER]: secret,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_docs', arguments: { query: 'Interrogator' } },
      }),
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST' } },
    } as unknown as LambdaFunctionURLEvent) as Promise<{ statusCode: number; body?: string }>;
  const found = await search(mintToken(claims, { key: pem, header: { kid: 'k1' } }));
  expect(found.statusCode).toBe(200);
  expect(JSON.parse(found.body!).result.structuredContent.results).toContainEqual(
    // A hit names the page, or a section of it by its anchor.
    expect.objectContaining({ route: expect.stringMatching(/^\/docs\/services\/interrogator(?:#|$)/) }),
  );
  expect((await search(mintToken(claims))).statusCode).toBe(401);
  // A direct call to the function URL, without the secret, gets nothing even with a valid token.
  expect((await search(mintToken(claims, { key: pem, header: { kid: 'k1' } }), '')).statusCode).toBe(403);

  // The insights function's bundle trusts the same pool; it refuses an anonymous reader before it touches its
  // table, and anything that did not come through the distribution.
  expect(JSON.parse(fs.readFileSync(path.join(work, 'insights/trust.json'), 'utf8'))).toMatchObject({
    identity: 'cognito',
    userPoolId: POOL,
  });
  // The stack sets the KMS key of the months' secrets too; without it the function does not start.
  process.env[INSIGHTS_KEY_ENV] = 'arn:aws:kms:us-east-1:111122223333:key/00000000-0000-4000-8000-000000000000';
  const insights = (await import(path.join(work, 'insights/index.js'))) as { handler: InsightsFunctionHandler };
  const vote = (headers: Record<string, string>) =>
    insights.handler({
      rawPath: INSIGHTS_EVENTS_PATH,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ events: [{ type: 'vote', route: '/docs/x', helpful: true }] }),
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST' } },
    } as unknown as LambdaFunctionURLEvent) as Promise<{ statusCode: number }>;
  expect((await vote({ [ORIGIN_SECRET_HEADER]: originSecret })).statusCode).toBe(401);
  expect(
    (await vote({ authorization: `Bearer ${mintToken(claims)}`, [ORIGIN_SECRET_HEADER]: originSecret })).statusCode,
  ).toBe(401);
  expect((await vote({})).statusCode).toBe(403);

  // 3. The site stack with that bundle: WAF, logs, versioning, private assets.
  const site = npm('deploy:synth', poolEnv);
  expect(site.status, site.stderr).toBe(0);
  expect(site.stdout).toMatch(/Synthesized RegulatoryPortalSite \(us-east-1, \d+ resources\)/);
  const resources = resourcesOf('RegulatoryPortalSite');
  const text = JSON.stringify(resources);
  expect(resources.find((r) => r.Type === 'AWS::WAFv2::WebACL')).toMatchObject({ Condition: 'WafOn' });
  const distribution = resources.find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
  expect(JSON.stringify(distribution.Properties)).toContain('"EventType":"viewer-request"');
  expect(JSON.stringify(distribution.Properties)).toContain('"PathPattern":"/mcp"');
  expect(JSON.stringify(distribution.Properties)).toContain('"PathPattern":"/insights/*"');
  expect(resources.find((r) => r.Type === 'AWS::DynamoDB::GlobalTable')).toMatchObject({ DeletionPolicy: 'Retain' });
  expect(resources.find((r) => r.Type === 'AWS::Lambda::Url')).toMatchObject({ Properties: { AuthType: 'NONE' } });
  expect(JSON.stringify(distribution.Properties)).toContain(`"HeaderName":"${ORIGIN_SECRET_HEADER}"`);
  expect(JSON.stringify(distribution.Properties)).toMatch(/"Logging":\{"Bucket"/);
  expect(text).toContain('"VersioningConfiguration":{"Status":"Enabled"}');
  expect(text).toContain('"cache-control":"private, max-age=31536000, immutable"');
  // With a real pool, neither the CSP nor anything else names localhost.
  expect(text).not.toMatch(/localhost/);
  fs.rmSync(work, { recursive: true, force: true });
});
