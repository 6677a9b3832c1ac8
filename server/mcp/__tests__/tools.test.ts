/**
 * @jest-environment node
 *
 * What the MCP tools answer (issue #27), on the vendored contract and a small build: operations by id or
 * slug with their schemas and `x-assumed` notes, pages by any spelling of their route (and never a file
 * outside the build), and calls sent with the caller's token — or refused, saying what to fix.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { callApi, CallError } from '../callApi';
import { buildContent, ContentMissing } from '../content';
import { operationSlug } from '../../../rules/contract';
import { getOperation, listOperations } from '../operations';
import { loadSearchIndex } from '../search';
import { makeBuild, SECRET } from '../../__tests__/helper';

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
    expect(getOperation(contract, 'no-such-thing')).toBeNull();
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

  it('says to build when the build wrote no Markdown, and names the contract file when it is missing', () => {
    fs.rmSync(path.join(buildDir, 'index.md'), { force: true });
    expect(() => content.markdown('/nothing')).toThrow(ContentMissing);
    expect(() => content.contract()).toThrow(/none\.json\) is missing: run "npm run build" first/);
  });
});

describe('search_docs', () => {
  it('refuses a search index of another layout, naming the plugin', () => {
    expect(() => loadSearchIndex([{ documents: [] }])).toThrow(/@easyops-cn\/docusaurus-search-local/);
  });
});

describe('call_api', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
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
    expect(got).toMatchObject({ method: 'GET', status: 200, body: { ok: true } });
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
      /MCP_CALL_API=provider/,
    );
    await expect(callApi(contract, { operation: 'nope' }, { base, token: 't' })).rejects.toThrow(CallError);
    await expect(callApi(contract, { operation: 'get-document' }, { base, token: 't' })).rejects.toThrow(
      /path parameter "document_id"/,
    );
  });
});
