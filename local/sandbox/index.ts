/**
 * The local sandbox API: a stand-in for the provider's customer API that answers every
 * operation of the contract with sample data, for the caller's own local access token. Local mode only:
 * it trusts the local identity service's keys, which ship inside the cognito-local package.
 */
import path from 'node:path';
import { portalEnv, type PortalEnv } from '../../config/env';
import { loadContract } from '../../config/openapi';
import { createAccessTokenVerifier } from '../../server/gate/verifier';
import { sandboxFirst } from '../../rules/contract';
import { LOCAL_JWKS } from '../identity/jwks';
import { portalOrigins } from '../origins';
import { buildSandbox } from './app';
import { CorpusDb } from './corpus/db';
import { DOCUMENT_COUNT } from './corpus/seed';
import { PROJECT_ROOT } from '../../config/paths';

/** Where the corpus is kept unless SANDBOX_DB_FILE says otherwise (git-ignored). */
export const DEFAULT_DB_FILE = path.join(PROJECT_ROOT, '.local', 'sandbox', 'corpus.db');

/** A running sandbox. */
export interface LocalSandbox {
  /** Its origin, e.g. `http://localhost:4010`; the API is under `<url>/api/v1/customer`. */
  url: string;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox on `env.localSandbox.port` (127.0.0.1), building the corpus first when it is missing,
 * and prints where it listens.
 *
 * @throws {Error} outside local mode (a real user pool is configured), or when the port is taken.
 */
export async function startLocalSandbox(env: PortalEnv = portalEnv): Promise<LocalSandbox> {
  if (env.auth.mode !== 'local') {
    throw new Error('COGNITO_USER_POOL_ID is set: the local sandbox trusts only local tokens and is not started.');
  }
  const { port, dbFile = DEFAULT_DB_FILE } = env.localSandbox;
  const { corpus, buildMs, rebuilt } = CorpusDb.open(dbFile);
  if (rebuilt) console.log(`[sandbox] Rebuilt ${dbFile}: the sample data changed since it was built.`);
  const url = `http://localhost:${port}`;
  const app = await buildSandbox({
    contract: sandboxFirst(loadContract(), port),
    corpus,
    verifier: await createAccessTokenVerifier(env.auth, {
      jwks: LOCAL_JWKS,
      moreClientIds: env.mcp.oauth ? [env.mcp.oauth.clientId] : [],
    }),
    baseUrl: url,
    corsOrigins: portalOrigins(env),
  });
  await app.listen({ port, host: '127.0.0.1' });
  console.log(
    `[sandbox] Local sandbox API at ${url}/api/v1/customer (${DOCUMENT_COUNT} sample documents` +
      `${buildMs ? `, corpus built in ${Math.round(buildMs)} ms` : ''}); "Send API request" in /api answers from it.`,
  );
  return {
    url,
    async close() {
      await app.close();
      corpus.close();
    },
  };
}
