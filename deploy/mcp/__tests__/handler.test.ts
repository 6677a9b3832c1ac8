/**
 * @jest-environment node
 *
 * The MCP function behind CloudFront's `/mcp` answers as the Fastify gate does: the same status and
 * challenge for every kind of caller (the one access decision, rules/access.ts), the tools to a valid
 * access token, the protected-resource metadata to anyone. It answers only requests that came through
 * the distribution (the origin secret), and never with a status CloudFront would replace with the site's
 * 404 page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATHS } from '../../../rules/mcp';
import { buildApp } from '../../../server/app';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { forgedToken, localAuth, makeBuild, mintToken, sessionCookie } from '../../../tests/support/gate';
import { mcpContentOf } from '../../../server/mcp/content';
import { ERROR_PAGE_STATUSES } from '../../stack';
import { createMcpHandler } from '../handler';
import { MIN_ORIGIN_SECRET_LENGTH, ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER } from '../../functionUrl/originSecret';

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
/** The secret the stack would generate (letters and digits), as CloudFront sends it. */
const ORIGIN_SECRET = 'Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Ma4Nb6Qc8Se0Tu';
const fromCloudFront = { [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET };
const config = { auth: localAuth, jwks: LOCAL_JWKS, mcp };
const handler = createMcpHandler(config, mcpContentOf(buildDir), ORIGIN_SECRET);
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
/** `tools/list` of MCP 2026-07-28: the revision and the client in the `_meta` envelope, the method in a header. */
const MODERN = { ...JSON_RPC, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
const LIST_TOOLS_MODERN = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: {
    _meta: {
      [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
      [CLIENT_CAPABILITIES_META_KEY]: {},
      [CLIENT_INFO_META_KEY]: { name: 'handler-test', version: '1.0.0' },
    },
  },
});

/**
 * A function URL event (payload format 2.0) as CloudFront forwards it: headers lower-case as Lambda gives
 * them, with the origin secret unless `headers` says otherwise (`undefined` removes it).
 */
function event(
  method: string,
  rawPath: string,
  headers: Record<string, string | undefined>,
  body?: string,
): LambdaFunctionURLEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers: Object.fromEntries(
      Object.entries({ ...fromCloudFront, ...headers }).filter((entry) => entry[1] !== undefined),
    ),
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

test('a client of MCP 2026-07-28 gets the same tools from the function as from the gate, as JSON', async () => {
  const headers = { ...MODERN, authorization: `Bearer ${mintToken()}` };
  const fromFunction = (await handler(event('POST', MCP_PATH, headers, LIST_TOOLS_MODERN))) as Result;
  const fromGate = await gate.inject({ method: 'POST', url: MCP_PATH, headers, payload: LIST_TOOLS_MODERN });
  expect([fromFunction.statusCode, fromFunction.headers?.['content-type']]).toEqual([
    200,
    expect.stringMatching(/^application\/json/),
  ]);
  expect(JSON.parse(String(fromFunction.body))).toEqual(fromGate.json());
  expect(JSON.parse(String(fromFunction.body)).result.tools).toHaveLength(5);
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
  expect(other.statusCode).toBe(421);
});

describe('the function URL is no side door: only requests from the distribution', () => {
  const withToken = { ...JSON_RPC, authorization: `Bearer ${mintToken()}` };
  const direct: [string, Record<string, string | undefined>][] = [
    ['no origin secret', { [ORIGIN_SECRET_HEADER]: undefined }],
    ['an empty one', { [ORIGIN_SECRET_HEADER]: '' }],
    ['a wrong one of the same length', { [ORIGIN_SECRET_HEADER]: 'x'.repeat(ORIGIN_SECRET.length) }],
    ['the secret cut short', { [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET.slice(0, -1) }],
    ['the secret and more', { [ORIGIN_SECRET_HEADER]: `${ORIGIN_SECRET}x` }],
    ['the secret in another header', { [ORIGIN_SECRET_HEADER]: undefined, 'x-origin-secret': ORIGIN_SECRET }],
  ];

  test.each(direct)('%s: 403 to /mcp with a valid token, and to the metadata', async (_what, headers) => {
    const mcpCall = (await handler(event('POST', MCP_PATH, { ...withToken, ...headers }, LIST_TOOLS))) as Result;
    expect([mcpCall.statusCode, mcpCall.body, mcpCall.headers?.['www-authenticate']]).toEqual([
      403,
      undefined,
      undefined,
    ]);
    const metadata = (await handler(event('GET', PROTECTED_RESOURCE_METADATA_PATH, headers))) as Result;
    expect([metadata.statusCode, metadata.body]).toEqual([403, undefined]);
  });

  test('a malformed target or no token is refused only after the secret (403 first)', async () => {
    const bad = { [ORIGIN_SECRET_HEADER]: 'wrong' };
    expect(((await handler(event('POST', MCP_PATH, { ...JSON_RPC, ...bad }, LIST_TOOLS))) as Result).statusCode).toBe(
      403,
    );
    expect(((await handler(event('POST', '/mcp%zz', bad, LIST_TOOLS))) as Result).statusCode).toBe(403);
  });

  test('with the secret, the usual answers: 401 with the challenge without a token, the tools with one', async () => {
    const anonymous = (await handler(event('POST', MCP_PATH, JSON_RPC, LIST_TOOLS))) as Result;
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers?.['www-authenticate']).toContain('resource_metadata=');
    const signedIn = (await handler(event('POST', MCP_PATH, withToken, LIST_TOOLS))) as Result;
    expect(signedIn.statusCode).toBe(200);
  });

  test('the secret goes no further than the check', async () => {
    const seen: string[] = [];
    const original = globalThis.Request;
    globalThis.Request = class extends original {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        this.headers.forEach((value, name) => seen.push(`${name}: ${value}`));
      }
    } as typeof Request;
    try {
      expect(((await handler(event('POST', MCP_PATH, withToken, LIST_TOOLS))) as Result).statusCode).toBe(200);
    } finally {
      globalThis.Request = original;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).not.toContain(ORIGIN_SECRET);
  });

  test(`the function does not start without a secret of ${MIN_ORIGIN_SECRET_LENGTH} characters or more`, () => {
    const content = mcpContentOf(buildDir);
    expect(() => createMcpHandler(config, content, undefined)).toThrow(new RegExp(`${ORIGIN_SECRET_ENV} is not set`));
    expect(() => createMcpHandler(config, content, 'short')).toThrow(/5 characters/);
    expect(() => createMcpHandler(config, content, 'a'.repeat(MIN_ORIGIN_SECRET_LENGTH))).not.toThrow();
  });
});

