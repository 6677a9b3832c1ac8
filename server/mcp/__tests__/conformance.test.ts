/**
 * @jest-environment node
 *
 * The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.1.16, its server scenarios, the
 * 2025-06-18 and 2025-11-25 revisions) against the portal's MCP server in the gate, in process and offline.
 * The suite's client sends no `Authorization` header, so a small forwarding proxy in front adds the demo
 * user's access token (signed with the local identity service's key) and passes every other header as
 * sent, a foreign `Host` or `Origin` included, so the DNS-rebinding scenario reaches the gate's own checks.
 * The scenarios that call the suite's own fixtures (tools, prompts and resources named `test_…`), and the
 * one that needs a session, are expected to fail, each named with its reason in ./conformance-baseline.yml;
 * the suite fails the run on any other failure, and on a listed scenario that passes. About 2 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../../config/openapi';
import { MCP_PATH } from '../../../rules/mcp';
import { buildApp } from '../../app';
import { createAccessTokenVerifier } from '../../gate/verifier';
import { localAuth, localJwks, makeBuild, mintToken } from '../../../tests/support/gate';

const SUITE = require.resolve('@modelcontextprotocol/conformance/package.json');
const BASELINE = path.join(__dirname, 'conformance-baseline.yml');

let gate: FastifyInstance;
let proxy: http.Server;
let siteUrl: string;
const forwardedHosts: string[] = [];

/**
 * Forwards every request to the gate at `gatePort` with the demo user's access token added; method, target,
 * body and every other header (`Host` and `Origin` too) pass as the suite sent them.
 */
function tokenProxy(gatePort: () => number): http.Server {
  const token = mintToken();
  return http.createServer((request, response) => {
    forwardedHosts.push(String(request.headers.host));
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: gatePort(),
        method: request.method,
        path: request.url,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
}

beforeAll(async () => {
  let gatePort = 0;
  proxy = tokenProxy(() => gatePort);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  // The site is where its clients reach it: the proxy's address, so the suite's own Origin is the site's.
  siteUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const buildDir = makeBuild();
  fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
  fs.writeFileSync(path.join(buildDir, 'api/v1/openapi.json'), JSON.stringify(loadContract()));
  fs.writeFileSync(path.join(buildDir, 'index.md'), '# Home\n');
  gate = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: [] },
    tls: false,
    mcp: { siteUrl, productName: 'RegData', version: '0.1.0', issuer: 'http://idp.test', callApiBase: null },
  });
  gatePort = Number(new URL(await gate.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await gate.close();
});

/** Runs the suite's server scenarios against `url` on this Node (22 or later), results in a folder of its own. */
async function runSuite(url: string): Promise<{ code: number | null; output: string }> {
  const results = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  try {
    const cli = path.join(path.dirname(SUITE), 'dist/index.js');
    const child = spawn(
      process.execPath,
      [cli, 'server', '--url', url, '--expected-failures', BASELINE, '--output-dir', results],
      { cwd: results, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, output };
  } finally {
    fs.rmSync(results, { recursive: true, force: true });
  }
}

test('every server scenario of the conformance suite passes but those its baseline names', async () => {
  const { code, output } = await runSuite(`${siteUrl}${MCP_PATH}`);
  // The summary and the baseline's verdict (unexpected failures, stale entries) end the output.
  const summary = output.slice(output.indexOf('=== SUMMARY ==='));
  expect({ code, summary: code === 0 ? 'shown on failure' : summary }).toEqual({
    code: 0,
    summary: 'shown on failure',
  });
  for (const scenario of [
    'server-initialize',
    'ping',
    'tools-list',
    'resources-list',
    'prompts-list',
    'logging-set-level',
    'dns-rebinding-protection',
  ]) {
    expect(summary).toMatch(new RegExp(`^✓ ${scenario}: \\d+ passed, 0 failed$`, 'm'));
  }
  // The rebinding scenario's foreign Host went through the proxy to the gate, which refused it.
  expect(forwardedHosts).toContain('evil.example.com');
});
