/**
 * @jest-environment node
 *
 * Local mode only where it is safe: the local identity service's private key ships in
 * the public cognito-local package, so a token anyone signs with it must be refused by every gate that
 * runs with a real user pool, and nothing but a plainly local run may trust it.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { localIdentityRefusal, parseEnv } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { buildApp } from '../../server/app';
import { makeBuild, mintToken, sessionCookie } from '../../tests/support/gate';
import { createAccessTokenVerifier } from '../../server/gate/verifier';
import { viewerRequest } from '../edge/events';
import { createHandler } from '../edge/handler';
import { bundleRefusal, holdsLocalKey, TRUST_FILE } from '../trust';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');

/** Temporary folders made by the tests, removed at the end. */
const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A user pool's key pair and JWKS, as Cognito would publish it. */
function poolKeys(kid = 'pool-key-1') {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), jwks: { keys: [jwk] } as Jwks };
}

const cognito = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient123' });
const ISSUER = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123xyz';
const claims = { iss: ISSUER, client_id: 'webclient123' };

describe('a token signed with cognito-local’s private key', () => {
  const pool = poolKeys();
  const forgeries = {
    'with the pool’s kid': mintToken(claims, { header: { kid: 'pool-key-1' } }),
    'with the local kid': mintToken(claims),
  };
  const cookieFor = (token: string) =>
    sessionCookie({ accessToken: token }).replaceAll('portallocalappclient000001', 'webclient123');

  it('is refused by a Cognito-mode Fastify gate, which takes the pool’s own token', async () => {
    const buildDir = makeBuild();
    const app = await buildApp({
      buildDir,
      appClientId: 'webclient123',
      verifier: await createAccessTokenVerifier(cognito.auth, { jwks: pool.jwks }),
      csp: { identity: [], api: [] },
      tls: true,
    });
    const get = (token: string) =>
      app.inject({ method: 'GET', url: '/llms.txt', headers: { authorization: `Bearer ${token}` } });
    for (const [name, token] of Object.entries(forgeries)) {
      expect([name, (await get(token)).statusCode]).toEqual([name, 401]);
      const page = await app.inject({
        url: '/docs/document_format/schema',
        headers: { cookie: cookieFor(token), accept: 'text/html' },
      });
      // Anonymous: the sign-in page in the page's place, none of the page.
      expect([name, page.headers['x-gate']]).toEqual([name, 'anonymous']);
    }
    const genuine = mintToken(claims, { key: pool.pem, header: { kid: 'pool-key-1' } });
    expect((await get(genuine)).statusCode).toBe(200);
    await app.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it('is refused by a Cognito-mode edge handler', async () => {
    const handler = createHandler({
      auth: cognito.auth,
      jwks: pool.jwks,
      publicPaths: ['/login'],
      signInRoute: '/login',
      pagesWithoutMarkdown: ['login/index.html'],
    });
    for (const [name, token] of Object.entries(forgeries)) {
      const result = await handler(viewerRequest('/llms.txt', { accept: '*/*', authorization: `Bearer ${token}` }));
      expect([name, 'status' in result ? result.status : 'passed']).toEqual([name, '401']);
    }
  });
});

describe('localIdentityRefusal', () => {
  it.each([
    [{}, 'serve', null],
    [{ HOST: '127.0.0.1' }, 'serve', null],
    [{ HOST: '::1' }, 'serve', null],
    [{ HOST: '0.0.0.0' }, 'serve', /COGNITO_USER_POOL_ID is not set, so npm run serve on HOST=0\.0\.0\.0/],
    [{ HOST: 'portal.internal' }, 'serve', /HOST=localhost for a local run/],
    [{}, 'deploy', /COGNITO_USER_POOL_ID is not set, so a deployment would trust/],
    [{ HOST: '0.0.0.0', UNSAFE_LOCAL_IDENTITY: '1' }, 'serve', null],
    [{ UNSAFE_LOCAL_IDENTITY: '1' }, 'deploy', null],
    [{ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'c', HOST: '0.0.0.0' }, 'serve', null],
  ] as const)('%j for %s', (vars, use, expected) => {
    const reason = localIdentityRefusal(parseEnv(vars), use);
    if (expected === null) expect(reason).toBeNull();
    else {
      expect(reason).toMatch(expected);
      expect(reason).not.toContain('\n');
    }
  });

  it('UNSAFE_LOCAL_IDENTITY takes 1 only, so a typo does not pass silently', () => {
    expect(() => parseEnv({ UNSAFE_LOCAL_IDENTITY: 'yes' })).toThrow(/UNSAFE_LOCAL_IDENTITY/);
  });
});

describe('the commands refuse local mode off this machine, with one line', () => {
  const run = (script: string, env: Record<string, string>) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|HOST$|EDGE_BUNDLE_DIR$)/.test(name)),
    );
    return spawnSync(process.execPath, [tsx, script], { cwd: ROOT, env: { ...clean, ...env }, encoding: 'utf8' });
  };

  it('HOST=0.0.0.0 npm run serve exits non-zero, saying which variable is missing', () => {
    const result = run('scripts/serve.ts', { HOST: '0.0.0.0', PORT: '3999' });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/COGNITO_USER_POOL_ID is not set/)]);
  });

  it('the deployment gate (server/server.ts) never runs local mode: it says to use npm run serve', () => {
    const result = run('server/server.ts', { HOST: '127.0.0.1', PORT: '3999' });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/COGNITO_USER_POOL_ID is not set.*npm run serve/),
    ]);
  });

  it('npm run deploy:build exits non-zero, saying which variable is missing', () => {
    const out = tempDir('edge-');
    const result = run('deploy/bin/build-edge.ts', { EDGE_BUNDLE_DIR: out });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^deploy:build: COGNITO_USER_POOL_ID is not set, so a deployment would trust/),
    ]);
    expect(fs.readdirSync(out)).toEqual([]);
  });
});

