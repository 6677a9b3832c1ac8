/**
 * @jest-environment node
 *
 * The Postman collection download: openapi-to-postmanv2's collection of the contract holds one request per
 * operation, newman (Postman's own runner) imports and runs every one against the sandbox behind Prism's
 * validating front with a reader's access token set as `bearerToken`, and no answer breaks the contract;
 * the gate serves the file to a token and refuses an anonymous request.
 */
import fs from 'node:fs';
import path from 'node:path';
import newman, { type NewmanRunSummary } from 'newman';
import { parseEnv } from '../../../config/env';
import { GENERATED_STATIC_DIR, loadContract, POSTMAN_COLLECTION_PATH } from '../../../config/openapi';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { CorpusDb } from '../../../local/sandbox/corpus/db';
import { startValidatedSandbox, type ValidatedSandbox } from '../../../local/sandbox/validated';
import { operations } from '../../../rules/contract';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { buildTestApp, makeBuild, mintToken } from '../../../tests/support/gate';
import { postmanCollection, writePostmanCollection, type PostmanCollection } from '../downloads';

const contract = loadContract();
const expected = operations(contract).map(({ method, path: template }) => `${method.toUpperCase()} ${template}`);
let collection: PostmanCollection;

/** The requests of a collection, folders walked, as `METHOD /path/{param}` (Postman's `:param` read back). */
function requestsOf(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const node = item as { item?: unknown[]; request?: { method: string; url: { path: string[] } } };
    if (node.item) return requestsOf(node.item);
    const parts = node.request!.url.path.map((part) => part.replace(/^:(\w+)$/, '{$1}'));
    return [`${node.request!.method} /${parts.join('/')}`];
  });
}

beforeAll(async () => {
  collection = await postmanCollection(contract);
}, 60_000);

it('is a Postman v2.1 collection with one request per operation, the token as a collection variable', () => {
  expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  expect(requestsOf(collection.item).sort()).toEqual([...expected].sort());
  expect(collection.auth).toEqual({
    type: 'bearer',
    bearer: [{ type: 'any', key: 'token', value: '{{bearerToken}}' }],
  });
  expect(collection.variable?.map((variable) => variable.key)).toEqual(['baseUrl', 'bearerToken']);
});

it("sends no optional query parameter until the reader switches it on: their example values are the contract's, not the reader's data", () => {
  const queries = (items: unknown[]): { key: string; disabled?: boolean }[] =>
    items.flatMap((item) => {
      const node = item as { item?: unknown[]; request?: { url: { query?: { key: string; disabled?: boolean }[] } } };
      return node.item ? queries(node.item) : (node.request!.url.query ?? []);
    });
  const all = queries(collection.item);
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((parameter) => !parameter.disabled).map((parameter) => parameter.key)).toEqual([]);
});

describe('run by newman against the sandbox', () => {
  let corpus: CorpusDb;
  let front: ValidatedSandbox;
  let summary: NewmanRunSummary;

  beforeAll(async () => {
    corpus = CorpusDb.open(':memory:').corpus;
    front = await startValidatedSandbox({
      corpus,
      verifier: await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS }),
      corsOrigins: [],
    });
    summary = await new Promise((resolve, reject) =>
      newman.run(
        {
          collection: collection as never,
          envVar: [
            { key: 'baseUrl', value: front.apiBase },
            { key: 'bearerToken', value: mintToken() },
          ],
          reporters: [],
          timeoutRequest: 30_000,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await front?.close();
    corpus?.close();
  });

  it('imports and sends every request, each answered', () => {
    expect(summary.run.failures.map((failure) => `${failure.source?.name}: ${failure.error.message}`)).toEqual([]);
    expect(summary.run.stats.requests).toMatchObject({ total: expected.length, failed: 0 });
  });

  it('every answer was checked against the contract and none broke it, and the token was taken', () => {
    expect(front.violations).toEqual([]);
    expect(front.checked()).toBe(expected.length);
    const statuses = summary.run.executions.map((execution) => execution.response?.code);
    expect(statuses.filter((code) => code === 401 || code === 403)).toEqual([]);
    // Most requests get a success with the contract's example values; the rest a documented 4xx.
    expect(statuses.filter((code) => code! < 400).length).toBeGreaterThan(expected.length / 2);
  });
});

describe('the download', () => {
  it('is written where the site serves it, and the gate refuses it to an anonymous request', async () => {
    const build = makeBuild();
    const file = await writePostmanCollection(build, contract);
    expect(path.relative(path.join(build, GENERATED_STATIC_DIR), file)).toBe(POSTMAN_COLLECTION_PATH.slice(1));
    fs.cpSync(path.join(build, GENERATED_STATIC_DIR), build, { recursive: true });
    const app = await buildTestApp(build);
    try {
      const anonymous = await app.inject({ method: 'GET', url: POSTMAN_COLLECTION_PATH });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('bearerToken');
      const signedIn = await app.inject({
        method: 'GET',
        url: POSTMAN_COLLECTION_PATH,
        headers: { authorization: `Bearer ${mintToken()}` },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(JSON.parse(signedIn.body)).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
    } finally {
      await app.close();
      fs.rmSync(build, { recursive: true, force: true });
    }
  });
});
