/**
 * @jest-environment node
 *
 * What one MCP request may cost: a body over 1 MiB gets 413 without being read past the cap, a JSON-RPC
 * batch is refused whole, every string a tool takes is bounded in its published schema, and the largest
 * `read_page` route or `search_docs` query is refused by its length, read by nothing else, so the gate
 * keeps answering others (the tests count the work: tests/support/work.ts).
 * Both ways in are covered: the Fastify gate (Fastify parses the body) and `handleMcpRequest` reading
 * the body itself, as the Lambda function calls it (deploy/mcp).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../../config/openapi';
import { buildApp } from '../../app';
import { createAccessTokenVerifier } from '../../gate/verifier';
import { localAuth, localJwks, makeBuild, mintToken } from '../../../tests/support/gate';
import { MCP_SEARCH_FILE, type SearchFile } from '../../../rules/contentFiles';
import { MCP_MAX_BODY_BYTES, MCP_PATH } from '../../../rules/mcp';
import { buildContent, MAX_ROUTE_CHARS, mcpContentOf } from '../content';
import { handleMcpRequest } from '../http';
import { MAX_QUERY_CHARS, MAX_QUERY_TERMS, queryTerms } from '../search';
import { MAX_TOOL_INPUT_ELEMENTS, type McpServerOptions } from '../server';
import { stringOperations } from '../../../tests/support/work';

const SITE = 'http://localhost:3000';
const MiB = 1024 * 1024;
const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** Writes the build's file of pages for `search_docs` (rules/contentFiles.ts), one section of text per page. */
function writeSearchFile(buildDir: string, pages: { route: string; title: string; text: string }[]): void {
  const file: SearchFile = {
    pages: pages.map(({ route, title, text }) => ({ route, title, sections: [{ text, code: '' }] })),
  };
  fs.writeFileSync(path.join(buildDir, MCP_SEARCH_FILE), JSON.stringify(file));
}

/** The requests the stand-in API gets: none may arrive from a refused MCP request. */
const upstreamRequests: string[] = [];
let upstream: http.Server;
let buildDir: string;
let app: FastifyInstance;
let gateUrl: string;
let options: McpServerOptions;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    upstreamRequests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const callApiBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1/customer`;

  buildDir = makeBuild();
  fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
  fs.writeFileSync(path.join(buildDir, 'api/v1/openapi.json'), JSON.stringify(loadContract()));
  fs.writeFileSync(path.join(buildDir, 'index.md'), '# Home\n');
  writeSearchFile(buildDir, [
    { route: '/docs/services/interrogator', title: 'Interrogator', text: 'Ask the interrogator a question.' },
    { route: '/docs/api/pagination', title: 'Pagination', text: 'Results come in pages of page_size items.' },
  ]);
  const mcp = { siteUrl: SITE, productName: 'RegData', version: '0.1.0', issuer: 'http://idp.test', callApiBase };
  app = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: [] },
    tls: false,
    mcp,
  });
  gateUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  options = { ...mcp, content: mcpContentOf(buildDir), call: { base: callApiBase, token: 'T' } };
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const authorization = () => `Bearer ${mintToken()}`;

/** A `tools/call` message as JSON text. */
const toolCall = (name: string, args: Record<string, unknown>, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** A `tools/call` whose one string argument fills the body to exactly {@link MCP_MAX_BODY_BYTES}. */
function largestCall(name: string, argument: string, filler: (length: number) => string): string {
  const room = MCP_MAX_BODY_BYTES - Buffer.byteLength(toolCall(name, { [argument]: '' }));
  // Characters JSON escapes take more than one byte: shorten the argument by as many.
  const excess = Buffer.byteLength(toolCall(name, { [argument]: filler(room) })) - MCP_MAX_BODY_BYTES;
  const text = toolCall(name, { [argument]: filler(room - excess) });
  expect(Buffer.byteLength(text)).toBe(MCP_MAX_BODY_BYTES);
  return text;
}

/** A route that `/[?#].*$/` takes seconds over: a run of `?` it retries from each one, then a line break. */
const slowRoute = (length: number) => `/docs/x${'?'.repeat(64 * 1024)}\n`.padEnd(length, 'a');
/** A query of `length` characters of distinct words. */
const longQuery = (length: number) =>
  Array.from({ length: Math.ceil(length / 6) }, (_, n) => `w${n.toString(36).padStart(4, '0')}`)
    .join(' ')
    .slice(0, length);

describe('the request body', () => {
  const over = (bytes: number) => `{${' '.repeat(bytes - 2)}}`;

  it('over 1 MiB gets 413 from the gate with a JSON-RPC error naming the limit, by content-length', async () => {
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: over(2 * MiB),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringContaining(`at most ${MCP_MAX_BODY_BYTES} bytes`) },
    });
  });

  it('over 1 MiB gets the same 413 from the gate when it comes chunked, without a content-length', async () => {
    const { port } = new URL(gateUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: MCP_PATH,
          headers: { ...HEADERS, authorization: authorization() },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      // The gate may close the connection once it has answered: the rest of the upload then fails.
      request.on('error', () => undefined);
      request.on('close', () => reject(new Error('no answer')));
      const chunk = ' '.repeat(64 * 1024);
      request.write('{');
      for (let sent = 0; sent < 2 * MiB; sent += chunk.length) request.write(chunk);
      request.end('}');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toContain(`at most ${MCP_MAX_BODY_BYTES} bytes`);
  });

  it('over 1 MiB gets 413 from handleMcpRequest (the Lambda path), which reads no further than the cap', async () => {
    // By content-length: nothing is read.
    const declared = await handleMcpRequest(
      new Request(`${SITE}${MCP_PATH}`, {
        method: 'POST',
        headers: { ...HEADERS, 'content-length': String(2 * MiB) },
        body: over(2 * MiB),
      }),
      options,
    );
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.message).toContain(`at most ${MCP_MAX_BODY_BYTES} bytes`);

    // A 40 MiB stream without a length: read until the cap is passed, then cancelled.
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 40 * MiB) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel: () => void (cancelled = true),
    });
    const streamed = await handleMcpRequest(
      new Request(`${SITE}${MCP_PATH}`, { method: 'POST', headers: HEADERS, body, duplex: 'half' } as RequestInit),
      options,
    );
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.message).toContain(`at most ${MCP_MAX_BODY_BYTES} bytes`);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(MCP_MAX_BODY_BYTES + 4 * chunk.byteLength);
  });

  it('up to 1 MiB is read by handleMcpRequest, and a body that is not JSON is a JSON-RPC parse error', async () => {
    const post = (body: string) =>
      handleMcpRequest(new Request(`${SITE}${MCP_PATH}`, { method: 'POST', headers: HEADERS, body }), options);
    const list = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(list.status).toBe(200);
    expect((await list.json()).result.tools).toHaveLength(5);
    const broken = await post('{"jsonrpc":');
    expect([broken.status, (await broken.json()).error.code]).toEqual([400, -32700]);
  });
});

