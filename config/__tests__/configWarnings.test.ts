/**
 * @jest-environment node
 *
 * What a run's pages lack (no PROVIDER_CONTACT, no COGNITO_SCRIPTS_CLIENT_ID) is said once per start: Docusaurus
 * evaluates the site's configuration more than once in a process (its CLI, then the command, then a reload), every
 * time with its modules loaded anew, and `npm start` first runs the OpenAPI generator's command, which says nothing.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { configWarnings, parseEnv, warnOnce } from '../env';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');

/**
 * The standard error of a process that loads docusaurus.config.ts `times` times, each with every module loaded anew,
 * as the Docusaurus command `command` does, with no portal variable in its environment.
 */
function loadConfig(command: string, times: number): string {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_\w*|UNSAFE_\w*|PROVIDER_CONTACT)$/.test(name)),
  );
  const script = [
    `process.argv = [process.argv[0], 'docusaurus.mjs', ${JSON.stringify(command)}];`,
    `for (let i = 0; i < ${times}; i++) {`,
    '  for (const key of Object.keys(require.cache)) delete require.cache[key];',
    "  require('./docusaurus.config.ts');",
    '}',
  ].join('\n');
  const result = spawnSync(process.execPath, [tsx, '-e', script], {
    cwd: ROOT,
    env: clean,
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(result.status).toBe(0);
  return result.stderr;
}

/** How often `text` occurs in `output`. */
const count = (output: string, text: string) => output.split(text).length - 1;

it('docusaurus start, loading the configuration three times, says PROVIDER_CONTACT is not set once', () => {
  expect(count(loadConfig('start', 3), 'PROVIDER_CONTACT is not set')).toBe(1);
}, 120_000);

it('the OpenAPI generator (npm run gen-api, before npm start and npm run build) says nothing of it', () => {
  expect(count(loadConfig('gen-api-docs', 1), 'PROVIDER_CONTACT is not set')).toBe(0);
}, 120_000);

it('names what a pool build lacks, and prints a message once per process', () => {
  const pool = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'web1' });
  expect(configWarnings(pool).map((line) => line.split(':')[0])).toEqual([
    '[portal] PROVIDER_CONTACT is not set',
    '[portal] COGNITO_SCRIPTS_CLIENT_ID is not set',
  ]);
  expect(configWarnings(parseEnv({ PROVIDER_CONTACT: 'mailto:api@acme.test' }))).toEqual([]);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const message = `a message of this test ${Math.random()}`;
    expect([warnOnce(message), warnOnce(message)]).toEqual([true, false]);
    expect(warn).toHaveBeenCalledTimes(1);
  } finally {
    warn.mockRestore();
  }
});
