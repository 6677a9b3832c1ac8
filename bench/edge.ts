/**
 * `npm run bench:edge`: the bundled edge handler (deploy/dist/edge, from `npm run
 * deploy:build`) on this machine: cold start (a fresh Node process loading the bundle and answering its
 * first request) and time per request for an anonymous page, a signed-in page (token verified once, then
 * remembered) and a first-seen token (an RSA verification each). Prints figures; Lambda@Edge's own cold
 * start (container, 128 MB) adds to these and can only be measured on AWS.
 *
 * Usage: tsx bench/edge.ts [--requests N]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { CloudFrontRequestEvent } from 'aws-lambda';
import { viewerRequest } from '../deploy/edge/events';
import { median } from './measure/stats';
import { mintToken, sessionCookie } from '../local/identity/tokens';

const BUNDLE = path.resolve(__dirname, '../deploy/dist/edge/index.js');
const at = process.argv.indexOf('--requests');
const REQUESTS = at > 0 ? Number(process.argv[at + 1]) : 2000;

const event = (uri: string, cookie?: string) => viewerRequest(uri, { cookie });

/** Median of several fresh processes: load the bundle, answer one signed-in request. */
function coldStartMs(runs = 7): { load: number; first: number } {
  const script = `
    const t0 = performance.now();
    const { handler } = require(${JSON.stringify(BUNDLE)});
    const t1 = performance.now();
    handler(${JSON.stringify(event('/docs/api/getting-started', sessionCookie({ accessToken: mintToken() })))}).then(() => {
      console.log(JSON.stringify({ load: t1 - t0, first: performance.now() - t1 }));
    });`;
  const samples = Array.from({ length: runs }, () =>
    JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })),
  );
  return { load: median(samples.map((s) => s.load)), first: median(samples.map((s) => s.first)) };
}

async function main(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handler } = require(BUNDLE) as { handler: (e: CloudFrontRequestEvent) => Promise<unknown> };
  const signedIn = sessionCookie({ accessToken: mintToken() });
  const perRequest = async (make: (i: number) => CloudFrontRequestEvent, n = REQUESTS) => {
    await handler(make(0));
    const started = performance.now();
    for (let i = 1; i <= n; i += 1) await handler(make(i));
    return ((performance.now() - started) / n) * 1000;
  };
  const cold = coldStartMs();
  console.log(`bundle: ${BUNDLE}`);
  console.log(
    `cold start (median of 7 fresh processes): load ${cold.load.toFixed(1)} ms, first signed-in request ${cold.first.toFixed(1)} ms`,
  );
  console.log(`per request (${REQUESTS} requests):`);
  console.log(`  anonymous page → sign-in page ${(await perRequest(() => event('/docs/x'))).toFixed(1)} µs`);
  console.log(`  signed-in page (token cached) ${(await perRequest(() => event('/docs/x', signedIn))).toFixed(1)} µs`);
  // Tokens are minted first, so only their verification is timed.
  const fresh = Array.from({ length: 201 }, () => sessionCookie({ accessToken: mintToken() }));
  const firstSeen = await perRequest((i) => event('/docs/x', fresh[i]), 200);
  console.log(`  first-seen token (RSA verify) ${firstSeen.toFixed(1)} µs`);
}

main().catch((error: unknown) => {
  console.error(
    `bench:edge: ${error instanceof Error ? error.message : error} (run npm run build && UNSAFE_LOCAL_IDENTITY=1 npm run deploy:build first: the benchmark signs local tokens)`,
  );
  process.exit(1);
});