describe('a JSON-RPC batch', () => {
  const batch = `[${toolCall('call_api', { operation: 'list-domains' }, 1)},${toolCall('call_api', { operation: 'list-domains' }, 2)}]`;

  const expectRefused = (status: number, body: { error: { code: number; message: string } }) => {
    expect(status).toBe(400);
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toMatch(/batches are not supported.*2025-06-18/);
    expect(upstreamRequests).toEqual([]);
  };

  it('is refused by the gate with Invalid Request (-32600), and none of its calls is sent', async () => {
    upstreamRequests.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: batch,
    });
    expectRefused(response.statusCode, response.json());
  });

  it('is refused by handleMcpRequest (the Lambda path) the same way', async () => {
    upstreamRequests.length = 0;
    const response = await handleMcpRequest(
      new Request(`${SITE}${MCP_PATH}`, { method: 'POST', headers: HEADERS, body: batch }),
      options,
    );
    expectRefused(response.status, await response.json());
  });

  it('is the only thing refused: one message with one call_api sends one request', async () => {
    upstreamRequests.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: toolCall('call_api', { operation: 'list-domains' }),
    });
    expect(response.json().result.isError).toBeFalsy();
    expect(upstreamRequests).toEqual(['GET /api/v1/customer/domains']);
  });
});

