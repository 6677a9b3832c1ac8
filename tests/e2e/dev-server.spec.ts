/**
 * `npm start`'s dev server, over a copy of the site's sources in a folder of its own (so its generated
 * files, `.docusaurus/`, which other specs read, stay untouched) and without the bundler's persistent
 * cache, which a stop mid-compile would leave half written. It runs `docusaurus start` and the MCP server
 * as scripts/with-local-services.ts does, not `npm start`, whose local services would take the ports of the
 * suite's `npm run serve` (whose identity service and sandbox these tests use).
 *
 * - It answers only the portal's own `Host` names (plugins/dev-server-hosts, DNS rebinding): it has no
 *   gate of its own, so a page rebound to this machine would otherwise read every page and reach `/mcp`
 *   through its proxy. Docusaurus offers no option for this; the plugin leans on core merging a plugin's
 *   `devServer` options, and this test is its guard (plugins/README.md). webpack-dev-server checks the Host
 *   before anything else, so the test asks as soon as the server listens, before the first compile ends.
 * - Its MCP server is whole: an SDK client of MCP 2026-07-28 through the dev server's `/mcp` gets answers
 *   from all five tools and `resources/list`, from the docs as they are, and finds a word a writer has just
 *   added to a page.
 * - Its search bar searches the sources (plugins/dev-search): a reader finds a word a writer has just added to a
 *   page, once the page shows it. While the index cannot be had, a search gets no answer, and nothing is recorded
 *   as a search that found nothing; once it can, a search that finds nothing is recorded as in a build.
 * - Its pages, signed in, log no error: Getting started and operation pages, whose texts' HTML loads on first
 *   use (React `use`, which React reports when misused, in development only); and "View as Markdown" opens a
 *   page that says why the dev server has no Markdown copy (`npm run build` makes them), and links the page.
 *
 * The server is killed at the end (SIGTERM would let the compile finish).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parseEnv } from '../../config/env';
import { BUNDLED_SPEC_PATH } from '../../config/openapi';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { liveMcpContent, livePageRoutes } from '../../scripts/liveMcpContent';
import { OUR_SOURCES } from '../../bench/sites';
import { listenMcpDev } from '../../server/listen';
import Database from 'libsql';
import { SITE_SEARCH_INDEX_PATH } from '../../rules/buildFiles';
import { MARKDOWN_INVENTORY } from '../../rules/contentFiles';
import { liveSearchPages } from '../../scripts/liveMcpContent';
import { liveThemeSearchIndex } from '../../plugins/dev-search/themeIndex';
import { ContentMissing } from '../../server/mcp/content';
import { insightsFileOf } from '../../server/insights/sqliteStore';
import type { InsightRow } from '../../server/insights/store';
import { BATCH_DELAY_MS } from '../../src/insights/client';
import { SETTLE_MS } from '../../src/insights/emptySearches';
import { test, expect, demoTokens, signInAt } from '../support/e2e';

const ROOT = path.resolve(__dirname, '../..');
/** What `docusaurus start` reads: the site's sources, the content, the generated API pages. */
const SOURCES = [...OUR_SOURCES, 'docs', 'generated'];

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One request to 127.0.0.1:`port` with the given Host header: its status and body, or the socket error's code. */
function send(
  port: number,
  host: string,
  method: 'GET' | 'POST',
  target: string,
): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? 'error', body: '' }));
    request.end();
  });
}

/** Every reader insight the MCP server beside the dev server has kept in `dataDir`. */
function storedRows(dataDir: string): InsightRow[] {
  const file = insightsFileOf(dataDir);
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM events').all() as InsightRow[];
  } finally {
    db.close();
  }
}

// The search worker's request for the index while the test withholds it (the MCP server answers 503).
test.use({ allowedConsoleErrors: [/status of 503/] });

/** A word no page has, added by the test as a writer would add a sentence. */
const NEW_WORD = 'quokkaphrase';

