/**
 * @jest-environment node
 *
 * The typed client of docs/api/typed-client.md: the page's `search.mts`, beside the types the portal serves
 * (openapi-typescript's, from the contract) and openapi-fetch, compiles under `tsc --strict`, and the same
 * file with a mistake the page names does not; run with Node against the sandbox behind Prism's validating
 * front, it prints the documents and no answer breaks the contract. The gate serves the types to a token
 * and refuses an anonymous request.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../../config/env';
import { CLIENT_TYPES_PATH, GENERATED_STATIC_DIR, loadContract } from '../../../config/openapi';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { CorpusDb } from '../../../local/sandbox/corpus/db';
import { startValidatedSandbox, type ValidatedSandbox } from '../../../local/sandbox/validated';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { buildTestApp, makeBuild, mintToken } from '../../../tests/support/gate';
import { writeClientTypes, writeDescriptionDownloads } from '../downloads';

const ROOT = path.resolve(__dirname, '../../..');
const PAGE = path.join(ROOT, 'docs/api/typed-client.md');

/** The code of the page's block whose title starts with `title` (its fence's info string). */
function block(text: string, title: string): string {
  const start = text.indexOf(`title="${title}`);
  if (start < 0) throw new Error(`docs/api/typed-client.md has no block titled "${title}…"`);
  const from = text.indexOf('\n', start) + 1;
  return text.slice(from, text.indexOf('\n```', from) + 1);
}

const search = block(fs.readFileSync(PAGE, 'utf8'), 'search.mts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-client-'));

/** Runs a program; resolves with its exit code and output. */
function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      command,
      args,
      { cwd: work, env: { PATH: process.env.PATH, HOME: work, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );
}

/** A site build with the downloads written, and the types file openapi-typescript wrote into it. */
let build: string;
let typesFile: string;

beforeAll(async () => {
  // What a reader has after the page's first block: the types the site serves, and openapi-fetch installed.
  // One build serves both the reader's types and the gate's test (openapi-typescript runs once).
  build = makeBuild();
  writeDescriptionDownloads(build, loadContract());
  typesFile = writeClientTypes(build);
  fs.copyFileSync(typesFile, path.join(work, 'customer-api.d.ts'));
  fs.mkdirSync(path.join(work, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'node_modules/openapi-fetch'), path.join(work, 'node_modules/openapi-fetch'));
  fs.writeFileSync(path.join(work, 'search.mts'), search);
  fs.writeFileSync(path.join(work, 'mistake.mts'), search.replace('page_size: 2', "page_size: 'two'"));
}, 60_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  if (build) fs.rmSync(build, { recursive: true, force: true });
});

it('compiles under tsc --strict, and the mistake the page names does not', async () => {
  expect(search).toContain('page_size: 2');
  const tsc = await run(process.execPath, [
    path.join(ROOT, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    // The reader's @types/node (for `process`), installed beside typescript as the page says.
    '--types',
    'node',
    '--typeRoots',
    path.join(ROOT, 'node_modules/@types'),
    'search.mts',
    'mistake.mts',
  ]);
  const errors = tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/^mistake\.mts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number/);
}, 120_000);

describe('run against the sandbox', () => {
  let corpus: CorpusDb;
  let front: ValidatedSandbox;

  beforeAll(async () => {
    corpus = CorpusDb.open(':memory:').corpus;
    front = await startValidatedSandbox({
      corpus,
      verifier: await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS }),
      corsOrigins: [],
    });
  }, 60_000);

  afterAll(async () => {
    await front?.close();
    corpus?.close();
  });

  it('prints two documents, and the answer keeps the contract', async () => {
    const result = await run(process.execPath, ['search.mts'], { API_BASE: front.apiBase, TOKEN: mintToken() });
    expect({ code: result.code, stderr: result.code ? result.stderr : '' }).toEqual({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^[0-9a-f-]{36} \S/);
    expect(front.violations).toEqual([]);
    expect(front.checked()).toBe(1);
  }, 120_000);

  it('without a token, the API refuses it and the script says so', async () => {
    const result = await run(process.execPath, ['search.mts'], { API_BASE: front.apiBase, TOKEN: '' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Error: 401');
  }, 120_000);
});

it('the download is written where the site serves it, and the gate refuses it to an anonymous request', async () => {
  const file = typesFile;
  expect(path.relative(path.join(build, GENERATED_STATIC_DIR), file)).toBe(CLIENT_TYPES_PATH.slice(1));
  fs.cpSync(path.join(build, GENERATED_STATIC_DIR), build, { recursive: true });
  const app = await buildTestApp(build);
  try {
    const anonymous = await app.inject({ method: 'GET', url: CLIENT_TYPES_PATH });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('export interface paths');
    const signedIn = await app.inject({
      method: 'GET',
      url: CLIENT_TYPES_PATH,
      headers: { authorization: `Bearer ${mintToken()}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(fs.readFileSync(file, 'utf8'));
  } finally {
    await app.close();
  }
});
