/**
 * @jest-environment node
 *
 * What the MCP tools answer, on the vendored contract and a small build: operations by id or slug with
 * their schemas and `x-assumed` notes, pages by any spelling of their route (and never a file outside the
 * build), and calls sent with the caller's token — or refused, saying what to fix — whose answers are
 * read up to a cap and never whole.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { callApi, CallError, MAX_ANSWER_BYTES } from '../callApi';
import { buildContent, ContentMissing } from '../content';
import { operationSlug } from '../../../rules/contract';
import { getOperation, inlineRefs, listOperations, MAX_INLINED_NODES } from '../operations';
import { loadSearchIndex } from '../search';
import { makeBuild, SECRET } from '../../../tests/support/gate';

const contract = loadContract();

describe('list_operations and get_operation', () => {
  it('names every operation with the slug of its reference page', () => {
    const all = listOperations(contract);
    expect(all.length).toBeGreaterThan(20);
    expect(all.find((op) => op.operationId === 'searchDocuments')).toEqual({
      operationId: 'searchDocuments',
      slug: 'search-documents',
      page: '/api/v1/search-documents',
      method: 'POST',
      path: '/documents',
      summary: expect.any(String),
      tags: ['Documents'],
    });
    expect(listOperations(contract, 'interrogator').every((op) => op.tags.includes('Interrogator'))).toBe(true);
    expect(operationSlug('listPsiDescriptions')).toBe('list-psi-descriptions');
  });

  it('describes an operation by id or slug, with the schemas it references and what is assumed', () => {
    const bySlug = getOperation(contract, 'search-documents');
    expect(getOperation(contract, 'searchDocuments')).toEqual(bySlug);
    expect(bySlug!.requestBody).toBeDefined();
    // Through the request body's $ref and on through the schemas that one references.
    expect(Object.keys(bySlug!.schemas)).toEqual(expect.arrayContaining(['DocumentFilters']));
    expect(bySlug!.assumed.map((note) => note.where)).toContain('#/info');
    expect(bySlug!.assumed.some((note) => note.where.startsWith('#/paths/~1documents/post'))).toBe(true);
    // Notes of what the operation reaches by $ref: a shared parameter, a shared response, a body's schema.
    expect(bySlug!.assumed.map((note) => note.where)).toEqual(
      expect.arrayContaining([
        '#/components/parameters/PageSize',
        '#/components/responses/Unauthorized',
        '#/components/schemas/DocumentFilters',
      ]),
    );
    expect(getOperation(contract, 'no-such-thing')).toBeNull();
  });

  /** Every `$ref` in `node`, with where it is. */
  const refsIn = (node: unknown, at = ''): string[] => {
    if (!node || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([key, value]) =>
      key === '$ref' && typeof value === 'string' ? [`${at}: ${value}`] : refsIn(value, `${at}/${key}`),
    );
  };

  it('gives parameters, request body and responses whole, not as references an agent cannot follow', () => {
    const op = getOperation(contract, 'searchDocuments')!;
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'page', in: 'query', schema: expect.objectContaining({ type: 'integer' }) }),
      expect.objectContaining({ name: 'page_size', in: 'query', description: expect.any(String) }),
    ]);
    // A shared response, its header and its example, read in place.
    expect(op.responses['401']).toEqual(
      expect.objectContaining({
        description: expect.any(String),
        headers: { 'WWW-Authenticate': expect.objectContaining({ schema: { type: 'string' } }) },
        content: { 'application/json': expect.objectContaining({ example: { detail: expect.any(String) } }) },
      }),
    );
    // A schema stays a reference, and the answer holds that schema by name.
    expect(op.responses['422'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ValidationError',
    });
    expect(op.schemas.ValidationError).toBeDefined();
  });

  it.each(listOperations(contract).map((op) => op.operationId))(
    '%s: every reference left in its answer is a schema the answer holds',
    (operationId) => {
      const op = getOperation(contract, operationId)!;
      const refs = refsIn({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses });
      const unheld = refs.filter((found) => {
        const name = /: #\/components\/schemas\/([^/]+)$/.exec(found)?.[1];
        return !name || !(name in op.schemas);
      });
      expect(unheld).toEqual([]);
    },
  );

  it('leaves a reference that leads back to itself, or nowhere, as it is', () => {
    const looped = {
      components: {
        responses: {
          A: { description: 'a', content: { 'application/json': { schema: { $ref: '#/components/responses/B' } } } },
          B: { description: 'b', links: { back: { $ref: '#/components/responses/A' } } },
        },
      },
    };
    expect(inlineRefs(looped, { $ref: '#/components/responses/A' })).toEqual({
      description: 'a',
      content: {
        'application/json': {
          schema: { description: 'b', links: { back: { $ref: '#/components/responses/A' } } },
        },
      },
    });
    expect(inlineRefs(looped, [{ $ref: '#/components/parameters/Gone' }])).toEqual([
      { $ref: '#/components/parameters/Gone' },
    ]);
  });

  it('stops inlining a description whose parts fan out, at a bounded size', () => {
    // Each response refers to the next twice: 2^40 copies of the last if inlined in full.
    const depth = 40;
    const responses = Object.fromEntries(
      Array.from({ length: depth }, (_, i) => [
        `R${i}`,
        {
          description: `r${i}`,
          left: { $ref: `#/components/responses/R${i + 1}` },
          right: { $ref: `#/components/responses/R${i + 1}` },
        },
      ]),
    );
    const objects = (node: unknown): number =>
      node && typeof node === 'object' ? 1 + Object.values(node).reduce<number>((sum, v) => sum + objects(v), 0) : 0;
    const result = inlineRefs({ components: { responses } }, { $ref: '#/components/responses/R0' });
    expect(objects(result)).toBeGreaterThan(MAX_INLINED_NODES / 2);
    expect(objects(result)).toBeLessThanOrEqual(3 * MAX_INLINED_NODES);
  });

  it('copies example values as data, with a `$ref` in them untouched', () => {
    const doc = {
      components: { parameters: { P: { name: 'p', in: 'query', example: { $ref: '#/components/parameters/P' } } } },
    };
    expect(inlineRefs(doc, { $ref: '#/components/parameters/P' })).toEqual({
      name: 'p',
      in: 'query',
      example: { $ref: '#/components/parameters/P' },
    });
  });
});

