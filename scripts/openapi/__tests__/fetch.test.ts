/**
 * @jest-environment node
 *
 * `npm run openapi:fetch` against hosts that fail in each way leaves the contract unchanged and exits
 * non-zero with the reason; a valid contract replaces it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeProviderForSuite } from './provider';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../../..');
const VENDORED = path.join(ROOT, 'openapi/customer-api.yaml');

const provider = fakeProviderForSuite();
let out: string;

beforeEach(() => {
  out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fetch-test-')), 'customer-api.yaml');
  fs.copyFileSync(VENDORED, out);
});

/** Runs the script asynchronously, so this process's test server can answer it. */
function runFetch(
  apiHost: string,
  target: string[] = ['--out', out],
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), 'scripts/openapi/fetch.ts', ...target],
      { cwd: ROOT, env: { ...process.env, API_HOST: apiHost }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A loopback port with no listener: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const unchanged = () => expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(VENDORED, 'utf8'));

describe('npm run openapi:fetch', () => {
  it('leaves openapi/ itself unchanged when the host is unreachable', async () => {
    const before = fs.readFileSync(VENDORED, 'utf8');
    const run = await runFetch(`http://127.0.0.1:${await closedPort()}`, []);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('openapi/customer-api.yaml was left unchanged.');
    expect(fs.readFileSync(VENDORED, 'utf8')).toBe(before);
  });

  it('keeps the vendored copy when the host is unreachable', async () => {
    const run = await runFetch(`http://127.0.0.1:${await closedPort()}`);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/could not download http:\/\/127\.0\.0\.1:\d+\/api\/v1\/openapi\.json/);
    expect(run.stderr).toMatch(/was left unchanged/);
    unchanged();
  });

  it('keeps the vendored copy when the host answers an error page', async () => {
    provider.answer = (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    const run = await runFetch(provider.host);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('HTTP 502');
    unchanged();
  });

  it('keeps the vendored copy when the answer is not JSON', async () => {
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
    const run = await runFetch(provider.host);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refused .*: it is served as text\/html, not as JSON/);
    unchanged();
  });

  it('keeps the vendored copy when the contract fails the lint', async () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 'Broken', version: '1' },
      paths: { '/doctypes': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } },
    };
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(broken));
    const run = await runFetch(provider.host);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/fails the Redocly lint with \d+ error/);
    expect(run.stderr).toContain('no-unresolved-refs');
    unchanged();
  });

  it('keeps the vendored copy when the contract lacks an operation of spec §7.1', async () => {
    const vendored = parse(fs.readFileSync(VENDORED, 'utf8'));
    delete vendored.paths['/interrogator/feedback'];
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(vendored));
    const run = await runFetch(provider.host);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('rule/spec-7.1-paths');
    unchanged();
  });

  it('replaces the copy with a contract that parses and lints', async () => {
    const fetched = parse(fs.readFileSync(VENDORED, 'utf8'));
    fetched.info.title = 'Fetched contract';
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fetched));
    const run = await runFetch(provider.host);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(parse(fs.readFileSync(out, 'utf8'))).toEqual(fetched);
    expect(run.stdout).toContain('No differences between');
  });

  it("prints how the provider's description differs, and which assumptions it leaves to settle, before replacing the copy", async () => {
    // The provider's description carries none of our x-assumed marks.
    const unmarked = (key: string, value: unknown) => (key === 'x-assumed' ? undefined : value);
    const fetched = JSON.parse(JSON.stringify(parse(fs.readFileSync(VENDORED, 'utf8')), unmarked));
    fetched.components.schemas.DocumentLite.required = ['document_id', 'title'];
    fetched.components.schemas.Restriction.enum = ['unrestricted', 'restricted'];
    fetched.paths['/publishers'].get.parameters = [];
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fetched));
    const run = await runFetch(provider.host);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/differs from .*customer-api\.yaml in \d+ place/);
    expect(run.stdout).toContain(
      '  - GET /publishers: Query parameter `jurisdictions` is no longer listed; stop sending it. (breaking)',
    );
    expect(run.stdout).toContain(
      '  - POST /documents: `title` in each item of the `200` answer is now required. (non-breaking)',
    );
    expect(run.stdout).toContain(
      '  - POST /documents: Each value of `document_restriction` in the request body no longer takes `partially_restricted`; send only the values it takes. (breaking)',
    );
    expect(run.stdout).toMatch(
      /marked \d+ detail\(s\) x-assumed \(listed in openapi\/README\.md\); the new copy marks none/,
    );
    expect(parse(fs.readFileSync(out, 'utf8'))).toEqual(fetched);
  });
});
