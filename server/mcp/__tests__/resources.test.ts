/**
 * @jest-environment node
 *
 * The page resources an MCP client lists and reads, in both eras of the protocol (2026-07-28 and the 2025
 * handshake): one per page with a Markdown copy, each with its route as `name`, the page's own title and a
 * valid, percent-encoded URI that reads back the page. The pages are the site's own kinds, whose resources
 * came out wrong before: a route with spaces, the blog's archive (no title in the search index), the home
 * page; `llms.txt` is written by the build's own writer (plugins/markdown-export).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../../config/openapi';
import { llmsTxtOf } from '../../../plugins/markdown-export/export';
import type { Inventory, PageEntry } from '../../../rules/contentFiles';
import { markdownPathOf } from '../../../rules/routes';
import { MCP_PATH } from '../../../rules/mcp';
import { buildApp } from '../../app';
import { createAccessTokenVerifier } from '../../gate/verifier';
import { localAuth, localJwks, makeBuild, mintToken } from '../../../tests/support/gate';

const SITE = 'http://localhost:3000';
const list: PageEntry['body'] = { kind: 'list', items: [] };
/** Pages of the site's own kinds, with the titles and routes the site gives them. */
const PAGES: PageEntry[] = [
  { route: '/', title: 'RegData', section: 'Optional', body: list },
  {
    route: '/docs/domains/Our domains and themes',
    title: 'Our domains and themes',
    description: 'The topic domains documents are scored against.',
    section: 'Domains',
    body: list,
  },
  { route: '/docs/services/interrogator', title: 'Interrogator', section: 'Services', body: list },
  {
    route: '/blog/archive',
    title: 'Archive',
    description: 'Every blog post, newest first.',
    section: 'Blog',
    body: list,
  },
  { route: '/blog/tags/hola', title: 'One post tagged with "Hola"', section: 'Optional', body: list },
];
const inventory: Inventory = { siteUrl: SITE, title: 'RegData', tagline: 'Regulatory content', pages: PAGES };

let app: FastifyInstance;
let gateUrl: string;

beforeAll(async () => {
  const buildDir = makeBuild();
  const contract = loadContract();
  fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
  fs.writeFileSync(path.join(buildDir, 'api/v1/openapi.json'), JSON.stringify(contract));
  fs.writeFileSync(path.join(buildDir, 'llms.txt'), llmsTxtOf(inventory, PAGES, contract as never));
  for (const page of PAGES) {
    const file = path.join(buildDir, markdownPathOf(page.route));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `# ${page.title}\n\nThe page at ${page.route}.\n`);
  }
  app = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: [] },
    tls: false,
    mcp: { siteUrl: SITE, productName: 'RegData', version: '0.1.0', issuer: 'http://idp.test', callApiBase: null },
  });
  gateUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe.each([
  ['MCP 2026-07-28', { pin: '2026-07-28' }, 'modern'],
  ['the 2025 handshake', 'legacy', 'legacy'],
] as const)('a client of %s', (_revision, mode, era) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'resources-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gateUrl}${MCP_PATH}`), {
        requestInit: { headers: { authorization: `Bearer ${mintToken()}` } },
      }),
    );
  });
  afterAll(() => client.close());

  it('is served in its era', () => {
    expect(client.getProtocolEra()).toBe(era);
  });

  it('lists llms.txt, then every page in its order with its route as name, its own title and a percent-encoded URI', async () => {
    const { resources } = await client.listResources();
    expect(resources.map(({ uri, name, title }) => ({ uri, name, title }))).toEqual([
      { uri: `${SITE}/llms.txt`, name: 'llms.txt', title: 'llms.txt' },
      {
        uri: `${SITE}/docs/domains/Our%20domains%20and%20themes.md`,
        name: '/docs/domains/Our domains and themes',
        title: 'Our domains and themes',
      },
      { uri: `${SITE}/docs/services/interrogator.md`, name: '/docs/services/interrogator', title: 'Interrogator' },
      { uri: `${SITE}/blog/archive.md`, name: '/blog/archive', title: 'Archive' },
      { uri: `${SITE}/index.md`, name: '/index', title: 'RegData' },
      { uri: `${SITE}/blog/tags/hola.md`, name: '/blog/tags/hola', title: 'One post tagged with "Hola"' },
    ]);
    expect(resources.find((resource) => resource.name === '/blog/archive')?.description).toBe(
      'Every blog post, newest first.',
    );
  });

  it('gives every resource a name, a title of its own and a URI a URL parser keeps as it is', async () => {
    const { resources } = await client.listResources();
    for (const { uri, name, title } of resources) {
      expect({ uri, named: name.length > 0, titled: Boolean(title) }).toEqual({
        uri: new URL(uri).href,
        named: true,
        titled: true,
      });
    }
    expect(new Set(resources.map((resource) => resource.title)).size).toBe(resources.length);
  });

  it('reads every listed page back, the one whose route has spaces too', async () => {
    const { resources } = await client.listResources();
    for (const { uri, name } of resources.slice(1)) {
      const { contents } = await client.readResource({ uri });
      const route = name === '/index' ? '/' : name;
      expect(contents).toEqual([
        { uri, mimeType: 'text/markdown', text: expect.stringContaining(`The page at ${route}.`) },
      ]);
    }
  });
});