describe('tool inputs', () => {
  it('tools/list shows a maxLength on every string, maxProperties on every record and maxItems on every array', async () => {
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    const unbounded: string[] = [];
    type Schema = Record<string, unknown>;
    const visit = (schema: Schema, at: string) => {
      if (schema.type === 'string' && typeof schema.maxLength !== 'number') unbounded.push(`${at}: maxLength`);
      if (schema.type === 'object' && schema.additionalProperties && typeof schema.maxProperties !== 'number') {
        unbounded.push(`${at}: maxProperties`);
      }
      if (schema.type === 'array' && typeof schema.maxItems !== 'number') unbounded.push(`${at}: maxItems`);
      for (const [key, child] of Object.entries(schema)) {
        if (Array.isArray(child)) child.forEach((item, n) => visit(item as Schema, `${at}.${key}[${n}]`));
        else if (child && typeof child === 'object') visit(child as Schema, `${at}.${key}`);
      }
    };
    const tools = response.json().result.tools as { name: string; inputSchema: Schema }[];
    for (const tool of tools) visit(tool.inputSchema, tool.name);
    expect(unbounded).toEqual([]);
    // The walk saw the strings: each tool takes at least one.
    expect(tools.map((tool) => JSON.stringify(tool.inputSchema).includes('"maxLength"'))).toEqual(
      tools.map(() => true),
    );
  });

  it(`a call's arguments hold at most ${MAX_TOOL_INPUT_ELEMENTS} elements: a larger call_api body is not sent`, async () => {
    upstreamRequests.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: toolCall('call_api', {
        operation: 'search-documents',
        body: { ids: Array.from({ length: MAX_TOOL_INPUT_ELEMENTS }, () => 0) },
      }),
    });
    expect(JSON.stringify(response.json())).toMatch(/more than the maximum of 10000 elements/);
    expect(upstreamRequests).toEqual([]);
  });

  it('a page resource with a route over 2048 characters is refused without echoing it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'resources/read',
        params: { uri: `${SITE}/docs/${'a'.repeat(64 * 1024)}.md` },
      },
    });
    const { error } = response.json();
    expect(error.message).toMatch(/route is at most 2048 characters; llms.txt lists every page/);
    expect(error.message.length).toBeLessThan(200);
  });

  it('search_docs reads * and every other mark as a separator, never as query syntax or a wildcard', () => {
    expect(queryTerms('inter* ~1 ^2 +x -y a:b *')).toEqual(['inter', '1', '2', 'x', 'y', 'b']);
    const index = buildContent({ buildDir, contractFile: 'none.json' }).searchIndex();
    expect(index.search('interrogator', 5).map((hit) => hit.route)).toContain('/docs/services/interrogator');
    // A wildcard would match every page.
    expect(index.search('*', 20)).toEqual([]);
    expect(index.search('z*', 20)).toEqual([]);
  });

  it(`search_docs refuses more than ${MAX_QUERY_TERMS} words, saying to keep the ones that matter`, async () => {
    const response = await app.inject({
      method: 'POST',
      url: MCP_PATH,
      headers: { ...HEADERS, authorization: authorization() },
      payload: toolCall('search_docs', { query: longQuery(6 * (MAX_QUERY_TERMS + 1)) }),
    });
    const { result } = response.json();
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/at most 12 different words.*has 13\. Keep the words that matter/);
  });
});

/** A regular expression that is one character class, which reads a string in one pass. */
const ONE_CHARACTER_CLASS = /^\[[^\]]*\]$/;

describe('a 1 MiB argument', () => {
  const content = () => buildContent({ buildDir, contractFile: 'none.json' });

  it('read_page: the content module answers a 1 MiB route (no page) by its length, reading none of it', async () => {
    const pages = content();
    const route = slowRoute(MiB);
    const work = await stringOperations(() => pages.markdown(route));
    expect(work.result).toBeNull();
    expect(work.longerThan(MAX_ROUTE_CHARS)).toEqual([]);
  });

  it(`search_docs: the search index reads a 1 MiB query's first ${MAX_QUERY_CHARS} characters only`, async () => {
    const index = content().searchIndex();
    const query = `interrogator ${longQuery(MiB)}`;
    const work = await stringOperations(() => index.search(query, 20));
    expect(work.result).toEqual([expect.objectContaining({ route: '/docs/services/interrogator' })]);
    // One slice takes its first characters; nothing else reads past them.
    expect(work.longerThan(MAX_QUERY_CHARS)).toEqual([{ method: 'String#slice', length: query.length }]);
  });

  it.each([
    ['read_page', 'route', slowRoute, /route is at most 2048 characters/],
    ['search_docs', 'query', longQuery, /query is at most 500 characters/],
  ])(
    '%s: the largest %s a request holds is refused by the schema, which reads its length only',
    async (tool, argument, filler, refusal) => {
      const body = largestCall(tool, argument, filler);
      const length = (JSON.parse(body) as { params: { arguments: Record<string, string> } }).params.arguments[argument]
        .length;
      const work = await stringOperations(() =>
        app.inject({
          method: 'POST',
          url: MCP_PATH,
          headers: { ...HEADERS, authorization: authorization() },
          payload: body,
        }),
      );
      // The schema measures it (one pass for surrogate pairs, a one-character class); nothing else reads it,
      // so the gate's other readers never wait on it.
      const reads = work.operations.filter((operation) => operation.length === length);
      expect(reads.filter(({ regexp }) => !ONE_CHARACTER_CLASS.test(regexp ?? ''))).toEqual([]);
      expect(reads.length).toBeLessThanOrEqual(2);
      // Refused by the schema, which says what to fix (and echoes none of the argument).
      const answer = work.result.body;
      expect(answer.length).toBeLessThan(2000);
      expect(answer).toMatch(refusal);
    },
  );
});