/** Calls `name` until it succeeds (the dev server saves the list of pages once it has loaded the docs). */
async function callWhenReady(client: Client, name: string, args: Record<string, unknown>, timeoutMs = 90_000) {
  const began = Date.now();
  for (;;) {
    const result = await client.callTool({ name, arguments: args });
    if (!result.isError) return result.structuredContent as Record<string, unknown>;
    const text = JSON.stringify(result.content);
    expect(text, 'a tool error names no path of the disk').not.toContain(os.tmpdir());
    if (Date.now() - began > timeoutMs) throw new Error(`${name} kept failing: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test("npm start's dev server refuses a rebound Host, its MCP server answers every tool, its search bar searches and its pages log no error, from the docs as they are", async ({
  page,
}) => {
  test.setTimeout(420_000);
  expect(
    fs.existsSync(path.join(ROOT, 'generated/api')),
    'the API pages are missing: run npm run gen-api (npm run build does) first',
  ).toBe(true);
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dev-server-'));
  for (const source of SOURCES) fs.cpSync(path.join(ROOT, source), path.join(site, source), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  const port = await freePort();
  const mcpPort = await freePort();
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|SITE_URL$|HOST$|PORT$)/.test(name)),
  );
  const insightsDir = path.join(site, '.insights');
  // The MCP server the dev server proxies /mcp and the search bar's index to, as scripts/with-local-services.ts
  // starts it; the test can withhold the index, as while the dev server has not listed the pages.
  const files = {
    inventoryFile: path.join(site, '.docusaurus', MARKDOWN_INVENTORY.name),
    contractFile: path.join(site, BUNDLED_SPEC_PATH),
  };
  const searchPages = liveSearchPages(files);
  const searchIndex = liveThemeSearchIndex(searchPages, site);
  let indexWithheld = false;
  const mcp = await listenMcpDev(
    parseEnv({ PORT: String(port), MCP_DEV_PORT: String(mcpPort), INSIGHTS_DATA_DIR: insightsDir }),
    { jwks: LOCAL_JWKS },
    liveMcpContent(files, searchPages),
    livePageRoutes(files.inventoryFile),
    () => (indexWithheld ? Promise.reject(new ContentMissing('withheld by the test')) : searchIndex()),
  );
  const server = spawn(
    process.execPath,
    [
      require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      site,
      '--port',
      String(port),
      '--host',
      'localhost',
      '--no-open',
    ],
    {
      cwd: site,
      env: { ...env, MCP_DEV_PORT: String(mcpPort), DOCUSAURUS_NO_PERSISTENT_CACHE: 'true' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const guard =
    'plugins/dev-server-hosts no longer takes effect (Docusaurus core stopped merging a plugin’s devServer ' +
    'options, lib/commands/start/webpack.js): the dev server answers any Host again (plugins/README.md)';
  const refused = { status: 403, body: 'Invalid Host header' };
  // `auto`: the client probes with server/discover, so the dev server's proxy carries MCP 2026-07-28's headers.
  const client = new Client({ name: 'portal-e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    const began = Date.now();
    let rebound = await send(port, `rebind.example:${port}`, 'GET', '/');
    while (rebound.status === 'ECONNREFUSED') {
      if (server.exitCode !== null || Date.now() - began > 90_000) {
        throw new Error(`docusaurus start did not listen: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      rebound = await send(port, `rebind.example:${port}`, 'GET', '/');
    }
    expect(rebound, guard).toEqual(refused);
    expect(await send(port, 'rebind.example', 'POST', '/mcp'), guard).toEqual(refused);
    // The loopback names pass the check: the /mcp proxy reaches the MCP server, which wants a token.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const answer = await send(port, host, 'POST', '/mcp');
      expect([host, answer.status]).toEqual([host, 401]);
    }
    // AI tools sign in through the authorization server behind the same proxy.
    const metadata = await fetch(`http://localhost:${port}/.well-known/oauth-authorization-server/oauth`);
    expect(await metadata.json()).toMatchObject({ issuer: `http://localhost:${port}/oauth` });
    expect((await fetch(`http://localhost:${port}/oauth/jwks`)).status).toBe(200);

    const { AccessToken } = await demoTokens();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://localhost:${port}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${AccessToken}` } },
      }),
    );
    expect(client.getProtocolEra()).toBe('modern');
    const found = await callWhenReady(client, 'search_docs', { query: 'Interrogator' });
    expect(JSON.stringify(found)).toContain('/docs/services/interrogator');
    const read = await callWhenReady(client, 'read_page', { route: '/docs/services/interrogator' });
    expect(read.markdown).toMatch(/^# .*Interrogator/m);
    const listed = await callWhenReady(client, 'list_operations', {});
    expect((listed.operations as unknown[]).length).toBeGreaterThan(20);
    const operation = await callWhenReady(client, 'get_operation', { operation: 'search-documents' });
    expect(operation).toMatchObject({ method: 'POST', path: '/documents' });
    const answer = await callWhenReady(client, 'call_api', { operation: 'list-domains' });
    expect(answer.status).toBe(200);
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toContain(`http://localhost:${port}/llms.txt`);
    expect(uris).toContain(`http://localhost:${port}/docs/services/interrogator.md`);
    const llms = await client.readResource({ uri: `http://localhost:${port}/llms.txt` });
    expect(llms.contents[0]).toMatchObject({ text: expect.stringContaining('/docs/api/pagination.md') });

    // The reader's browser, signed in on the suite's portal: the session's cookies are localhost's, whatever the port.
    const dev = `http://localhost:${port}`;
    await signInAt(page, '/docs/api/pagination');
    await page.goto(`${dev}/docs/api/pagination`);
    await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
    const box = page.getByRole('navigation', { name: 'Main' }).getByLabel('Search');
    const search = async (query: string) => {
      await box.fill('');
      await box.pressSequentially(query, { delay: 30 });
    };
    // The search bar loads on the shortcut (src/components/OnDemand), and again after a hot update re-renders it.
    const openSearch = async () => {
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      await expect(box).toBeEditable();
    };
    // No index: the search gets no answer, and when a search that found nothing would be recorded, nothing is.
    indexWithheld = true;
    await openSearch();
    await search('zebra tariffs');
    await page.waitForTimeout(SETTLE_MS + BATCH_DELAY_MS + 1000);
    await expect(page.getByRole('option')).toHaveCount(0);
    indexWithheld = false;
    await search('pagination');
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate((url) => fetch(url).then((answer) => answer.status), SITE_SEARCH_INDEX_PATH)).toBe(200);

    // A writer adds a sentence: search_docs and read_page find it without a build.
    fs.appendFileSync(path.join(site, 'docs/api/pagination.mdx'), `\nA ${NEW_WORD} for the test.\n`);
    const hit = await callWhenReady(client, 'search_docs', { query: NEW_WORD }, 30_000);
    expect(JSON.stringify(hit)).toContain('/docs/api/pagination');
    const edited = await callWhenReady(client, 'read_page', { route: '/docs/api/pagination' });
    expect(edited.markdown).toContain(NEW_WORD);
    // So does the search bar, once the page shows the sentence (the dev server's hot update).
    await expect(page.locator('main')).toContainText(NEW_WORD, { timeout: 60_000 });
    await openSearch();
    await search(NEW_WORD);
    await expect(page.getByRole('option').filter({ hasText: NEW_WORD }).first()).toBeVisible({ timeout: 30_000 });
    // A search that finds nothing is recorded, as in a build; the one that could not run never was.
    await search('zebra xylophone tariffs');
    await expect
      .poll(
        () =>
          storedRows(insightsDir)
            .filter((row) => row.event === 'search-empty')
            .map((row) => row.value),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['zebra xylophone tariffs']);

    // Operation pages load their texts' HTML on first use (React `use`), in a race with hydration: several
    // pages, each opened afresh, so a misuse shows on one of them; the fixture fails on any console error.
    await page.goto(`${dev}/docs/api/getting-started`, { timeout: 120_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible({ timeout: 60_000 });
    for (const slug of ['list-doctypes', 'search-documents', 'get-document', 'list-domains']) {
      await page.goto(`${dev}/api/v1/${slug}`, { timeout: 60_000 });
      await expect(page.locator('[data-auth-gate="open"] main').first()).toBeVisible();
      await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
      await expect(page.locator('.markdown-html').first()).toBeAttached();
    }
    // "View as Markdown" says why the dev server has no copy, and links back to the page.
    await page.goto(`${dev}/docs/api/getting-started`);
    const [copy] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'View as Markdown' }).click(),
    ]);
    await expect(copy.getByRole('heading', { level: 1, name: 'No Markdown copy under npm start' })).toBeVisible();
    await expect(copy.getByRole('main')).toContainText('npm run build makes them');
    await copy.getByRole('link', { name: '/docs/api/getting-started' }).click();
    await expect(copy.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  } finally {
    await client.close();
    await mcp.close();
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGKILL');
      await exited;
    }
    fs.rmSync(site, { recursive: true, force: true });
  }
});
