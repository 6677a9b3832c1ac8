/**
 * `npm run bench:gate` (a benchmark, not a test): the server gate against `docusaurus serve`
 * on the same build and page, with autocannon at 64 connections. Prints requests/s, p50/p99 latency
 * (ms) and their ratio, then sends 100,000 requests through the gate and prints errors (any non-2xx
 * or socket error) and, before and after, the gate process's own resident memory (RSS, MiB) and V8 heap (used
 * and total, MiB), apart from the resident memory of the local services' process beside it.
 *
 * The gate runs as `npm run serve` would (its bundle, the local services in their own process); the request
 * carries a valid access token signed with the local identity service's key. Its ports, and `docusaurus
 * serve`'s, follow BENCH_PORT (bench/sites/ports.ts).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { waitForHttp } from '../scripts/waitForHttp';
import { startDetached, startLocalGate, type LocalGate } from './sites/localGate';
import { benchPort, gatePorts } from './sites/ports';

const PAGE = '/docs/document_format/schema';
const CONNECTIONS = 64;
const DURATION_S = 10;
const TOTAL = 100_000;
const PORTS = gatePorts(benchPort('gate'));
const GATE_PORT = PORTS.gate;
const STATIC_PORT = PORTS.inspector + 1;
const MIB = 1024 * 1024;

/** Resident memory of a process's descendants (not itself), in MiB (from ps). */
function descendantsRssMiB(rootPid: number): number {
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
  inTree.delete(rootPid);
  return rows.filter(([pid]) => inTree.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

/** Resident memory of one process, in MiB (VmRSS of /proc/<pid>/status, Linux). */
function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** The gate's memory, apart from its local services', as one line. */
async function memory(gate: LocalGate): Promise<string> {
  const pid = gate.process.pid!;
  const heap = await gate.heap();
  return (
    `gate process RSS ${rssMiB(pid).toFixed(1)} MiB, heap ${(heap.used / MIB).toFixed(1)} MiB used of ` +
    `${(heap.total / MIB).toFixed(1)}; local services RSS ${descendantsRssMiB(pid).toFixed(1)} MiB`
  );
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
    gate = await startLocalGate(PORTS, PAGE);
    const { signedIn } = gate;
    await waitForHttp(`http://localhost:${STATIC_PORT}/`);

    console.log(`at start: ${await memory(gate)}`);
    console.log(`page ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s each (gate after a warm-up)`);
    await run('warm-up (gate)', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    const served = await run('docusaurus serve', `http://localhost:${STATIC_PORT}${PAGE}`, { accept: 'text/html' }, {});
    const gated = await run('gate', `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {});
    console.log(`gate / docusaurus serve: ${(gated.reqs / served.reqs).toFixed(2)}x req/s; gate p99 ${gated.p99} ms`);

    console.log(`before: ${await memory(gate)}`);
    const long = await run(`gate ${TOTAL / 1000}k`, `http://localhost:${GATE_PORT}${PAGE}`, signedIn, {
      amount: TOTAL,
    });
    console.log(`gate: ${long.total} requests, ${long.errors} errors`);
    console.log(`after:  ${await memory(gate)}`);
  } finally {
    gate?.stop();
    if (staticServer.pid) process.kill(-staticServer.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(`bench:gate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
