/**
 * @jest-environment node
 *
 * Every sample in docs/ runs against the local sandbox API (issue #25, point 4), as a reader would run
 * it: each `<ApiSample>` as the curl, Python and TypeScript code the page shows (rules/apiSample.ts),
 * each titled script (`… (curl)`, `… (Python)`, `… (TypeScript)`) as it stands, with the token it
 * needs from the local identity service the way docs/api/tokens.mdx gets one. Every "Sandbox answer"
 * block is the answer the sample above it gets. The sandbox checks each answer against the contract.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../../config/env';
import { loadContract } from '../../../config/openapi';
import { startLocalIdentity, type LocalIdentity } from '../../../local/identity';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { buildSandbox } from '../../../local/sandbox/app';
import { CorpusDb } from '../../../local/sandbox/corpus/db';
import { parseRequestSample, toCurl, toPython, toTypeScript, type RequestSample } from '../../../rules/apiSample';
import { CUSTOMER_BASE_PATH } from '../../../rules/contract';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { apiSamples, docFiles, scriptSamples, type ScriptSample } from '../contract';

const USERNAME = 'reader@example.com';
const PASSWORD = 'Sampl3!Passw0rd';

let identity: LocalIdentity;
let sandbox: Awaited<ReturnType<typeof buildSandbox>>;
let env: Record<string, string>;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'run-samples-'));

/** Whether `command` runs Python with `requests` (the Python samples' one dependency). */
const hasRequests = (command: string) =>
  new Promise<boolean>((resolve) => execFile(command, ['-c', 'import requests'], (error) => resolve(!error)));

/** A Python 3 with `requests`: the PATH's, or Debian's. */
async function python(): Promise<string> {
  for (const candidate of ['python3', '/usr/bin/python3']) if (await hasRequests(candidate)) return candidate;
  throw new Error('The Python samples need python3 with requests: apt-get install -y python3-requests');
}
let pythonPath: string;

/** Runs one program; resolves with its output, rejects with its output and exit status. */
function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { ...process.env, ...env, ...extraEnv }, timeout: 30_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${command} failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** Runs `code` in `language` the way a reader would. */
function runCode(language: ScriptSample['language'], code: string, extraEnv: Record<string, string> = {}) {
  if (language === 'curl') return run('bash', ['-euo', 'pipefail', '-c', code], extraEnv);
  if (language === 'Python') return run(pythonPath, ['-c', code], extraEnv);
  // Node runs TypeScript by stripping its types (Node 24 and later), as `node sample.mts` would.
  const file = path.join(work, `sample-${Math.random().toString(36).slice(2)}.mts`);
  fs.writeFileSync(file, code);
  return run(process.execPath, ['--no-warnings', file], extraEnv);
}