describe('read_page', () => {
  const buildDir = makeBuild();
  fs.writeFileSync(path.join(buildDir, 'index.md'), '# Home\n');
  const content = buildContent({ buildDir, contractFile: path.join(buildDir, 'none.json') });

  it.each([
    '/docs/document_format/schema',
    '/docs/document_format/schema/',
    'docs/document_format/schema.md',
    '/docs/document_format/schema#fields',
    'http://localhost:3000/docs/document_format/schema?x=1',
  ])('finds the page at %s', (route) => {
    expect(content.markdown(route)).toEqual({
      route: '/docs/document_format/schema',
      markdown: expect.stringContaining(SECRET),
    });
  });

  it.each(['/docs/../../etc/passwd', '/docs/%2e%2e/%2e%2e/secret', '/nothing/here', '/%E0%A4%A'])(
    'answers no page for %s',
    (route) => {
      fs.writeFileSync(path.join(path.dirname(buildDir), 'secret.md'), 'outside');
      expect(content.markdown(route)).toBeNull();
    },
  );

  it('says to build when the build wrote no Markdown or no contract, naming no path of the server', () => {
    fs.rmSync(path.join(buildDir, 'index.md'), { force: true });
    expect(() => content.markdown('/nothing')).toThrow(ContentMissing);
    expect(() => content.contract()).toThrow(
      'The bundled contract is missing from the build: run "npm run build" first.',
    );
    // The message reaches the MCP client: it names no path of the server's disk.
    expect(() => content.markdown('/nothing')).toThrow(/^The Markdown copy of the home page is missing from the build/);
  });
});

describe('search_docs', () => {
  it('refuses a search file of another layout, saying to build again', () => {
    expect(() => loadSearchIndex([{ documents: [] }])).toThrow(/is not the layout this server reads.*npm run build/);
  });
});

