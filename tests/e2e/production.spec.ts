/**
 * The gate runs from a production install: `npm ci --omit=dev` in an empty folder holding
 * only `package.json`, the lock file, the gate's bundle (`dist/serve.js`, which `npm run build` writes),
 * `scripts/serve.sh`, the contract and the build, then `npm run serve` against a user pool whose keys come from
 * COGNITO_JWKS_FILE (offline), with sign-in for AI tools on (its MCP app client and hosted UI named). A token of
 * that pool gets the page; an anonymous request does not; the authorization server for AI tools publishes its
 * metadata. If the
 * server imported a devDependency (the local stand-ins, the CDK, a build tool, a TypeScript runner) or a file left
 * out here, it would not start; the install holds neither tsx nor esbuild, so nothing transpiles at run time.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { parseEnv } from '../../config/env';
import { recordBuildIdentity } from '../../postbuild/buildIdentity';
import { BUILD_IDENTITY_FILE } from '../../rules/buildFiles';
import { mintToken } from '../support/gate';
import { waitForHttp } from '../../scripts/waitForHttp';

const ROOT = path.resolve(__dirname, '../..');
const POOL = 'eu-west-2_ProdInst01';
const CLIENT = 'webclientprodinstall000001';
const ISSUER = `https://cognito-idp.eu-west-2.amazonaws.com/${POOL}`;
/** A TCP port free on loopback now, so the test runs beside any other server on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The gate's configuration: the pool, its app clients and hosted UI, and where it is reached (on `port`). */
function poolEnv(port: number) {
  return {
    COGNITO_USER_POOL_ID: POOL,
    COGNITO_APP_CLIENT_ID: CLIENT,
    COGNITO_MCP_CLIENT_ID: 'mcpclientprodinstall000001',
    COGNITO_OAUTH_DOMAIN: 'prod-install.auth.eu-west-2.amazoncognito.com',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
  };
}
/** What a deployment of the gate copies besides the build: nothing else may be needed. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'dist/serve.js',
  'scripts/serve.sh',
  // The contract, whose servers the Content-Security-Policy lets pages call.
  'openapi/customer-api.yaml',
  // npm run serve switches to a supported Node first, as every script does.
  'scripts/supported-node.sh',
];

test('npm ci --omit=dev plus the build serves a page to a token of the pool and nothing to anyone else', async () => {
  test.setTimeout(300_000);
  const PORT = await freePort();
  const POOL_ENV = poolEnv(PORT);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
  try {
    for (const source of SOURCES) fs.cpSync(path.join(ROOT, source), path.join(work, source), { recursive: true });
    // The suite's build, recorded as made for this pool and address (the gate refuses a build made with other
    // settings, server/builtFor.ts): only tokens are sent here, never its sign-in form.
    fs.mkdirSync(path.join(work, 'build'));
    for (const entry of fs.readdirSync(path.join(ROOT, 'build')))
      if (entry !== BUILD_IDENTITY_FILE)
        fs.symlinkSync(path.join(ROOT, 'build', entry), path.join(work, 'build', entry));
    recordBuildIdentity(path.join(work, 'build'), parseEnv(POOL_ENV));
    const install = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: work, encoding: 'utf8' },
    );
    expect(install.status, install.stderr).toBe(0);
    for (const devOnly of [
      'cognito-local',
      'pino',
      '@playwright/test',
      'jest',
      'aws-cdk-lib',
      '@docusaurus/core',
      // The MCP SDK v1, and the Express it brings, come only with the conformance suite.
      '@modelcontextprotocol/sdk',
      '@modelcontextprotocol/conformance',
      'express',
      // No transpiler: the gate runs from its bundle.
      'tsx',
      'esbuild',
    ])
      expect(fs.existsSync(path.join(work, 'node_modules', devOnly)), `${devOnly} is not in a production install`).toBe(
        false,
      );

    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwksFile = path.join(work, 'jwks.json');
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'prod1', alg: 'RS256', use: 'sig' };
    fs.writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|SITE_URL$|HOST$|PORT$)/.test(name)),
    );
    const server = spawn('npm', ['run', '-s', 'serve'], {
      cwd: work,
      env: { ...env, ...POOL_ENV, COGNITO_JWKS_FILE: jwksFile, MCP_OAUTH_DATA_DIR: path.join(work, 'oauth') },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    try {
      await waitForHttp(`http://127.0.0.1:${PORT}/healthz`).catch((error: unknown) => {
        throw new Error(`the production install did not start: ${stderr || error}`);
      });
      const base = `http://127.0.0.1:${PORT}`;
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const token = mintToken({ iss: ISSUER, client_id: CLIENT }, { key: pem, header: { kid: 'prod1' } });

      const signedIn = await fetch(`${base}/docs/api/getting-started`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.text()).toContain('<title data-rh=true>Getting started with the API');

      const file = await fetch(`${base}/llms.txt`);
      expect(file.status).toBe(401);
      expect(await file.text()).toBe('');
      // A browser gets the sign-in page at the page's address; a script, no page at all.
      const page = await fetch(`${base}/docs/api/getting-started`, { headers: { accept: 'text/html' } });
      expect([page.status, page.headers.get('x-gate')]).toEqual([200, 'anonymous']);
      expect(await page.text()).toContain('<title data-rh=true>Sign in');
      const script = await fetch(`${base}/docs/api/getting-started`);
      expect([script.status, await script.text()]).toEqual([401, '']);
      // A token of another pool (here: the local identity service's) is refused like no token.
      const local = await fetch(`${base}/llms.txt`, { headers: { authorization: `Bearer ${mintToken()}` } });
      expect(local.status).toBe(401);
      // The authorization server AI tools sign in with runs from the production install too.
      const metadata = await fetch(`${base}/.well-known/oauth-authorization-server/oauth`);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toMatchObject({
        issuer: `${base}/oauth`,
        code_challenge_methods_supported: ['S256'],
      });
    } finally {
      if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGTERM');
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
