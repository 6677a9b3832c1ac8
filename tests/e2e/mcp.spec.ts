/**
 * The gated MCP server: an MCP client of the official SDK (`@modelcontextprotocol/client` 2.4), with the
 * demo user's access token, in both eras of the protocol (2026-07-28, and the 2025 `initialize`
 * handshake), lists the tools, finds the Interrogator page with `search_docs`, reads it with `read_page`,
 * describes `search-documents` with `get_operation` and gets a 200 from the sandbox with `call_api`; every
 * page of the build is a resource with its route as name, its own title and a valid URI; without a token,
 * or with an ID token, it gets 401 with the RFC 9728 challenge; the protected-resource metadata names the
 * portal's authorization server for AI tools (./mcp-oauth.spec.ts signs in through it).
 */
import { Client, SdkHttpError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { llmsTxtLinks } from '../../rules/llmsTxt';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../rules/mcp';
import { test, expect, demoTokens } from '../support/e2e';

const SITE = 'http://localhost:3000';

/** The eras a client may connect in: MCP 2026-07-28 (pinned), or the 2025 handshake (the SDK's default). */
const ERAS = [
  ['MCP 2026-07-28', { pin: '2026-07-28' }],
  ['the 2025 handshake', 'legacy'],
] as const;

/** A connected SDK client sending `token` as `Authorization: Bearer` (none when undefined). */
async function connect(token?: string, mode: (typeof ERAS)[number][1] = 'legacy'): Promise<Client> {
  const client = new Client({ name: 'portal-e2e', version: '1.0.0' }, { versionNegotiation: { mode } });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_PATH, SITE), { requestInit: { headers } }));
  return client;
}

/** The structured content of a tool call that must succeed. */
async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

for (const [revision, mode] of ERAS) {
  test(`an MCP client of ${revision} with an access token searches, reads, describes and calls the API`, async () => {
    const client = await connect((await demoTokens()).AccessToken, mode);
    try {
      expect(client.getProtocolEra()).toBe(mode === 'legacy' ? 'legacy' : 'modern');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'call_api',
        'get_operation',
        'list_operations',
        'read_page',
        'search_docs',
      ]);
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
      }

      const { results } = await call<{ results: { title: string; route: string; snippet: string }[] }>(
        client,
        'search_docs',
        { query: 'Interrogator' },
      );
      // A hit names the page, or one of its sections by its anchor; read_page takes either.
      const page = results.find((hit) => hit.route.split('#')[0] === '/docs/services/interrogator');
      expect(page, JSON.stringify(results.slice(0, 5))).toBeDefined();
      expect(page!.title).toMatch(/Interrogator/);

      const read = await call<{ route: string; markdown: string }>(client, 'read_page', { route: page!.route });
      expect(read.route).toBe('/docs/services/interrogator');
      expect(read.markdown).toMatch(/^# .*Interrogator/m);

      const op = await call<{ method: string; path: string; operationId: string; page: string; schemas: object }>(
        client,
        'get_operation',
        { operation: 'search-documents' },
      );
      expect(op).toMatchObject({ method: 'POST', path: '/documents', operationId: 'searchDocuments' });
      expect(Object.keys(op.schemas)).toContain('DocumentFilters');

      const answer = await call<{ status: number; url: string; body: unknown }>(client, 'call_api', {
        operation: 'list-domains',
      });
      expect(answer.status).toBe(200);
      expect(answer.url).toBe('http://localhost:4010/api/v1/customer/domains');
      expect(Array.isArray(answer.body) || typeof answer.body === 'object').toBe(true);

      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toContain(`${SITE}/llms.txt`);
      const { contents } = await client.readResource({ uri: `${SITE}/docs/services/interrogator.md` });
      expect(contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    } finally {
      await client.close();
    }
  });
}

