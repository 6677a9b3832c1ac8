/**
 * `npm run bench:gate` (a benchmark, not a test): the server gate against `docusaurus serve`
 * on the same build and page, with autocannon at 64 connections. Prints requests/s, p50/p99 latency
 * (ms) and their ratio, then sends 100,000 requests through the gate and prints errors (any non-2xx
 * or socket error) and the gate's resident memory (RSS, MiB) before and after.
 *
 * The gate runs as `npm run serve` would (its own process, local identity included); the request
 * carries a valid access token signed with the local identity service's key.
 */
import { execSync } from 'node:child_process';
import autocannon from 'autocannon';
import { waitForHttp } from '../scripts/waitForHttp';
import { startDetached, startLocalGate, type LocalGate } from './sites/localGate';

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
  const staticServer = startDetached(process.execPath, [
    require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
    'serve',
    '--port',
    String(STATIC_PORT),
    '--no-open',
  ]);
  let gate: LocalGate | undefined;
  try {
    gate = await startLocalGate(GATE_PORT, IDENTITY_PORT, PAGE);
    const { signedIn } = gate;
    await waitForHttp(`http://localhost:${STATIC_PORT}/`);

    console.log(`page ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s each (gate after a warm-up)`);
    await run('warm-up (gate)', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    const served = await run('docusaurus serve', `http://localhost:${STATIC_PORT}${PAGE}`, { accept: 'text/html' }, {});
    const gated = await run('gate', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    console.log(`gate / docusaurus serve: ${(gated.reqs / served.reqs).toFixed(2)}x req/s; gate p99 ${gated.p99} ms`);

    const before = treeRssMiB(gate.process.pid!);
    const long = await run(`gate ${TOTAL / 1000}k`, `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {
      amount: TOTAL,
    });
    const after = treeRssMiB(gate.process.pid!);
    console.log(
      `gate: ${long.total} requests, ${long.errors} errors; RSS ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after`,
    );
  } finally {
    gate?.stop();
    if (staticServer.pid) process.kill(-staticServer.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(`bench:gate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
