/**
 * @jest-environment node
 *
 * `npm run serve` and `npm start` trust the local identity service's public key only for a site on this
 * machine: behind a reverse proxy that brings a public SITE_URL to a loopback server, anyone could sign in
 * as anyone. Both exit before starting anything, with one line saying what to set.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');

function run(script: string, args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|HOST$|PORT$|SITE_URL$)/.test(name)),
  );
  return spawnSync(process.execPath, [tsx, script, ...args], {
    cwd: ROOT,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const PUBLIC_SITE = { SITE_URL: 'https://portal.example.com', PORT: '3998' };

it.each([
  ['npm run serve', 'scripts/serve.ts', []],
  ['npm start', 'scripts/with-local-services.ts', ['start', '--host', 'localhost']],
])(
  '%s in local mode with SITE_URL=https://portal.example.com exits with one line saying what to set',
  (command, script, args) => {
    const result = run(script, args, PUBLIC_SITE);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(
        `COGNITO_USER_POOL_ID is not set, so ${command} for SITE_URL=https://portal.example.com would trust the local identity service`,
      ),
    ]);
    expect(result.stderr).toContain('or SITE_URL=http://localhost:3998 (or unset) for a local run.');
    // Nothing was started: no "Serving", no Docusaurus, no generated pages.
    expect(result.stdout).toBe('');
  },
);