test('every page of the build is a resource: its route as name, its own title, a valid URI that reads it', async ({
  request,
}) => {
  const token = (await demoTokens()).AccessToken;
  const llmsTxt = await request.get('/llms.txt', { headers: { authorization: `Bearer ${token}` } });
  const links = llmsTxtLinks(await llmsTxt.text());
  expect(links.length).toBeGreaterThan(100);
  const client = await connect(token);
  try {
    const { resources } = await client.listResources();
    const pages = resources.filter((resource) => resource.uri !== `${SITE}/llms.txt`);
    expect(pages.map((page) => page.uri)).toEqual(links.map((link) => link.url));
    expect(pages.find((page) => page.name === '/blog/archive')?.title).toBe('Archive');
    expect(pages.find((page) => page.name === '/docs/domains/Our domains and themes')?.uri).toBe(
      `${SITE}/docs/domains/Our%20domains%20and%20themes.md`,
    );
    for (const { uri, name, title } of pages) {
      // A URI a URL parser keeps as it is has no raw space; the page's Markdown starts with its own title.
      expect({ uri, named: name.length > 0 }).toEqual({ uri: new URL(uri).href, named: true });
      const { contents } = await client.readResource({ uri });
      const [page] = contents;
      expect('text' in page && page.text.split('\n')[0], uri).toBe(`# ${title}`);
    }
  } finally {
    await client.close();
  }
});

test('every listed operation has its reference page, and get_operation knows it', async () => {
  const client = await connect((await demoTokens()).AccessToken);
  try {
    const { operations } = await call<{ operations: { slug: string; page: string }[] }>(client, 'list_operations', {});
    expect(operations.length).toBeGreaterThan(20);
    for (const { page, slug } of operations) {
      const described = await client.callTool({ name: 'get_operation', arguments: { operation: slug } });
      expect(described.isError, slug).toBeFalsy();
      const read = await client.callTool({ name: 'read_page', arguments: { route: page } });
      expect(read.isError, `${page}: ${JSON.stringify(read.content)}`).toBeFalsy();
    }
  } finally {
    await client.close();
  }
});

for (const [what, token] of [
  ['no token', async () => undefined],
  ['an ID token', async () => (await demoTokens()).IdToken],
] as const) {
  test(`an MCP client with ${what} gets 401 and is told where the metadata is`, async ({ request }) => {
    const sent = await token();
    for (const [, mode] of ERAS) {
      const error = await connect(sent, mode).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(SdkHttpError);
      expect((error as SdkHttpError).status).toBe(401);
    }

    const raw = await request.post(MCP_PATH, {
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        ...(sent ? { authorization: `Bearer ${sent}` } : {}),
      },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(raw.status()).toBe(401);
    expect(raw.headers()['www-authenticate']).toContain(
      `resource_metadata="${SITE}${PROTECTED_RESOURCE_METADATA_PATH}"`,
    );
  });
}

test("the protected-resource metadata names the portal's authorization server, which publishes its own, without a token", async ({
  request,
}) => {
  const response = await request.get(PROTECTED_RESOURCE_METADATA_PATH);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    resource: `${SITE}${MCP_PATH}`,
    authorization_servers: [`${SITE}/oauth`],
    scopes_supported: ['mcp'],
    bearer_methods_supported: ['header'],
  });
  const server = await request.get('/.well-known/oauth-authorization-server/oauth');
  expect(server.status()).toBe(200);
  expect(await server.json()).toMatchObject({
    issuer: `${SITE}/oauth`,
    authorization_endpoint: `${SITE}/oauth/auth`,
    token_endpoint: `${SITE}/oauth/token`,
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    response_types_supported: ['code'],
  });
});

test('a signed-in browser cookie does not open the MCP endpoint, and a foreign Origin is refused', async ({
  request,
}) => {
  const token = (await demoTokens()).AccessToken;
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const data = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  // Amplify's cookies (rules/cookies.ts) with a valid access token: enough for a page, not for /mcp.
  const prefix = `CognitoIdentityServiceProvider.${LOCAL_APP_CLIENT_ID}`;
  const cookie = `${prefix}.LastAuthUser=demo; ${prefix}.demo.accessToken=${token}`;
  expect((await request.get('/llms.txt', { headers: { cookie } })).status()).toBe(200);
  const withCookie = await request.post(MCP_PATH, { headers: { ...headers, cookie }, data });
  expect(withCookie.status()).toBe(401);

  const foreign = await request.post(MCP_PATH, {
    headers: { ...headers, authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    data,
  });
  expect(foreign.status()).toBe(403);
  const get = await request.get(MCP_PATH, { headers: { authorization: `Bearer ${token}` } });
  expect(get.status()).toBe(405);
});