describe('every path the function serves answers every method itself', () => {
  const metadataPaths = [...PROTECTED_RESOURCE_METADATA_PATHS];

  test.each(metadataPaths)('%s: 200 to GET and HEAD, 405 with Allow to anything else', async (metadataPath) => {
    const get = (await handler(event('GET', metadataPath, {}))) as Result;
    expect([get.statusCode, JSON.parse(String(get.body)).resource]).toEqual([200, `${SITE}${MCP_PATH}`]);
    const head = (await handler(event('HEAD', metadataPath, {}))) as Result;
    expect([head.statusCode, head.body]).toEqual([200, undefined]);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const headers of [{}, { authorization: `Bearer ${mintToken()}` }]) {
        const answer = (await handler(event(method, metadataPath, headers, '{}'))) as Result;
        expect([method, answer.statusCode, answer.headers?.allow]).toEqual([method, 405, 'GET, HEAD']);
      }
    }
  });

  test('no answer is one CloudFront replaces with the site’s 404 page, which it serves without the gate', async () => {
    const token = `Bearer ${mintToken()}`;
    const requests: [string, string, Record<string, string | undefined>][] = [
      ['POST', MCP_PATH, { ...JSON_RPC }],
      ['POST', MCP_PATH, { ...JSON_RPC, authorization: token, origin: 'https://evil.example' }],
      ['GET', MCP_PATH, { authorization: token }],
      ['DELETE', MCP_PATH, { authorization: token }],
      ['POST', MCP_PATH, { ...JSON_RPC, [ORIGIN_SECRET_HEADER]: undefined }],
      ...metadataPaths.flatMap((p): [string, string, Record<string, string>][] => [
        ['POST', p, {}],
        ['DELETE', p, {}],
        ['GET', p, {}],
      ]),
      ['GET', '/docs/x', { authorization: token }],
      ['GET', '/docs/x', {}],
      ['GET', '/mcp%zz', {}],
    ];
    const statuses = new Set<number>();
    for (const [method, rawPath, headers] of requests) {
      statuses.add(((await handler(event(method, rawPath, headers, LIST_TOOLS))) as Result).statusCode!);
    }
    expect([...statuses].filter((status) => (ERROR_PAGE_STATUSES as readonly number[]).includes(status))).toEqual([]);
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 403, 405, 421]));
  });
});
