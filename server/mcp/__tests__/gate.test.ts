/**
 * @jest-environment node
 *
 * The MCP endpoint in the gate: `/mcp` takes a valid bearer access token on every method
 * and nothing else (rules/access.ts), answers JSON-RPC without a session, refuses a foreign `Origin`,
 * and publishes its RFC 9728 metadata to anyone. (tests/e2e/mcp.spec.ts drives it with the SDK's client.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createAccessTokenVerifier } from '../../gate/verifier';
import { forgedToken, localAuth, localJwks, makeBuild, mintToken, sessionCookie } from '../../../tests/support/gate';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH, PROTECTED_RESOURCE_METADATA_PATHS } from '../../../rules/mcp';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';

const SITE = 'http://localhost:3000';
const METADATA = `resource_metadata="${SITE}${PROTECTED_RESOURCE_METADATA_PATH}"`;
let app: FastifyInstance;

beforeAll(async () => {
  const buildDir = makeBuild();
  fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
  fs.writeFileSync(
    path.join(buildDir, 'api/v1/openapi.json'),
    JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }),
  );
  app = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: [] },
    tls: false,
    mcp: {
      siteUrl: SITE,
      productName: 'RegData',
      version: '0.1.0',
      issuer: 'http://localhost:9229/us-east-1_LocalDev1',
      callApiBase: null,
    },
  });
});
afterAll(() => app.close());

/** A JSON-RPC POST to the MCP endpoint, as a Streamable HTTP client sends it, with `headers` added. */
const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: MCP_PATH,
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    payload: { jsonrpc: '2.0', ...payload },
  });

const listTools = (headers: Record<string, string>) => post(headers, { id: 1, method: 'tools/list' });

test('a valid access token lists the tools, as JSON, with nothing cached', async () => {
  const response = await listTools({ authorization: `Bearer ${mintToken()}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['mcp-session-id']).toBeUndefined();
  const names = (response.json().result.tools as { name: string }[]).map((tool) => tool.name);
  expect(names).toEqual(['search_docs', 'read_page', 'list_operations', 'get_operation', 'call_api']);
  // A customer's assistant reads these: what the tools do, not how the portal runs them or is set up.
  const descriptions = (response.json().result.tools as { description: string }[]).map((tool) => tool.description);
  expect(descriptions.filter((text) => /sandbox|local portal|\b(?:MCP|API|COGNITO)_[A-Z_]*=/.test(text))).toEqual([]);
});

/**
 * A request of MCP 2026-07-28: no handshake, the revision and the client in each request's `_meta` envelope,
 * and the method in the `Mcp-Method` header (SEP-2243).
 */
const modern = (method: string, params: Record<string, unknown> = {}, revision = '2026-07-28') =>
  post(
    { authorization: `Bearer ${mintToken()}`, 'mcp-protocol-version': revision, 'mcp-method': method },
    {
      id: 7,
      method,
      params: {
        ...params,
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: revision,
          [CLIENT_CAPABILITIES_META_KEY]: {},
          [CLIENT_INFO_META_KEY]: { name: 'gate-test', version: '1.0.0' },
        },
      },
    },
  );

test('a request of MCP 2026-07-28 gets the same tools, as JSON, with nothing cached and no session', async () => {
  const response = await modern('tools/list');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['mcp-session-id']).toBeUndefined();
  const names = (response.json().result.tools as { name: string }[]).map((tool) => tool.name);
  expect(names).toEqual(['search_docs', 'read_page', 'list_operations', 'get_operation', 'call_api']);
});

test('a client of an earlier revision is answered in its own, 2025-11-25 to 2024-11-05 alike', async () => {
  for (const protocolVersion of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${mintToken()}`,
      },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'gate-test', version: '1.0.0' } },
      },
    });
    expect([response.statusCode, response.headers['content-type']]).toEqual([
      200,
      expect.stringMatching(/^application\/json/),
    ]);
    expect(response.json().result).toMatchObject({ protocolVersion, serverInfo: { name: 'regdata-portal' } });
  }
});

test('a revision the server does not serve gets 400 naming the one it does', async () => {
  const response = await modern('tools/list', {}, '2027-01-01');
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({ data: { supported: ['2026-07-28'], requested: '2027-01-01' } });
});

test('subscriptions/listen is acknowledged and closed at once: nothing here changes while the server runs', async () => {
  const response = await modern('subscriptions/listen', { notifications: { toolsListChanged: true } });
  expect(response.statusCode).toBe(200);
  // The acknowledgement honours no notification, and the stream ends with the subscription's result.
  expect(response.body).toContain('"notifications":{}');
  expect(response.body).toContain('"resultType":"complete"');
});

