/**
 * @jest-environment node
 *
 * The provider's description arrives from outside, so its download is held to fixed terms (../download.ts):
 * https only (plain http to loopback, for a local stand-in), redirects only within the origin and at most
 * three, a JSON content type, at most 5 MiB counted as it arrives, no `$ref` to another document. Each
 * refusal is one line saying which term; the build then uses the vendored copy (./source.test.ts). A local
 * server plays the provider.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';

const REPO = path.resolve(__dirname, '../../..');
const SIX_MIB = 6 * 1024 * 1024;
/** What the chunked case would send in all: far more than is read before the refusal. */
const ENDLESS = 64 * 1024 * 1024;

/** Bytes the server wrote per case, to show a refused body was not read to its end. */
const written: Record<string, number> = {};

/** One case per path prefix: `<host>/<case>/api/v1/openapi.json`. */
const server = http.createServer((req, res) => {
  const [, name, ...rest] = (req.url ?? '').split('/');
  const json = JSON.stringify(loadContract());
  if (`/${rest.join('/')}` !== '/api/v1/openapi.json') return void res.writeHead(404).end();
  switch (name) {
    case 'html':
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
    case 'declared':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SIX_MIB) });
      return void res.write('{', () => res.destroy());
    case 'chunked': {
      res.writeHead(200, { 'content-type': 'application/json' });
      written.chunked = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written.chunked < ENDLESS && !res.destroyed) {
          written.chunked += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      res.on('close', () => res.destroy());
      return pump();
    }
    case 'elsewhere':
      return void res.writeHead(302, { location: 'https://x.example/api/v1/openapi.json' }).end();
    case 'loop':
      return void res.writeHead(302, { location: req.url }).end();
    case 'moved':
      return void res.writeHead(301, { location: '/here/api/v1/openapi.json' }).end();
    case 'elsewhere-ref': {
      const doc = loadContract();
      doc.components.schemas.Probe = { $ref: 'http://169.254.169.254/latest/meta-data/' };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    }
    case 'here':
      return void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(json);
    default:
      res.writeHead(404).end();
  }
});

let host = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs downloadContract for each API host in one tsx child (Redocly is ESM only): `ok` or the error's message. */
function download(hosts: string[]): Promise<string[]> {
  const code =
    `import { downloadContract } from './scripts/openapi/download';\n` +
    `(async () => { const out = []; for (const host of ${JSON.stringify(hosts)}) ` +
    `out.push(await downloadContract(host, 10000).then(() => 'ok', (e) => e.message)); console.log(JSON.stringify(out)); })();`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), '-e', code],
      { cwd: REPO, timeout: 60_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!)),
    ),
  );
}

it('refuses, in one line each, what breaks the terms, and takes a description moved within the origin', async () => {
  const url = (name: string) => `${host}/${name}/api/v1/openapi.json`;
  const cases = ['html', 'declared', 'chunked', 'elsewhere', 'loop', 'elsewhere-ref', 'moved'];
  const results = await download([...cases.map((name) => `${host}/${name}`), 'http://provider.example']);
  expect(results).toEqual([
    `refused ${url('html')}: it is served as text/html, not as JSON (application/json)`,
    `refused ${url('declared')}: it is ${SIX_MIB} bytes, more than the 5242880 accepted`,
    `refused ${url('chunked')}: it is more than the 5242880 bytes accepted`,
    `refused ${url('elsewhere')}: it redirects to another origin (https://x.example)`,
    `refused ${url('loop')}: it redirects more than 3 times`,
    `refused ${url('elsewhere-ref')}: it refers to another document ($ref "http://169.254.169.254/latest/meta-data/" ` +
      'at /components/schemas/Probe); the description must be one document, whose $refs all start with #',
    'ok',
    'refused http://provider.example/api/v1/openapi.json: http://provider.example/api/v1/openapi.json is not https: ' +
      'the description is only fetched over https (set API_HOST to https://…)',
  ]);
  // The oversized body was not read to its end.
  expect(written.chunked).toBeLessThan(ENDLESS / 2);
});
