/**
 * Test helpers for the sandbox API (CONTRIBUTING.md "For engineers": build the app, call `inject()`): a private in-memory corpus,
 * response validation on (undocumented statuses and off-contract bodies fail), and requests signed with
 * a local access token (local/identity/tokens.ts mints them with every claim variable).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseEnv } from '../../../config/env';
import { loadContract } from '../../../config/openapi';
import { CUSTOMER_BASE_PATH } from '../../../rules/contract';
import { mintToken } from '../../../tests/support/gate';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { LOCAL_JWKS } from '../../identity/jwks';
import { buildSandbox } from '../app';
import { CorpusDb } from '../corpus/db';
import { createContractValidator } from '../validated';

export const BASE_URL = 'http://localhost:4010';
export const SITE_ORIGIN = 'http://localhost:3000';

/** A sandbox app on a fresh corpus, and a helper that calls it under `/api/v1/customer` with a token. */
export async function sandbox(options: { now?: () => number } = {}) {
  const { corpus } = CorpusDb.open(':memory:');
  const app: FastifyInstance = await buildSandbox({
    contract: loadContract(),
    corpus,
    verifier: await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS }),
    baseUrl: BASE_URL,
    corsOrigins: [SITE_ORIGIN],
    validateResponses: true,
    now: options.now,
  });
  const token = mintToken();
  /** Calls `method path` (path under /api/v1/customer) with the demo user's token unless `headers` says otherwise. */
  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${token}` },
  ) =>
    app.inject({
      method: method as 'GET',
      url: `${CUSTOMER_BASE_PATH}${path}`,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    }) as Promise<LightMyRequestResponse>;
  return { app, corpus, call, token };
}

/**
 * A sandbox whose answers are judged by Stoplight Prism instead of its own response validation (off, so
 * Prism sees exactly what a client gets), on a fresh corpus, with the local verifier and Prism's validator.
 */
export async function checkedSandbox() {
  const { corpus } = CorpusDb.open(':memory:');
  const verifier = await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS });
  const [app, validator] = await Promise.all([
    buildSandbox({ contract: loadContract(), corpus, verifier, baseUrl: BASE_URL, corsOrigins: [] }),
    createContractValidator(),
  ]);
  return { app, corpus, verifier, validator };
}
