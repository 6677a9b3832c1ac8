/**
 * `npm run bench:gate` (a benchmark, not a test): the server gate against `docusaurus serve`
 * on the same build and page, with autocannon at 64 connections. Prints requests/s, p50/p99 latency
 * (ms) and their ratio, then sends 100,000 requests through the gate and prints errors (any non-2xx
 * or socket error) and the gate's resident memory (RSS, MiB) before and after.
 *
 * The gate runs as `npm run serve` would (its own process, local identity included); the request
 * carries a valid access token signed with the local identity service's key.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOCAL_APP_CLIENT_ID, LOCAL_USER_POOL_ID } from '../config/env';
import { mintToken, sessionCookie } from '../local/identity/tokens';
import { waitForHttp } from '../scripts/waitForHttp';

const PAGE = '/docs/document_format/schema';
const CONNECTIONS = 64;
const DURATION_S = 10;
const TOTAL = 100_000;
const GATE_PORT = 3310;
const IDENTITY_PORT = 9330;
const STATIC_PORT = 3311;

/** Resident memory of a process and all its descendants, in MiB (from ps). */
function treeRssMiB(rootPid: number): number {
  const rows = execSync('ps -e -o pid=,ppid=,rss=', { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (inTree.has(ppid) && !inTree.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => inTree.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // eslint-disable-next-line no-restricted-properties -- the child gets this environment plus its ports
  return spawn(command, args, { stdio: 'ignore', detached: true, env: { ...process.env, ...env } });
}

async function run(name: string, url: string, headers: Record<string, string>, options: { amount?: number }) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    headers,
    ...(options.amount ? { amount: options.amount } : { duration: DURATION_S }),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${name.padEnd(18)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `${result.requests.total} requests, ${errors} errors`,
  );
  return { reqs: result.requests.average, p99: result.latency.p99, errors, total: result.requests.total };
}

async function main(): Promise<void> {
  if (!fs.existsSync('build/sign-in-assets.json'))
    throw new Error('build/ is missing or old: run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gate-identity-'));
  const gate = start(process.execPath, [require.resolve('tsx/cli'), 'scripts/serve.ts'], {
    PORT: String(GATE_PORT),
    LOCAL_IDENTITY_PORT: String(IDENTITY_PORT),
    LOCAL_IDENTITY_DATA_DIR: dataDir,
  });
  const staticServer = start(process.execPath, [
    require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
    'serve',
    '--port',
    String(STATIC_PORT),
    '--no-open',
  ]);
  try {
    await waitForHttp(`http://localhost:${GATE_PORT}/login`);
    await waitForHttp(`http://localhost:${STATIC_PORT}/`);
    const token = mintToken({
      iss: `http://localhost:${IDENTITY_PORT}/${LOCAL_USER_POOL_ID}`,
      client_id: LOCAL_APP_CLIENT_ID,
    });
    const signedIn = { cookie: sessionCookie({ accessToken: token }), accept: 'text/html' };
    const check = await fetch(`http://localhost:${GATE_PORT}${PAGE}`, { headers: signedIn, redirect: 'manual' });
    if (check.status !== 200) throw new Error(`the gate answered ${check.status} to the bench token`);

    console.log(`page ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s each (gate after a warm-up)`);
    await run('warm-up (gate)', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    const served = await run('docusaurus serve', `http://localhost:${STATIC_PORT}${PAGE}`, { accept: 'text/html' }, {});
    const gated = await run('gate', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    console.log(`gate / docusaurus serve: ${(gated.reqs / served.reqs).toFixed(2)}x req/s; gate p99 ${gated.p99} ms`);

    const before = treeRssMiB(gate.pid!);
    const long = await run(`gate ${TOTAL / 1000}k`, `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {
      amount: TOTAL,
    });
    const after = treeRssMiB(gate.pid!);
    console.log(
      `gate: ${long.total} requests, ${long.errors} errors; RSS ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after`,
    );
  } finally {
    for (const child of [gate, staticServer]) if (child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:gate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
