/**
 * @jest-environment node
 *
 * `npm run deploy:build` and `npm run deploy:synth` deploy only a site build made for the identity they
 * deploy (deploy/trust.ts `buildRefusal`): the build's last step records the identity mode, user pool,
 * app client and region its pages were built with (postbuild/buildIdentity.ts), and a build made for
 * another one, or with no record, is refused with one line saying what it has, what is wanted and what to
 * run. The record itself is served to nobody.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../config/env';
import { recordBuildIdentity } from '../../postbuild/buildIdentity';
import { BUILD_IDENTITY_FILE } from '../../rules/buildFiles';
import { buildTestApp, localAuth, makeBuild, mintToken, sessionCookie } from '../../tests/support/gate';
import { buildRefusal } from '../trust';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build folder whose record says it was made with `env` (none: a build from before the record). */
function buildFor(env?: Parameters<typeof recordBuildIdentity>[1]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
  made.push(dir);
  if (env) recordBuildIdentity(dir, env);
  return dir;
}

const poolEnv = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient123' });
const pool = poolEnv.auth;
const localEnv = parseEnv({});
const local = localEnv.auth;

describe('buildRefusal', () => {
  it('accepts a build made for the pool it deploys, and a local build for a local bundle (test:e2e)', () => {
    expect(buildRefusal(buildFor(poolEnv), pool)).toBeNull();
    // test:e2e builds with local identity, then runs UNSAFE_LOCAL_IDENTITY=1 npm run deploy:build.
    expect(buildRefusal(buildFor(localEnv), parseEnv({ UNSAFE_LOCAL_IDENTITY: '1' }).auth)).toBeNull();
  });

  it('refuses a local build for a Cognito deployment, in one line: what the build has, what is wanted, what to run', () => {
    const dir = buildFor(localEnv);
    const reason = buildRefusal(dir, pool);
    expect(reason).toBe(
      `${dir} was built for local identity, user pool us-east-1_LocalDev1 (app client portallocalappclient000001, us-east-1), ` +
        'but this deployment is for Cognito user pool eu-west-2_AbC123xyz (app client webclient123, eu-west-2): ' +
        'run "COGNITO_USER_POOL_ID=eu-west-2_AbC123xyz COGNITO_APP_CLIENT_ID=webclient123 npm run build" first.',
    );
  });

  it('refuses a Cognito build for a local bundle', () => {
    expect(buildRefusal(buildFor(poolEnv), local)).toMatch(
      /was built for Cognito user pool eu-west-2_AbC123xyz .* is for local identity, .*: run "npm run build" with COGNITO_USER_POOL_ID unset first\.$/,
    );
  });

  it.each([
    ['another pool', { COGNITO_USER_POOL_ID: 'eu-west-2_Other9', COGNITO_APP_CLIENT_ID: 'webclient123' }],
    ['another app client', { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'otherclient' }],
    [
      'another region',
      {
        COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
        COGNITO_APP_CLIENT_ID: 'webclient123',
        COGNITO_REGION: 'eu-west-1',
      },
    ],
  ])('refuses a build made for %s, naming both', (_what, vars) => {
    const wanted = parseEnv(vars).auth;
    const reason = buildRefusal(buildFor(poolEnv), wanted);
    expect(reason).toContain(
      'was built for Cognito user pool eu-west-2_AbC123xyz (app client webclient123, eu-west-2)',
    );
    expect(reason).toContain(
      `is for Cognito user pool ${wanted.userPoolId} (app client ${wanted.userPoolClientId}, ${wanted.region})`,
    );
    expect(reason).not.toContain('\n');
  });

  it('names COGNITO_REGION in the command when the pool id does not say the region', () => {
    const wanted = parseEnv({
      COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
      COGNITO_APP_CLIENT_ID: 'c',
      COGNITO_REGION: 'eu-west-1',
    });
    expect(buildRefusal(buildFor(localEnv), wanted.auth)).toMatch(/COGNITO_REGION=eu-west-1 npm run build"/);
  });

  it('refuses a build with no record (made before the record existed) or an unreadable one, the same way', () => {
    const old = buildFor();
    expect(buildRefusal(old, pool)).toBe(
      `${old} has no record of the identity it was built for (${BUILD_IDENTITY_FILE}), ` +
        'but this deployment is for Cognito user pool eu-west-2_AbC123xyz (app client webclient123, eu-west-2): ' +
        'run "COGNITO_USER_POOL_ID=eu-west-2_AbC123xyz COGNITO_APP_CLIENT_ID=webclient123 npm run build" first.',
    );
    fs.writeFileSync(path.join(old, BUILD_IDENTITY_FILE), '{"identity": "cognito", ');
    expect(buildRefusal(old, pool)).toMatch(/has no record of the identity/);
  });
});

describe('the record', () => {
  it('is what the build step writes, from the configuration the build ran with', () => {
    const dir = buildFor(poolEnv);
    expect(JSON.parse(fs.readFileSync(path.join(dir, BUILD_IDENTITY_FILE), 'utf8'))).toEqual({
      identity: 'cognito',
      userPoolId: 'eu-west-2_AbC123xyz',
      userPoolClientId: 'webclient123',
      region: 'eu-west-2',
      endpoints: { SITE_URL: 'http://localhost:3000' },
    });
  });

  it('is served by the Fastify gate to nobody, not even a signed-in reader', async () => {
    const buildDir = makeBuild();
    made.push(buildDir);
    recordBuildIdentity(buildDir, { ...localEnv, auth: localAuth });
    const app = await buildTestApp(buildDir);
    const cookie = sessionCookie({ accessToken: mintToken() });
    const page = await app.inject({ url: '/', headers: { cookie } });
    const record = await app.inject({ url: `/${BUILD_IDENTITY_FILE}`, headers: { cookie } });
    const bearer = await app.inject({
      url: `/${BUILD_IDENTITY_FILE}`,
      headers: { authorization: `Bearer ${mintToken()}` },
    });
    await app.close();
    expect(page.statusCode).toBe(200);
    expect([record.statusCode, bearer.statusCode]).toEqual([403, 403]);
    expect(record.body + bearer.body).not.toContain('portallocalappclient000001');
  });
});
