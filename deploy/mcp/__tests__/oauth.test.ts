/**
 * @jest-environment node
 *
 * The MCP function where AI tools sign in through the portal's authorization server (its own function on AWS,
 * deploy/oauth; the two share its store): the metadata names that server, a token the store holds opens `/mcp`
 * though the user pool's verifier (and the function built without the authorization server) refuses it, a token
 * the store does not hold as a live access token for `/mcp` is refused, and `call_api` sends the reader's
 * user-pool access token behind the tool's grant, never the tool's own token; a pasted user-pool token still
 * works as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../../rules/mcp';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { mcpContentOf } from '../../../server/mcp/content';
import { USER_POOL_SESSION } from '../../../server/oauth/sessions';
import { sqliteOAuthStore } from '../../../server/oauth/sqliteStore';
import { localAuth, makeBuild, mintToken } from '../../../tests/support/gate';
import { createMcpHandler, type McpFunctionConfig } from '../handler';
import { ORIGIN_SECRET_HEADER } from '../../functionUrl/originSecret';

const SITE = 'https://portal.example.com';
const ORIGIN_SECRET = 'Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Ma4Nb6Qc8Se0Tu';
const READER = 'c0ffee00-0000-4000-8000-000000000042';
/** The reader's user-pool access token the authorization server keeps behind the tool's grant. */
const READER_POOL_TOKEN = 'the-readers-user-pool-access-token';
const NOW_S = Math.floor(Date.now() / 1000);

const buildDir = makeBuild();
fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
fs.writeFileSync(
  path.join(buildDir, 'api/v1/openapi.json'),
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/things': { get: { operationId: 'listThings', responses: { 200: { description: 'The things' } } } } },
  }),
);
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-oauth-'));
const store = sqliteOAuthStore(storeDir);

/** What the customer API stand-in received: each request's Authorization header. */
const received: (string | undefined)[] = [];
const api = http.createServer((request, response) => {
  received.push(request.headers.authorization);
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"things":[]}');
});

let config: McpFunctionConfig;
let handler: ReturnType<typeof createMcpHandler>;
let withoutOAuth: ReturnType<typeof createMcpHandler>;