test.each([
  ['no Authorization header', {}, `Bearer ${METADATA}`],
  ['a session cookie (pages only)', { cookie: sessionCookie({ accessToken: mintToken() }) }, `Bearer ${METADATA}`],
  [
    'an expired token',
    { authorization: `Bearer ${mintToken({ exp: 1 })}` },
    `Bearer error="invalid_token", ${METADATA}`,
  ],
  ['a forged token', { authorization: `Bearer ${forgedToken()}` }, `Bearer error="invalid_token", ${METADATA}`],
  [
    'an ID token',
    { authorization: `Bearer ${mintToken({ token_use: 'id' })}` },
    `Bearer error="invalid_token", ${METADATA}`,
  ],
])('%s gets 401 with the RFC 9728 challenge and no body', async (_what, headers, challenge) => {
  const response = await listTools(headers);
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe(challenge);
  expect(response.body).toBe('');
});

test('a foreign Origin gets 403; GET and DELETE get 405 (no stream, no session)', async () => {
  const authorization = `Bearer ${mintToken()}`;
  expect((await listTools({ authorization, origin: 'https://evil.example' })).statusCode).toBe(403);
  expect((await listTools({ authorization, origin: SITE })).statusCode).toBe(200);
  for (const method of ['GET', 'DELETE'] as const) {
    const response = await app.inject({ method, url: MCP_PATH, headers: { authorization } });
    expect([response.statusCode, response.headers.allow]).toEqual([405, 'POST']);
  }
});

test.each(PROTECTED_RESOURCE_METADATA_PATHS)(
  'the protected-resource metadata at %s is public and names the user pool',
  async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      resource: `${SITE}/mcp`,
      authorization_servers: ['http://localhost:9229/us-east-1_LocalDev1'],
      bearer_methods_supported: ['header'],
      resource_name: 'RegData developer portal',
      resource_documentation: `${SITE}/docs/api/mcp`,
    });
  },
);

test.each(PROTECTED_RESOURCE_METADATA_PATHS)(
  'the metadata at %s answers every other method itself, 405 with Allow, never the site’s 404 page',
  async (url) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const response = await app.inject({ method, url });
      expect([method, response.statusCode, response.headers.allow, response.body]).toEqual([
        method,
        405,
        'GET, HEAD',
        '',
      ]);
    }
    const head = await app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  },
);

test('a build without the file search_docs searches is a tool error saying to build', async () => {
  const response = await app.inject({
    method: 'POST',
    url: MCP_PATH,
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${mintToken()}`,
    },
    payload: {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'x' } },
    },
  });
  const result = response.json().result;
  expect(result.isError).toBe(true);
  expect(result.content[0].text).toBe(
    'The file search_docs searches (.mcp-search.json) is missing from the build: run "npm run build" first.',
  );
});

/**
 * What docs/api/mcp.mdx tells a client of the protocol revisions, read from the page and checked against
 * what the server answers: the revisions it names are those the server serves, an `initialize` offering one
 * it does not know gets the revision the page says, a 2026-07-28 request without `_meta` is refused, and a
 * revision it does not speak gets `400` naming the page's list.
 */
describe('the MCP page says what the server negotiates', () => {
  const page = fs.readFileSync(path.resolve(__dirname, '../../../docs/api/mcp.mdx'), 'utf8');
  const DATE = /\d{4}-\d{2}-\d{2}/g;
  const pageRevisions = (/^It speaks MCP .*$/m.exec(page)?.[0] ?? '').match(DATE) ?? [];

  const legacy = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post({ authorization: `Bearer ${mintToken()}`, ...headers }, { id: 1, ...body });
  const initialize = async (protocolVersion: string) =>
    (
      await legacy({
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'gate-test', version: '1.0.0' } },
      })
    ).json().result.protocolVersion as string;

  it('names every revision the server serves, and only those', async () => {
    const discovered = (await modern('server/discover')).json().result.supportedVersions as string[];
    const refused = await legacy({ method: 'ping' }, { 'mcp-protocol-version': '2024-01-01' });
    expect(refused.statusCode).toBe(400);
    const supported = refused.json().error.data.supported as string[];
    expect(pageRevisions).toEqual(supported);
    for (const revision of supported) {
      expect([revision, discovered.includes(revision) || (await initialize(revision)) === revision]).toEqual([
        revision,
        true,
      ]);
    }
  });

  it('says what an initialize offering a revision it does not know gets, 2026-07-28 included', async () => {
    const said = /offers a revision not in that list, 2026-07-28 included, gets (\d{4}-\d{2}-\d{2})/.exec(page)?.[1];
    expect(said).toBeDefined();
    expect(await initialize('2026-07-28')).toBe(said);
    expect(await initialize('2099-01-01')).toBe(said);
  });

  it('says a 2026-07-28 request needs its _meta envelope', async () => {
    expect(page).toMatch(/A request with the header but without `_meta` gets `400`/);
    const response = await legacy({ method: 'tools/list' }, { 'mcp-protocol-version': '2026-07-28' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data).toEqual({ envelope: { missing: ['_meta'] } });
    expect(page).toMatch(/A request\s+with `_meta` is told 2026-07-28/);
    expect((await modern('tools/list', {}, '2027-01-01')).json().error.data.supported).toEqual(['2026-07-28']);
  });
});
