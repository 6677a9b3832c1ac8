/**
 * `npm start`'s dev server answers only the portal's own `Host` names (plugins/dev-server-hosts, DNS
 * rebinding): it has no gate of its own, so a page rebound to this machine would otherwise read every page
 * and chunk, and reach `/mcp` through its proxy. Docusaurus offers no option for this; the plugin leans on
 * core merging a plugin's `devServer` options, and this test is its guard (plugins/README.md).
 *
 * It starts `docusaurus start` alone (not `npm start`, whose local services would take the ports of the
 * suite's `npm run serve`) over a copy of the site's sources in a folder of its own, so the dev server's
 * generated files (`.docusaurus/`, which other specs read) stay untouched, and without the bundler's
 * persistent cache, which a stop mid-compile would leave half written. webpack-dev-server checks the Host
 * before anything else, so the test asks as soon as the server listens, before the first compile ends: a
 * page (GET) would wait for that compile, a POST to `/mcp` goes straight to the proxy. Then it kills the
 * server (SIGTERM would let the compile finish): about 4 s of CPU instead of the compile's 10–20 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { OUR_SOURCES } from '../../scripts/perf/sites';

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

test('the dev server of npm start refuses Host: rebind.example and answers the loopback names', async () => {
  test.setTimeout(120_000);
  expect(
    fs.existsSync(path.join(ROOT, 'generated/api')),
    'the API pages are missing: run npm run gen-api (npm run build does) first',
  ).toBe(true);
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dev-hosts-'));
  for (const source of SOURCES) fs.cpSync(path.join(ROOT, source), path.join(site, source), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  const port = await freePort();
  // The MCP server the dev server proxies /mcp to: a port nothing listens on.
  const mcpPort = await freePort();
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|SITE_URL$|HOST$|PORT$)/.test(name)),
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
  try {
    const began = Date.now();
    let page = await send(port, `rebind.example:${port}`, 'GET', '/');
    while (page.status === 'ECONNREFUSED') {
      if (server.exitCode !== null || Date.now() - began > 90_000) {
        throw new Error(`docusaurus start did not listen: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await send(port, `rebind.example:${port}`, 'GET', '/');
    }
    expect(page, guard).toEqual(refused);
    expect(await send(port, 'rebind.example', 'POST', '/mcp'), guard).toEqual(refused);
    // The loopback names pass the check: the /mcp proxy answers (504: no MCP server runs behind it).
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const answer = await send(port, host, 'POST', '/mcp');
      expect([host, answer.status]).toEqual([host, 504]);
    }
  } finally {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGKILL');
      await exited;
    }
    fs.rmSync(site, { recursive: true, force: true });
  }
});
