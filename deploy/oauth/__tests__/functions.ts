/**
 * The authorization server's function and the MCP function as they run on AWS, driven by function URL events
 * (payload format 2.0, as CloudFront forwards them), in a tsx child of ./handler.test.ts (oidc-provider is ESM
 * only, and jest loads no ESM). Prints one JSON line of what it saw.
 *
 * 1. The bundle `npm run deploy:build` makes (../../bin/build-oauth.ts), loaded with `require` as the Lambda
 *    runtime loads it: its refusals and its RFC 8414 metadata. Its store is DynamoDB, pointed at a closed port:
 *    none of these requests may reach it.
 * 2. The same handler (../handler.ts) on a SQLite store, with the stand-in user pool of server/oauth's tests: a
 *    reader signs in for a tool through the consent page and the hosted UI, the tool redeems its code, and the
 *    MCP function (deploy/mcp/handler.ts), sharing the store, takes the tool's token and has `call_api` send the
 *    reader's user-pool access token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { AUTHORIZATION_SERVER_METADATA_PATH, MCP_PATH } from '../../../rules/mcp';
import { mcpContentOf } from '../../../server/mcp/content';
import { sqliteOAuthStore } from '../../../server/oauth/sqliteStore';
import { MCP_CLIENT_ID, READER, startUserPool } from '../../../server/oauth/__tests__/harness';
import { localAuth, makeBuild } from '../../../tests/support/gate';
import { buildOAuthBundle } from '../../bin/build-oauth';
import { createMcpHandler } from '../../mcp/handler';
import { ORIGIN_SECRET_ENV, ORIGIN_SECRET_HEADER } from '../../functionUrl/originSecret';
import { OAUTH_SECRET_ENV, OAUTH_TABLE_ENV } from '../environment';
import { createOAuthHandler, type OAuthFunctionConfig, type OAuthFunctionHandler } from '../handler';

const SITE = 'https://portal.example.com';
const ORIGIN_SECRET = 'Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Ma4Nb6Qc8Se0Tu';
const OAUTH_SECRET = crypto.randomBytes(32).toString('hex');
const TOOL_REDIRECT = 'http://127.0.0.1:45678/callback';

type Result = Exclude<LambdaFunctionURLResult, string>;

/** A function URL event: `target` is the path and query as the viewer sent them. */
function event(
  method: string,
  target: string,
  headers: Record<string, string | undefined> = {},
  options: { cookies?: string[]; body?: string } = {},
): LambdaFunctionURLEvent {
  const [rawPath, rawQueryString = ''] = target.split('?', 2);
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    // As Lambda gives them: a repeated parameter's values joined with commas.
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    queryStringParameters: rawQueryString ? queryStringParameters : undefined,
    cookies: options.cookies,
    headers: Object.fromEntries(
      Object.entries({ [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET, ...headers }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
    body: options.body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath, sourceIp: '198.51.100.7' }, requestId: crypto.randomUUID() },
  } as unknown as LambdaFunctionURLEvent;
}

const call = async (handler: OAuthFunctionHandler, e: LambdaFunctionURLEvent) => (await handler(e)) as Result;

/** Part 1: the bundle. */
async function theBundle(config: OAuthFunctionConfig) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-bundle-'));
  const { codeBytes } = await buildOAuthBundle(config, dir);
  Object.assign(process.env, {
    [OAUTH_TABLE_ENV]: 'portal-oauth-test',
    [ORIGIN_SECRET_ENV]: ORIGIN_SECRET,
    [OAUTH_SECRET_ENV]: OAUTH_SECRET,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'not-a-secret',
    // Any request to DynamoDB fails at once rather than reaching AWS.
    AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, as Lambda loads it
  const { handler } = require(path.join(dir, 'index.js')) as { handler: OAuthFunctionHandler };
  const metadata = await call(handler, event('GET', AUTHORIZATION_SERVER_METADATA_PATH));
  const body = JSON.parse(String(metadata.body)) as Record<string, unknown>;
  const out = {
    codeBytes,
    withoutSecret: (
      await call(handler, event('GET', AUTHORIZATION_SERVER_METADATA_PATH, { [ORIGIN_SECRET_HEADER]: undefined }))
    ).statusCode,
    wrongSecret: (
      await call(handler, event('GET', AUTHORIZATION_SERVER_METADATA_PATH, { [ORIGIN_SECRET_HEADER]: 'x'.repeat(64) }))
    ).statusCode,
    metadata: {
      status: metadata.statusCode,
      issuer: body.issuer,
      endpoints: [body.authorization_endpoint, body.token_endpoint, body.registration_endpoint],
      pkce: body.code_challenge_methods_supported,
    },
    discovery: (await call(handler, event('GET', '/oauth/.well-known/openid-configuration'))).statusCode,
    unknownAddress: (await call(handler, event('GET', '/oauth/no-such-endpoint'))).statusCode,
    notItsPath: (await call(handler, event('GET', '/docs/x'))).statusCode,
    malformed: (await call(handler, event('GET', '/oauth/%zz'))).statusCode,
    bigBody: (
      await call(
        handler,
        event(
          'POST',
          '/oauth/token',
          { 'content-type': 'application/x-www-form-urlencoded' },
          { body: 'a='.padEnd(57 * 1024, 'x') },
        ),
      )
    ).statusCode,
  };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

/** A browser on the site (through `handler`) and on the stand-in pool (over HTTP), with a cookie jar. */
function browserOf(handler: OAuthFunctionHandler) {
  const jar = new Map<string, string>();
  let setCookieHeaders = 0;
  const keep = (cookies: string[]) => {
    for (const cookie of cookies) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  /**
   * GETs `url`, following redirects and meta refreshes until a URL elsewhere (`left`) or a page; `first` is the
   * first answer's status and where it sent the browser.
   */
  async function open(
    url: string,
  ): Promise<{ status: number; text: string; left?: string; first?: { status: number; location?: string } }> {
    let current = url;
    let first: { status: number; location?: string } | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      const at = new URL(current);
      let status: number;
      let text = '';
      let location: string | undefined;
      if (at.origin === SITE) {
        const cookies = [...jar].map(([name, value]) => `${name}=${value}`);
        const answer = await call(handler, event('GET', `${at.pathname}${at.search}`, {}, { cookies }));
        keep(answer.cookies ?? []);
        if (answer.headers?.['set-cookie']) setCookieHeaders += 1;
        status = answer.statusCode ?? 0;
        text = String(answer.body ?? '');
        location = answer.headers?.location as string | undefined;
      } else if (at.hostname === 'localhost') {
        const response = await fetch(current, { redirect: 'manual' });
        status = response.status;
        location = response.headers.get('location') ?? undefined;
      } else {
        return { status: 0, text: '', left: current, first };
      }
      first ??= { status, location };
      const refresh = /<meta http-equiv="refresh" content="0;url=([^"]*)">/.exec(text)?.[1]?.replaceAll('&amp;', '&');
      const next = location ?? refresh;
      if (!next) return { status, text, first };
      current = new URL(next, current).href;
    }
    throw new Error('too many redirects');
  }
  return { open, jar, setCookieHeaders: () => setCookieHeaders };
}

