/**
 * @jest-environment node
 *
 * `npm run serve` serves a build only with the settings its pages were built with (server/builtFor.ts): served with
 * other ports, the pages would sign in at a port where nothing listens ("A network error has occurred"). The refusal
 * is one line naming each variable that differs, what it is and what the build had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../config/env';
import { recordBuildIdentity } from '../../postbuild/buildIdentity';
import { BUILD_IDENTITY_FILE } from '../../rules/buildFiles';
import { servedBuildRefusal } from '../builtFor';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A build folder recorded as built with `vars` (none: no record). */
function builtWith(vars?: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-for-'));
  dirs.push(dir);
  if (vars) recordBuildIdentity(dir, parseEnv(vars));
  return dir;
}

it('serves a build with the settings it was built with', () => {
  const vars = { PORT: '3400', LOCAL_IDENTITY_PORT: '9629', SANDBOX_PORT: '4410', HOSTED_UI_PORT: '9630' };
  expect(servedBuildRefusal(builtWith(vars), parseEnv(vars))).toBeNull();
  // Variables the pages do not call may differ.
  expect(
    servedBuildRefusal(builtWith({}), parseEnv({ LOCAL_IDENTITY_DATA_DIR: '/tmp/x', HOST: '127.0.0.1' })),
  ).toBeNull();
});

it('refuses a build made with other ports, naming each variable, its value now and the build’s', () => {
  const dir = builtWith({});
  const reason = servedBuildRefusal(dir, parseEnv({ LOCAL_IDENTITY_PORT: '9629', SANDBOX_PORT: '4410' }));
  expect(reason).toBe(
    `${dir} was built with other settings, so its pages would call addresses that do not answer: ` +
      'LOCAL_IDENTITY_PORT is 9629, built for 9229; SANDBOX_PORT is 4410, built for 4010. ' +
      'Set them as the build had them, or run "npm run build" with this configuration again.',
  );
});

it('names SITE_URL and the PORT it follows when only PORT changed, and the hosted UI’s port', () => {
  const reason = servedBuildRefusal(builtWith({}), parseEnv({ PORT: '3400', HOSTED_UI_PORT: '9630' }));
  expect(reason).toContain('SITE_URL is http://localhost:3400 (PORT=3400), built for http://localhost:3000');
  expect(reason).toContain('HOSTED_UI_PORT is 9630, built for 9230');
});

it('refuses a local build for a user pool, and a build with no record of its settings', () => {
  const pool = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'web1' });
  expect(servedBuildRefusal(builtWith({}), pool)).toContain(
    'COGNITO_USER_POOL_ID is eu-west-2_AbC123xyz, built for unset (the local identity service)',
  );
  const old = builtWith();
  expect(servedBuildRefusal(old, parseEnv({}))).toBe(
    `${old} has no record of the settings it was built with (${BUILD_IDENTITY_FILE}): ` +
      'run "npm run build" with this configuration first.',
  );
});
