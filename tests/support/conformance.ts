/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, its server scenarios) run against a
 * portal MCP server, for the tests that run it with a pasted token (server/mcp/__tests__/conformance.test.ts)
 * and with a token an AI tool got by OAuth (tests/e2e/mcp-oauth.spec.ts). The suite's client sends no
 * `Authorization` header, so a small forwarding proxy in front adds the token and passes every other header
 * as sent, a foreign `Host` or `Origin` included, so the DNS-rebinding scenario reaches the gate's own checks.
 * The scenarios that call the suite's own fixtures, and the one that needs a session, are expected to fail,
 * each named with its reason in server/mcp/__tests__/conformance-baseline.yml; the suite fails the run on any
 * other failure, and on a listed scenario that passes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SUITE = require.resolve('@modelcontextprotocol/conformance/package.json');
const BASELINE = path.resolve(__dirname, '../../server/mcp/__tests__/conformance-baseline.yml');

/** The scenarios the portal's server passes, each of which the tests look for in the summary. */
export const PASSING_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'logging-set-level',
  'dns-rebinding-protection',
] as const;

/** A running token proxy. */
export interface TokenProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The `Host` of every request it forwarded, in order. */
  hosts: string[];
  close(): Promise<void>;
}

/** Options of {@link startTokenProxy}. */
export interface TokenProxyOptions {
  /** The port of the server to forward to, on 127.0.0.1 (read at each request). */
  port: () => number;
  /** The access token to add, read at each request (it may be refreshed in between). */
  token: () => Promise<string>;
  /**
   * The origin the server is reached at, when it is not the proxy's own: the suite's own `Host` and `Origin`
   * (the proxy's) are sent as this one, as a port forward would; any other is sent as it came.
   */
  siteOrigin?: string;
}

/** Starts a proxy that forwards every request with the token added (see the module comment). */
export async function startTokenProxy(options: TokenProxyOptions): Promise<TokenProxy> {
  const hosts: string[] = [];
  let own = '';
  const server = http.createServer((request, response) => {
    hosts.push(String(request.headers.host));
    const headers = { ...request.headers };
    if (options.siteOrigin) {
      const site = new URL(options.siteOrigin);
      if (headers.host === new URL(own).host) headers.host = site.host;
      if (headers.origin === own) headers.origin = site.origin;
    }
    void options.token().then(
      (token) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: options.port(),
            method: request.method,
            path: request.url,
            headers: { ...headers, authorization: `Bearer ${token}` },
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.destroy());
        request.pipe(upstream);
      },
      () => response.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: own, hosts, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Runs the suite's server scenarios against `url` on this Node (22 or later), its results in a folder of its
 * own, removed after.
 *
 * @returns its exit code (0: everything passed but the baseline's entries, which failed) and its output from
 *   the summary on (all of it when there is no summary).
 */
export async function runConformance(url: string): Promise<{ code: number | null; summary: string }> {
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
    const at = output.indexOf('=== SUMMARY ===');
    return { code, summary: at >= 0 ? output.slice(at) : output };
  } finally {
    fs.rmSync(results, { recursive: true, force: true });
  }
}