/** Part 2: a sign-in through the function, then the MCP function with the tool's token. */
async function aSignIn(config: OAuthFunctionConfig, pool: Awaited<ReturnType<typeof startUserPool>>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-fn-'));
  const store = sqliteOAuthStore(dataDir);
  const handler = createOAuthHandler(config, store, ORIGIN_SECRET, OAUTH_SECRET);
  const browser = browserOf(handler);
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URLSearchParams({
    client_id: 'claude-code',
    response_type: 'code',
    redirect_uri: TOOL_REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'mcp',
    state: 'the-state',
    resource: `${SITE}${MCP_PATH}`,
  });
  // The consent page, reached by the interaction's cookies, names the tool; its "allow" link goes on to the pool.
  const consent = await browser.open(`${SITE}/oauth/auth?${authorize}`);
  const allow = /href="([^"]*\/allow)"/.exec(consent.text)?.[1];
  const back = allow ? await browser.open(new URL(allow, SITE).href) : undefined;
  const returned = back?.left ? new URL(back.left) : undefined;
  const code = returned?.searchParams.get('code') ?? '';
  const token = await call(
    handler,
    event(
      'POST',
      '/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      {
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: TOOL_REDIRECT,
          client_id: 'claude-code',
          code_verifier: verifier,
        }).toString(),
      },
    ),
  );
  const tokens = JSON.parse(String(token.body)) as Record<string, string>;
  const twice = await browser.open(`${SITE}/oauth/auth?${authorize}&client_id=cursor`);

  // The MCP function, on the same store, with a customer API stand-in that records what it is sent.
  const received: (string | undefined)[] = [];
  const api = http.createServer((request, response) => {
    received.push(request.headers.authorization);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"things":[]}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
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
  const mcp = createMcpHandler(
    {
      auth: config.auth,
      jwks: config.jwks,
      oauth: config.oauth,
      mcp: {
        siteUrl: SITE,
        productName: config.productName,
        version: '0.1.0',
        issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_LocalDev1',
        callApiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1/customer`,
      },
    },
    mcpContentOf(buildDir),
    ORIGIN_SECRET,
    store,
  );
  const callApi = (await mcp(
    event(
      'POST',
      MCP_PATH,
      {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${tokens.access_token}`,
      },
      {
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'call_api', arguments: { operation: 'listThings' } },
        }),
      },
    ),
  )) as Result;
  const sent = received[0]?.replace(/^Bearer /, '') ?? '';
  const claims = sent.includes('.')
    ? (JSON.parse(Buffer.from(sent.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>)
    : {};
  await new Promise((resolve) => api.close(resolve));
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
  return {
    toInteraction: consent.first,
    cookiesAsList: browser.jar.size > 0 && browser.setCookieHeaders() === 0,
    consent: { status: consent.status, namesTool: consent.text.includes('Claude Code') },
    returned: {
      to: returned && `${returned.origin}${returned.pathname}`,
      state: returned?.searchParams.get('state'),
      iss: returned?.searchParams.get('iss'),
    },
    poolAuthorizeCalls: pool.state.authorizeCalls,
    tokens: {
      status: token.statusCode,
      type: tokens.token_type,
      scope: tokens.scope,
      refresh: Boolean(tokens.refresh_token),
    },
    parameterTwice: { status: twice.status, refused: twice.text.includes('parameter must not be provided twice') },
    mcp: {
      status: callApi.statusCode,
      apiStatus: (JSON.parse(String(callApi.body)) as { result?: { structuredContent?: { status?: number } } }).result
        ?.structuredContent?.status,
      sentToolToken: received.includes(`Bearer ${tokens.access_token}`),
      sentReaderPoolToken: { sub: claims.sub, client_id: claims.client_id, token_use: claims.token_use },
    },
  };
}

async function main() {
  const pool = await startUserPool();
  const config: OAuthFunctionConfig = {
    siteUrl: SITE,
    productName: 'RegData',
    auth: localAuth,
    oauth: { clientId: MCP_CLIENT_ID, hostedUi: pool.url, accessTokenSeconds: 3600 },
    jwks: LOCAL_JWKS,
  };
  try {
    const bundle = await theBundle(config);
    const signIn = await aSignIn(config, pool);
    console.log(JSON.stringify({ bundle, signIn, reader: READER.sub }));
  } finally {
    await pool.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
