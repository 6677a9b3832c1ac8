/**
 * @jest-environment node
 *
 * `npm install` under a Node the portal does not run on (Node 20, say) prints no EBADENGINE warnings (the project's
 * .npmrc, `loglevel=error`): the npm scripts run under Node 24 or 26 all the same. npm's errors still show.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/**
 * `npm install --dry-run` in a project of `pkg` whose engines no Node meets, with the portal's .npmrc when `npmrc`,
 * and no npm setting from this process's environment or the user's.
 */
function install(pkg: Record<string, unknown>, npmrc: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npmrc-'));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'engines-check', version: '1.0.0', engines: { node: '<1' }, ...pkg }),
  );
  if (npmrc) fs.copyFileSync(path.join(ROOT, '.npmrc'), path.join(dir, '.npmrc'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  return spawnSync('npm', ['install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'], {
    cwd: dir,
    env: { ...env, npm_config_userconfig: path.join(dir, 'no-user-npmrc') },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it('prints no EBADENGINE warning for engines the running Node does not meet (npm alone prints them)', () => {
  expect(install({}, false).stderr).toContain('EBADENGINE');
  const quiet = install({}, true);
  expect(quiet.status).toBe(0);
  expect(quiet.stderr).not.toContain('EBADENGINE');
});

it('still prints npm’s errors', () => {
  const failed = install({ dependencies: { 'portal-no-such-package-in-the-cache': '1.0.0' } }, true);
  expect(failed.status).not.toBe(0);
  expect(failed.stderr).toMatch(/npm error/);
});