/** An opaque token as oidc-provider issues them: 256 bits, base64url. */
const opaque = () => crypto.randomBytes(32).toString('base64url');
const toolToken = opaque();

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const mcp = {
    siteUrl: SITE,
    productName: 'RegData',
    version: '0.1.0',
    issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_LocalDev1',
    callApiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1/customer`,
  };
  config = {
    auth: localAuth,
    jwks: LOCAL_JWKS,
    mcp,
    oauth: { clientId: 'mcp-app-client', hostedUi: 'https://auth.example.com', accessTokenSeconds: 3600 },
  };
  const content = mcpContentOf(buildDir);
  handler = createMcpHandler(config, content, ORIGIN_SECRET, store);
  withoutOAuth = createMcpHandler({ ...config, oauth: undefined }, content, ORIGIN_SECRET);
  // What the authorization server's function leaves in the store after a sign-in: the tool's access token for
  // the MCP endpoint, and the reader's user-pool session.
  const accessToken = (overrides: Record<string, unknown> = {}) => ({
    kind: 'AccessToken',
    accountId: READER,
    clientId: 'claude-code',
    aud: `${SITE}${MCP_PATH}`,
    scope: 'mcp',
    grantId: 'grant-1',
    iat: NOW_S,
    exp: NOW_S + 3600,
    ...overrides,
  });
  const tokens = store.adapter('AccessToken');
  await tokens.upsert(toolToken, accessToken(), 3600);
  await tokens.upsert('expired-token', accessToken({ exp: NOW_S - 1 }), 3600);
  await tokens.upsert('other-resource', accessToken({ aud: 'https://elsewhere.example/mcp' }), 3600);
  await tokens.upsert('no-mcp-scope', accessToken({ scope: 'openid' }), 3600);
  await store.adapter('RefreshToken').upsert('refresh-token', { ...accessToken(), kind: 'RefreshToken' }, 3600);
  await store
    .adapter(USER_POOL_SESSION)
    .upsert(
      READER,
      { refreshToken: 'pool-refresh', accessToken: READER_POOL_TOKEN, accessTokenExpires: NOW_S + 3600 } as never,
      3600,
    );
});
afterAll(async () => {
  store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
  await new Promise((resolve) => api.close(resolve));
});

type Result = Exclude<LambdaFunctionURLResult, string>;
const JSON_RPC = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** A function URL event as CloudFront forwards it, with the origin secret. */
function event(
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: string,
): LambdaFunctionURLEvent {
  return {
    version: '2.0',
    rawPath,
    rawQueryString: '',
    headers: { [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET, ...headers },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath } },
  } as unknown as LambdaFunctionURLEvent;
}

/** A JSON-RPC request to `/mcp` with `token`. */
async function rpc(fn: typeof handler, token: string, method: string, params?: unknown): Promise<Result> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
  return (await fn(event('POST', MCP_PATH, { ...JSON_RPC, authorization: `Bearer ${token}` }, body))) as Result;
}

test('the metadata names the portal’s authorization server and its scope, not the user pool', async () => {
  const metadata = (await handler(event('GET', PROTECTED_RESOURCE_METADATA_PATH, {}))) as Result;
  expect(metadata.statusCode).toBe(200);
  expect(JSON.parse(String(metadata.body))).toMatchObject({
    resource: `${SITE}${MCP_PATH}`,
    authorization_servers: [`${SITE}/oauth`],
    scopes_supported: ['mcp'],
  });
  const before = (await withoutOAuth(event('GET', PROTECTED_RESOURCE_METADATA_PATH, {}))) as Result;
  expect(JSON.parse(String(before.body)).authorization_servers).toEqual([config.mcp.issuer]);
});

test('a token of the authorization server opens /mcp, which the user pool’s verifier refuses', async () => {
  const tools = await rpc(handler, toolToken, 'tools/list');
  expect(tools.statusCode).toBe(200);
  expect(JSON.parse(String(tools.body)).result.tools).toHaveLength(5);
  const poolVerifier = await createAccessTokenVerifier(localAuth, { jwks: LOCAL_JWKS });
  expect((await poolVerifier.check(toolToken)).valid).toBe(false);
  const refused = await rpc(withoutOAuth, toolToken, 'tools/list');
  expect([refused.statusCode, refused.headers?.['www-authenticate']]).toEqual([
    401,
    expect.stringContaining('error="invalid_token"'),
  ]);
});

test.each([
  ['a token the store does not hold', opaque()],
  ['an expired one', 'expired-token'],
  ['one for another resource', 'other-resource'],
  ['one without the mcp scope', 'no-mcp-scope'],
  ['a refresh token', 'refresh-token'],
])('%s gets 401 with the challenge naming the metadata', async (_what, token) => {
  const refused = await rpc(handler, token, 'tools/list');
  expect([refused.statusCode, refused.headers?.['www-authenticate']]).toEqual([
    401,
    `Bearer error="invalid_token", resource_metadata="${SITE}${PROTECTED_RESOURCE_METADATA_PATH}"`,
  ]);
});

test('call_api sends the reader’s user-pool access token for a tool’s token, never the tool’s own', async () => {
  received.length = 0;
  const call = await rpc(handler, toolToken, 'tools/call', {
    name: 'call_api',
    arguments: { operation: 'listThings' },
  });
  expect(call.statusCode).toBe(200);
  expect(JSON.parse(String(call.body)).result.structuredContent).toMatchObject({ status: 200, body: { things: [] } });
  expect(received).toEqual([`Bearer ${READER_POOL_TOKEN}`]);
});

test('a pasted user-pool access token still opens /mcp, and call_api sends it as it is', async () => {
  received.length = 0;
  const pasted = mintToken();
  const call = await rpc(handler, pasted, 'tools/call', { name: 'call_api', arguments: { operation: 'listThings' } });
  expect(call.statusCode).toBe(200);
  expect(received).toEqual([`Bearer ${pasted}`]);
});

test('a function built for the authorization server does not start without its store', () => {
  expect(() => createMcpHandler(config, mcpContentOf(buildDir), ORIGIN_SECRET)).toThrow(/needs its store/);
});