beforeAll(async () => {
  pythonPath = await python();
  const local = parseEnv({}).auth;
  identity = await startLocalIdentity({
    port: 0,
    dataDir: path.join(work, 'identity'),
    userPoolId: local.userPoolId,
    appClientId: local.userPoolClientId,
    logLevel: 'silent',
    users: [{ username: USERNAME, password: PASSWORD, attributes: { email: USERNAME, email_verified: 'true' } }],
  });
  const auth = parseEnv({ LOCAL_IDENTITY_PORT: new URL(identity.url).port }).auth;
  sandbox = await buildSandbox({
    contract: loadContract(),
    corpus: CorpusDb.open(':memory:').corpus,
    verifier: await createAccessTokenVerifier(auth, { jwks: LOCAL_JWKS }),
    baseUrl: 'http://127.0.0.1',
    corsOrigins: [],
    validateResponses: true,
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  env = {
    API_BASE: `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}${CUSTOMER_BASE_PATH}`,
    COGNITO_ENDPOINT: `${identity.url}/`,
    CLIENT_ID: auth.userPoolClientId,
    PORTAL_USERNAME: USERNAME,
    PORTAL_PASSWORD: PASSWORD,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await identity?.close();
});

const scripts = scriptSamples();
const named = (title: string) => {
  const found = scripts.filter((script) => script.title.startsWith(title));
  if (found.length === 0) throw new Error(`no script titled "${title} (…)" in docs/`);
  return found;
};

/**
 * Runs a token script and returns the access token it printed (curl prints Cognito's whole answer,
 * Python and TypeScript the token alone) and the answer, after checking the API accepts the token.
 */
async function tokenFrom(script: ScriptSample): Promise<{ token: string; answer?: { RefreshToken?: string } }> {
  const output = await runCode(script.language, script.code);
  const answer = script.language === 'curl' ? JSON.parse(output).AuthenticationResult : undefined;
  const token: string = answer ? answer.AccessToken : output.trim();
  const reply = await fetch(`${env.API_BASE}/doctypes`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  return { token, answer };
}

describe('docs/api/tokens.mdx: a script signs in and refreshes (local identity service)', () => {
  it.each(named('Sign in').map((script) => [script.title, script]))(
    '%s gets an access token the API accepts',
    async (_title, script) => {
      const { token, answer } = await tokenFrom(script as ScriptSample);
      env.TOKEN ??= token;
      if (answer?.RefreshToken) env.REFRESH_TOKEN = answer.RefreshToken;
    },
  );

  it.each(named('Refresh').map((script) => [script.title, script]))(
    '%s gets a new access token the API accepts',
    async (_title, script) => {
      expect(env.REFRESH_TOKEN).toBeDefined();
      await tokenFrom(script as ScriptSample);
    },
  );
});

const requests = apiSamples().map(({ file, line, sample }) => ({ file, line, request: parseRequestSample(sample) }));
const label = ({ file, line, request }: (typeof requests)[number]) =>
  `${file}:${line} ${request.method} ${request.path}`;

describe('every <ApiSample> in docs/ runs as the page shows it', () => {
  it.each(requests.map((sample) => [label(sample), sample.request]))(
    '%s: curl, Python and TypeScript get a 2xx',
    async (_label, request) => {
      const sample = request as RequestSample;
      const status = await runCode('curl', `${toCurl(sample)} -sS -o /dev/null -w '%{http_code}'`);
      expect(Number(status)).toBeLessThan(300);
      await runCode('Python', toPython(sample));
      await runCode('TypeScript', toTypeScript(sample));
    },
  );
});

describe('the guides’ scripts run', () => {
  it('Every page: the paging loop collects as many documents as POST /document_counts counts', async () => {
    const count = await fetch(`${env.API_BASE}/document_counts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ start_date: '2020-01-01' }),
    }).then((answer) => answer.json() as Promise<{ count: number }>);
    expect(count.count).toBeGreaterThan(100);
    for (const script of named('Every page'))
      expect(Number(await runCode(script.language, script.code))).toBe(count.count);
  });

  it('Retry with backoff: answers the call it wraps', async () => {
    for (const script of named('Retry with backoff'))
      expect(await runCode(script.language, script.code)).toContain('Laws');
  });

  it('Poll a search within a budget: ends with the search completed', async () => {
    for (const script of named('Poll a search'))
      expect((await runCode(script.language, script.code)).trim()).toBe('completed');
  });

  it('every titled script of docs/ is one of the above', () => {
    const covered = ['Sign in', 'Refresh', 'Every page', 'Retry with backoff', 'Poll a search'];
    expect(
      scripts
        .filter((script) => !covered.some((title) => script.title.startsWith(title)))
        .map((s) => `${s.file}: ${s.title}`),
    ).toEqual([]);
  });
});

describe('every "Sandbox answer" is the answer its sample gets', () => {
  const answers = docFiles().flatMap(({ file, text }) =>
    [...text.matchAll(/^```json title="Sandbox answer"\n([\s\S]*?)^```/gm)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      const above = requests.filter((sample) => sample.file === file && sample.line < line).at(-1);
      return { where: `${file}:${line}`, shown: JSON.parse(match[1]), request: above?.request };
    }),
  );

  it('there are some', () => expect(answers.length).toBeGreaterThanOrEqual(3));

  it.each(answers.map((answer) => [answer.where, answer]))('%s', async (_where, answer) => {
    const { request, shown } = answer as (typeof answers)[number];
    expect(request).toBeDefined();
    const query = request!.query.length ? `?${new URLSearchParams(request!.query)}` : '';
    const reply = await sandbox.inject({
      method: request!.method,
      url: `${CUSTOMER_BASE_PATH}${request!.path}${query}`,
      headers: {
        authorization: `Bearer ${env.TOKEN}`,
        ...(request!.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: request!.body === undefined ? undefined : JSON.stringify(request!.body),
    });
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body)).toEqual(shown);
  });
});
