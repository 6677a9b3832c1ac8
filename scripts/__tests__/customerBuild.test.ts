/**
 * @jest-environment node
 *
 * A build for a user pool is the one customers read: `npm run build` (its first step, `gen-api`, and the
 * site's configuration that `docusaurus build` loads) stops with the variables to set when API_HOST or
 * PROVIDER_CONTACT is missing, before any page is generated.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');
const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient123' };

function run(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(COGNITO_|UNSAFE_|HOST$|PORT$|SITE_URL$|API_HOST$|PROVIDER_CONTACT$)/.test(name),
    ),
  );
  return spawnSync(process.execPath, [tsx, ...args], {
    cwd: ROOT,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it('npm run gen-api with a user pool and neither API_HOST nor PROVIDER_CONTACT stops naming both', () => {
  const result = run(['scripts/gen-api.ts'], POOL);
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^gen-api failed: Configuration error in API_HOST and PROVIDER_CONTACT: /),
  ]);
  // Nothing was chosen, bundled or generated.
  expect(result.stdout).toBe('');
});

it('the site configuration docusaurus build loads refuses a user pool without PROVIDER_CONTACT, and takes it with', () => {
  const load = ['-e', "require('./docusaurus.config.ts')"];
  const withHost = { ...POOL, API_HOST: 'https://api.acme.test' };
  const refused = run(load, withHost);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toMatch(/ConfigError: Configuration error in PROVIDER_CONTACT: /);
  const loaded = run(load, { ...withHost, PROVIDER_CONTACT: 'mailto:api@acme.test' });
  expect(loaded.stderr).not.toMatch(/ConfigError/);
  expect(loaded.status).toBe(0);
});