describe('call_api', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  /** Bytes of the 40 MiB answer written to the socket before the client stopped reading. */
  let hugeWritten = 0;
  /** Settles when the connection of the 40 MiB answer closes: the client stopped reading. */
  let hugeClosed: Promise<void> = Promise.resolve();

  /** Streams a 40 MiB JSON array, writing only as fast as the client reads. */
  function answerHuge(response: http.ServerResponse) {
    const item = Buffer.from(`${JSON.stringify({ id: 'x'.repeat(1000) })},`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[');
    hugeWritten = 1;
    hugeClosed = new Promise((resolve) => response.once('close', resolve));
    const pump = () => {
      while (hugeWritten < 40 * 1024 * 1024) {
        hugeWritten += item.length;
        if (!response.write(item)) return void response.once('drain', pump);
      }
      response.end('{}]');
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  }

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
        if (request.url?.startsWith('/huge/')) return answerHuge(response);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/customer`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the operation with the caller token, path parameters encoded, query and JSON body', async () => {
    const got = await callApi(
      contract,
      { operation: 'get-document', pathParameters: { document_id: 'a/b c' }, query: { fields: ['x', 'y'] } },
      { base, token: 'T1' },
    );
    expect(got).toMatchObject({ method: 'GET', status: 200, body: { ok: true }, truncated: false });
    expect(seen.at(-1)).toEqual({
      method: 'GET',
      url: '/api/v1/customer/documents/a%2Fb%20c?fields=x&fields=y',
      authorization: 'Bearer T1',
      body: '',
    });
    await callApi(contract, { operation: 'searchDocuments', body: { limit: 1 } }, { base, token: 'T2' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"limit":1}', authorization: 'Bearer T2' });
  });

  it('refuses, saying what to fix: calls off, an unknown operation, a missing path parameter', async () => {
    await expect(callApi(contract, { operation: 'list-domains' }, { base: null, token: 't' })).rejects.toThrow(
      /^call_api is off on this portal, so it sent nothing: .*Use get_operation/,
    );
    await expect(callApi(contract, { operation: 'nope' }, { base, token: 't' })).rejects.toThrow(CallError);
    await expect(callApi(contract, { operation: 'get-document' }, { base, token: 't' })).rejects.toThrow(
      /path parameter "document_id"/,
    );
  });

  it('cuts a 40 MiB answer at 1 MiB, as text, flagged truncated with what to do, without downloading it', async () => {
    const got = await callApi(
      contract,
      { operation: 'get-document', pathParameters: { document_id: 'x' } },
      {
        base: base.replace('/api/v1/customer', '/huge/api/v1/customer'),
        token: 't',
      },
    );
    expect(got).toMatchObject({ status: 200, truncated: true, contentType: 'application/json' });
    expect(typeof got.body).toBe('string');
    expect(Buffer.byteLength(got.body as string)).toBe(MAX_ANSWER_BYTES);
    expect(got.note).toMatch(/longer than 1048576 bytes.*does not parse.*page_size/);
    // Stopped reading at the cap and closed the connection: what was written by then is the cap and the
    // sockets' buffers, not 40 MiB.
    await hugeClosed;
    expect(hugeWritten).toBeLessThan(8 * 1024 * 1024);
  });

  it.each(['..', '.', '%2e%2e', '%2E.', '%252e%252e', '.%2e'])(
    "refuses the path parameter %s, which would leave the operation's path, and sends nothing",
    async (documentId) => {
      const before = seen.length;
      await expect(
        callApi(
          contract,
          { operation: 'get-document', pathParameters: { document_id: documentId } },
          { base, token: 't' },
        ),
      ).rejects.toThrow(/path parameter "document_id" may not be .*get_operation describes it/);
      expect(seen.length).toBe(before);
    },
  );

  it('refuses a call whose URL would leave the API base, whatever the contract says', async () => {
    const escaping = { openapi: '3.1.0', paths: { '/../admin': { get: { operationId: 'escape' } } } };
    await expect(callApi(escaping, { operation: 'escape' }, { base, token: 't' })).rejects.toThrow(
      /\/api\/v1\/admin is not under the API base \/api\/v1\/customer\//,
    );
  });
});

/**
 * An MCP client connected in memory to a server whose every content read fails as a file-system error
 * naming `file` would; `console.error` is captured (the server logs the reason there).
 */
async function serverWhoseFilesFail(file: string) {
  const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
  const { createMcpServer } = await import('../server');
  const fsError = () => {
    throw new Error(`EACCES: permission denied, open '${file}'`);
  };
  const server = createMcpServer({
    content: { contract: fsError, searchIndex: fsError, markdown: fsError, llmsTxt: fsError },
    siteUrl: 'https://portal.example.com',
    productName: 'RegData',
    version: '0.0.0',
    call: { base: 'http://127.0.0.1:9', token: 'T' },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    client,
    logged,
    close: async () => {
      logged.mockRestore();
      await client.close();
    },
  };
}

describe('a failure the server does not foresee', () => {
  it('is a tool error that names no path of the server, and the reason goes to the server log', async () => {
    const { client, logged, close } = await serverWhoseFilesFail('/srv/portal/build/docs/x.md');
    try {
      const result = await client.callTool({ name: 'read_page', arguments: { route: '/docs/x' } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).not.toContain('/srv/portal');
      expect(JSON.stringify(result.content)).toContain('server log');
      expect(String(logged.mock.calls[0]?.[1])).toContain('/srv/portal/build/docs/x.md');
    } finally {
      await close();
    }
  });
});

describe('a resource the server cannot read', () => {
  it('is an error that names no path of the server', async () => {
    const { client, close } = await serverWhoseFilesFail('/srv/portal/build/llms.txt');
    try {
      for (const ask of [
        () => client.readResource({ uri: 'https://portal.example.com/llms.txt' }),
        () => client.readResource({ uri: 'https://portal.example.com/docs/x.md' }),
        () => client.listResources(),
      ]) {
        const error = await ask().then(
          () => undefined,
          (failure: Error) => failure,
        );
        expect(error?.message).toMatch(/operator finds the reason in the server log/);
        expect(error?.message).not.toContain('/srv/portal');
      }
    } finally {
      await close();
    }
  });
});