describe('bundleRefusal: deploy:synth deploys only a bundle bound to the configured pool', () => {
  const bundle = (trust: object, code = 'exports.handler = 1;') => {
    const dir = tempDir('bundle-');
    fs.writeFileSync(path.join(dir, 'index.js'), code);
    fs.writeFileSync(path.join(dir, TRUST_FILE), JSON.stringify(trust));
    return dir;
  };
  const cognitoTrust = { identity: 'cognito', userPoolId: 'eu-west-2_AbC123xyz', clientIds: ['c'], keyIds: ['k'] };

  it('accepts a bundle built for the pool', () => {
    expect(bundleRefusal(bundle(cognitoTrust), 'eu-west-2_AbC123xyz')).toBeNull();
  });

  it('refuses one that trusts the local key, by its record or by the key in its code', () => {
    expect(bundleRefusal(bundle({ ...cognitoTrust, identity: 'local' }), 'eu-west-2_AbC123xyz')).toMatch(
      /trusts the local identity service's public signing key/,
    );
    const smuggled = bundle(cognitoTrust, `var jwks=${JSON.stringify(LOCAL_JWKS)};`);
    expect(bundleRefusal(smuggled, 'eu-west-2_AbC123xyz')).toMatch(/local identity service/);
  });

  it('refuses one built for another pool, or with no record', () => {
    expect(bundleRefusal(bundle(cognitoTrust), 'eu-west-2_Other9')).toMatch(
      /trusts user pool eu-west-2_AbC123xyz, not/,
    );
    const dir = bundle(cognitoTrust);
    fs.rmSync(path.join(dir, TRUST_FILE));
    expect(bundleRefusal(dir, 'eu-west-2_AbC123xyz')).toMatch(/trust\.json is missing/);
  });

  it('holdsLocalKey spots the local key in a JWKS file', () => {
    expect(holdsLocalKey(LOCAL_JWKS)).toBe(true);
    expect(holdsLocalKey(poolKeys().jwks)).toBe(false);
  });
});
