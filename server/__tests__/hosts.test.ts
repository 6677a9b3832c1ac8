/**
 * @jest-environment node
 *
 * The gate answers only its own names (DNS rebinding): a page on `rebind.example` whose name is re-pointed
 * at this machine sends `Host: rebind.example:3000`, carries no cookie of ours but can sign a token with
 * the local identity's public key, and must get nothing from `npm run serve`; in Cognito mode SITE_URL's
 * name is answered too. The health check answers any name (a load balancer probes the target's IP).
 */
import net, { type AddressInfo } from 'node:net';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../../config/env';
import { MCP_PATH, PROTECTED_RESOURCE_METADATA_PATH } from '../../rules/mcp';
import { HEALTH_PATH } from '../app';
import { listenMcpDev } from '../listen';
import { mcpContentOf } from '../mcp/content';
import { buildTestApp, localJwks, makeBuild, mintToken, SECRET, sessionCookie } from '../../tests/support/gate';

// The authorization server for AI tools is built on oidc-provider, ESM only, which this CommonJS runtime cannot
// load; its own tests run it in a child process (server/oauth/__tests__). Here the MCP server runs without it.
jest.mock('../oauth/fromEnv', () => ({ authorizationServerOf: async () => undefined }));

const PAGE = '/docs/document_format/schema';
const signedIn = { accept: 'text/html', cookie: sessionCookie({ accessToken: mintToken() }) };
const bearer = () => ({ authorization: `Bearer ${mintToken()}` });

let buildDir: string;
let local: FastifyInstance;
let cognito: FastifyInstance;

beforeAll(async () => {
  buildDir = makeBuild();
  local = await buildTestApp(buildDir, { acceptedHostnames: parseEnv({}).acceptedHostnames });
  const pool = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient123' };
  const env = parseEnv({ ...pool, SITE_URL: 'https://portal.example.com' });
  // The local key is trusted here only so that a page can pass; what is tested is the Host check.
  cognito = await buildTestApp(buildDir, { acceptedHostnames: env.acceptedHostnames });
});

afterAll(async () => {
  await Promise.all([local.close(), cognito.close()]);
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string, host: string, headers: Record<string, string> = signedIn) =>
  app.inject({ method: 'GET', url, headers: { ...headers, host } });

describe('local mode (npm run serve)', () => {
  it.each([
    ['a signed-in page', PAGE, signedIn],
    ['a file with a bearer token', '/llms.txt', bearer()],
    ['the public sign-in page', '/login', {}],
  ])('Host: rebind.example gets 421 and one plain line for %s', async (_name, url, headers) => {
    const response = await get(local, url, 'rebind.example:3000', headers);
    expect(response.statusCode).toBe(421);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(
      'Misdirected request: this server answers only to the Host names localhost, 127.0.0.1, [::1] (any port).\n',
    );
    // Refused before the access check ran: no verdict, no page.
    expect(response.headers['x-gate']).toBeUndefined();
    expect(response.body).not.toContain(SECRET);
  });

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LocalHost', 'localhost:8080'])(
    'Host: %s gets the page',
    async (host) => {
      const response = await get(local, PAGE, host);
      expect([host, response.statusCode]).toEqual([host, 200]);
      expect(response.body).toContain(SECRET);
    },
  );

  it.each([
    ['a look-alike name', 'localhost.rebind.example'],
    ['a name ending like ours', 'evil-localhost'],
    ['userinfo before our name', 'rebind.example@localhost'],
    ['a port that is not a number', 'localhost:3000:rebind.example'],
    ['an unbracketed IPv6 address', '::1'],
    ['an oversized header', `localhost:${'3'.repeat(20_000)}`],
  ])('%s is refused', async (_name, host) => {
    expect((await get(local, PAGE, host)).statusCode).toBe(421);
  });

  it('a request over a real socket with a rebound Host, or with none (HTTP/1.0), gets 421', async () => {
    const served = await buildTestApp(buildDir);
    await served.listen({ port: 0, host: '127.0.0.1' });
    const { port } = served.server.address() as AddressInfo;
    const statusLine = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer.split('\r\n')[0]));
        socket.on('error', reject);
      });
    try {
      expect(await statusLine('GET /login HTTP/1.1\r\nHost: rebind.example:3000\r\nConnection: close\r\n\r\n')).toBe(
        'HTTP/1.1 421 Misdirected Request',
      );
      expect(await statusLine('GET /login HTTP/1.0\r\n\r\n')).toBe('HTTP/1.1 421 Misdirected Request');
      expect(await statusLine(`GET /login HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`)).toBe(
        'HTTP/1.1 200 OK',
      );
    } finally {
      await served.close();
    }
  });
});

describe('Cognito mode (server/server.ts, SITE_URL=https://portal.example.com)', () => {
  it("answers SITE_URL's name and the loopback names", async () => {
    for (const host of ['portal.example.com', 'PORTAL.example.com:443', 'localhost:3000', '127.0.0.1']) {
      expect([host, (await get(cognito, PAGE, host)).statusCode]).toEqual([host, 200]);
    }
  });

  it('refuses any other name with 421, naming the accepted ones', async () => {
    for (const host of ['rebind.example', 'example.com', 'www.portal.example.com', '10.0.0.5:3000']) {
      const response = await get(cognito, PAGE, host);
      expect([host, response.statusCode]).toEqual([host, 421]);
      expect(response.body).toContain('localhost, 127.0.0.1, [::1], portal.example.com');
    }
  });
});

describe('the health check', () => {
  it("answers a load balancer's probe by IP address in both modes, and only the health check does", async () => {
    for (const app of [local, cognito]) {
      expect((await get(app, HEALTH_PATH, '10.0.0.5:8080', {})).statusCode).toBe(204);
      expect((await get(app, `${HEALTH_PATH}/x`, '10.0.0.5:8080', {})).statusCode).toBe(421);
      expect((await get(app, '/login', '10.0.0.5:8080', {})).statusCode).toBe(421);
    }
  });
});

describe("npm start's MCP server (server/listen.ts listenMcpDev)", () => {
  it('answers a rebound Host with 421, even with a token signed by the local key; localhost passes', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const app = await listenMcpDev(
      parseEnv({ MCP_DEV_PORT: String(port) }),
      { jwks: localJwks },
      mcpContentOf('/no/build', { contractFile: '/no/contract.json' }),
      () => new Set(),
    );
    const call = (host: string, method: 'GET' | 'POST', target: string) =>
      app.inject({
        method,
        url: target,
        headers: {
          host,
          ...bearer(),
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        payload: method === 'POST' ? { jsonrpc: '2.0', id: 1, method: 'tools/list' } : undefined,
      });
    try {
      for (const [method, target] of [
        ['GET', PROTECTED_RESOURCE_METADATA_PATH],
        ['POST', MCP_PATH],
      ] as const) {
        const rebound = await call(`rebind.example:${port}`, method, target);
        expect([target, rebound.statusCode, rebound.body]).toEqual([
          target,
          421,
          expect.stringMatching(/^Misdirected request/),
        ]);
        expect([target, (await call(`localhost:${port}`, method, target)).statusCode]).toEqual([target, 200]);
      }
      // The Host is checked first: a rebound request's token is not even verified (401 would say it was).
      const unverified = await app.inject({
        method: 'POST',
        url: MCP_PATH,
        headers: { host: 'rebind.example', authorization: 'Bearer not.a.token' },
      });
      expect(unverified.statusCode).toBe(421);
    } finally {
      await app.close();
    }
  });
});
