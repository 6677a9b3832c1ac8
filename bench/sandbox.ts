/**
 * `npm run bench:sandbox`: requests/s and latency of the local sandbox API under load, with
 * autocannon (16 connections, 10 s per case): a typical `POST /documents` filter and `GET /documents/{id}`.
 * Prints figures; asserts nothing (times vary on shared machines). The sandbox runs in this process on a
 * free port with its own in-memory corpus, so nothing else needs to be running.
 *
 * Usage: tsx bench/sandbox.ts [--seconds N]
 */
import autocannon from 'autocannon';
import { parseEnv } from '../config/env';
import { loadContract } from '../config/openapi';
import { LOCAL_JWKS } from '../local/identity/jwks';
import { buildSandbox } from '../local/sandbox/app';
import { CorpusDb } from '../local/sandbox/corpus/db';
import { SAMPLE_IDS } from '../local/sandbox/corpus/sampleData';
import { mintToken } from '../local/identity/tokens';
import { createAccessTokenVerifier } from '../server/gate/verifier';

const CONNECTIONS = 16;
const at = process.argv.indexOf('--seconds');
const SECONDS = at > 0 ? Number(process.argv[at + 1]) : 10;

async function main(): Promise<void> {
  const started = performance.now();
  const { corpus } = CorpusDb.open(':memory:');
  const seedMs = performance.now() - started;
  const app = await buildSandbox({
    contract: loadContract(),
    corpus,
    verifier: await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS }),
    baseUrl: 'http://localhost',
    corsOrigins: [],
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${mintToken()}`, 'content-type': 'application/json' };
  const cases = [
    {
      name: 'POST /documents (GB laws and guidance, 2020-2024, page of 10)',
      method: 'POST' as const,
      path: '/api/v1/customer/documents?page=1&page_size=10',
      body: JSON.stringify({
        publishers: [{ type: 'jurisdiction', value: 'GB' }],
        doctypes: ['Laws', 'Guidance and FAQs'],
        start_date: '2020-01-01',
        end_date: '2024-12-31',
      }),
    },
    {
      name: 'GET /documents/{document_id}',
      method: 'GET' as const,
      path: `/api/v1/customer/documents/${SAMPLE_IDS.document}`,
    },
  ];
  console.log(`corpus: ${corpus.count({})} documents, seeded in ${Math.round(seedMs)} ms (in memory)`);
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per case\n`);
  console.log('case                                                          | req/s  | p50 ms | p99 ms | non-2xx');
  for (const c of cases) {
    const result = await autocannon({
      url: `${url}${c.path}`,
      method: c.method,
      body: c.body,
      headers,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    console.log(
      `${c.name.padEnd(61)} | ${String(Math.round(result.requests.average)).padStart(6)} | ${String(result.latency.p50).padStart(6)} | ${String(result.latency.p99).padStart(6)} | ${result.non2xx}`,
    );
  }
  await app.close();
  corpus.close();
}

main().catch((error: unknown) => {
  console.error(`bench:sandbox failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
