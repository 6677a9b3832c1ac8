/**
 * @jest-environment node
 *
 * A `.env` file in the folder an npm script runs in configures it, as `node --env-file` would (config/env.ts
 * `loadDotEnv`): `npm start`, `npm run serve`, `npm run token` and `npm run users` each act on what it says, and a
 * variable of the environment wins over the file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadDotEnv } from '../env';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');

const dirs: string[] = [];
const held: net.Server[] = [];
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A folder holding `.env` with `text`: where a script is run, as npm runs it in the project folder. */
function folderWithDotEnv(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dot-env-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, '.env'), text);
  return dir;
}

/** A port another program holds (`listening`), or one nothing listens on now. */
async function port(listening = false): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port: number } = server.address() as AddressInfo;
  if (listening) held.push(server);
  else await new Promise((resolve) => server.close(resolve));
  return number;
}

/**
 * Runs `script` in `cwd` with no portal variable in its environment (and not as a test: NODE_ENV unset), until it
 * exits.
 */
function run(cwd: string, script: string, args: string[] = []) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(NODE_ENV|COGNITO_\w*|UNSAFE_\w*|HOST|SITE_URL|\w*PORT|LOCAL_\w*)$/.test(name),
    ),
  );
  const child = spawn(process.execPath, [tsx, path.join(ROOT, script), ...args], { cwd, env, stdio: 'pipe' });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('loadDotEnv', () => {
  it('adds the file’s variables, Node’s format (comments, quotes), and keeps those the environment has, even empty', () => {
    const dir = folderWithDotEnv('# the site\nPORT=3400\nPRODUCT_NAME="Reg Data"\nSITE_URL=http://x.test\n');
    const env: Record<string, string | undefined> = { SITE_URL: '' };
    expect(loadDotEnv(env, path.join(dir, '.env'))).toBe(true);
    expect(env).toEqual({ PORT: '3400', PRODUCT_NAME: 'Reg Data', SITE_URL: '' });
  });

  it('reads nothing when there is no file, or under a test runner', () => {
    const env: Record<string, string | undefined> = {};
    expect(loadDotEnv(env, path.join(os.tmpdir(), 'no-such-folder', '.env'))).toBe(false);
    const test = { NODE_ENV: 'test' };
    expect(loadDotEnv(test, path.join(folderWithDotEnv('PORT=1\n'), '.env'))).toBe(false);
    expect(test).toEqual({ NODE_ENV: 'test' });
  });
});

describe('every npm script reads .env', () => {
  it.each([
    ['npm start', 'scripts/with-local-services.ts', ['start', '--host', 'localhost']],
    ['npm run serve', 'scripts/serve.ts', []],
  ])(
    '%s listens on the ports .env sets: a taken PORT there stops it, named',
    async (_command, script, args) => {
      const taken = await port(true);
      const others = ['MCP_DEV_PORT', 'LOCAL_IDENTITY_PORT', 'SANDBOX_PORT', 'HOSTED_UI_PORT', 'IDP_PORT'];
      const lines = [`PORT=${taken}`];
      for (const variable of others) lines.push(`${variable}=${await port()}`);
      const result = await run(folderWithDotEnv(`${lines.join('\n')}\n`), script, args);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`port ${taken} is in use: stop what holds it or set PORT.`);
    },
    60_000,
  );

  it('npm run token signs in at the identity service .env names', async () => {
    const identity = await port();
    const result = await run(folderWithDotEnv(`LOCAL_IDENTITY_PORT=${identity}\n`), 'scripts/token.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`token: cannot reach http://localhost:${identity}/`);
  }, 60_000);

  it('npm run users acts on the identity service .env names', async () => {
    const identity = await port();
    const result = await run(folderWithDotEnv(`LOCAL_IDENTITY_PORT=${identity}\n`), 'scripts/users/cli.ts', ['list']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Acting on the local identity service at http://localhost:${identity}`);
  }, 60_000);
});
