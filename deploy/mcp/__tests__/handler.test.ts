/**
 * @jest-environment node
 *
 * The MCP function behind CloudFront's `/mcp` (issue #27) answers as the Fastify gate does: the same
 * status and challenge for every kind of caller (the one access decision, rules/access.ts), the tools to
 * a valid access token, the protected-resource metadata to anyone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { FastifyInstance } from 'fastify';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../../rules/mcp';
import { buildApp } from '../../../server/app';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { forgedToken, localAuth, makeBuild, mintToken, sessionCookie } from '../../../server/__tests__/helper';
import { mcpContentOf } from '../../../server/mcp/content';
import { createMcpHandler } from '../handler';

const SITE = 'https://portal.example.com';
const mcp = {
  siteUrl: SITE,
  productName: 'RegData',
  version: '0.1.0',
  issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_LocalDev1',
  callApiBase: null,
};
const buildDir = makeBuild();
fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
fs.writeFileSync(
  path.join(buildDir, 'api/v1/openapi.json'),
  JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }),
);
const handler = createMcpHandler({ auth: localAuth, jwks: LOCAL_JWKS, mcp }, mcpContentOf(buildDir));
let gate: FastifyInstance;

beforeAll(async () => {
  gate = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: LOCAL_JWKS }),
    csp: { identity: [], api: [] },
    tls: true,
    mcp,
  });
});
afterAll(() => gate.close());

const JSON_RPC = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** A function URL event (payload format 2.0), headers lower-case as Lambda gives them. */
function event(
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: string,
): LambdaFunctionURLEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers,
    body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath } },
  } as unknown as LambdaFunctionURLEvent;
}

type Result = Exclude<LambdaFunctionURLResult, string>;

const callers: [string, Record<string, string>][] = [
  ['no token', {}],
  ['a session cookie', { cookie: sessionCookie({ accessToken: mintToken() }) }],
  ['an expired token', { authorization: `Bearer ${mintToken({ exp: 1 })}` }],
  ['a forged token', { authorization: `Bearer ${forgedToken()}` }],
  ['an ID token', { authorization: `Bearer ${mintToken({ token_use: 'id' })}` }],
  ['an access token', { authorization: `Bearer ${mintToken()}` }],
  ['an access token from another site', { authorization: `Bearer ${mintToken()}`, origin: 'https://evil.example' }],
];

test.each(callers)('%s: the function answers /mcp as the gate does', async (_who, headers) => {
  const fromFunction = (await handler(event('POST', MCP_PATH, { ...JSON_RPC, ...headers }, LIST_TOOLS))) as Result;
  const fromGate = await gate.inject({
    method: 'POST',
    url: MCP_PATH,
    headers: { ...JSON_RPC, ...headers },
    payload: LIST_TOOLS,
  });
  expect([fromFunction.statusCode, fromFunction.headers?.['www-authenticate']]).toEqual([
    fromGate.statusCode,
    fromGate.headers['www-authenticate'],
  ]);
  if (fromGate.statusCode === 200) {
    expect(JSON.parse(String(fromFunction.body))).toEqual(fromGate.json());
  }
});

test('an access token gets the tools; no token gets the challenge naming the metadata', async () => {
  const ok = (await handler(
    event('POST', MCP_PATH, { ...JSON_RPC, authorization: `Bearer ${mintToken()}` }, LIST_TOOLS),
  )) as Result;
  expect(ok.statusCode).toBe(200);
  expect(JSON.parse(String(ok.body)).result.tools).toHaveLength(5);
  const refused = (await handler(event('POST', MCP_PATH, JSON_RPC, LIST_TOOLS))) as Result;
  expect(refused).toMatchObject({
    statusCode: 401,
    headers: { 'www-authenticate': `Bearer resource_metadata="${SITE}${PROTECTED_RESOURCE_METADATA_PATH}"` },
  });
});

test('the metadata is public, a base64 body is read, and no other path is served', async () => {
  const metadata = (await handler(event('GET', PROTECTED_RESOURCE_METADATA_PATH, {}))) as Result;
  expect([metadata.statusCode, JSON.parse(String(metadata.body)).authorization_servers]).toEqual([200, [mcp.issuer]]);
  const encoded = {
    ...event('POST', MCP_PATH, { ...JSON_RPC, authorization: `Bearer ${mintToken()}` }),
    body: Buffer.from(LIST_TOOLS).toString('base64'),
    isBase64Encoded: true,
  };
  expect(((await handler(encoded)) as Result).statusCode).toBe(200);
  const other = (await handler(event('GET', '/docs/x', { authorization: `Bearer ${mintToken()}` }))) as Result;
  expect(other.statusCode).toBe(404);
});
