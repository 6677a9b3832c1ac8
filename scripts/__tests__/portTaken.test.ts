/**
 * @jest-environment node
 *
 * `npm start` and `npm run serve` with a port another program holds exit non-zero before starting anything, with
 * one line naming the port and the variable that moves it (server/ports.ts): Docusaurus alone would exit 0, or
 * offer another port the pages do not know.
 */
import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli');

/** A server holding a port, as another program would; closed after the test. */
const held: net.Server[] = [];
afterAll(() => Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A port `listening` holds, or, when not, one nothing listens on now. */
async function port(listening: boolean): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port: number } = server.address() as AddressInfo;
  if (listening) held.push(server);
  else await new Promise((resolve) => server.close(resolve));
  return number;
}

/** Runs `script` with the environment `vars` (no other port, pool or site variable), until it exits. */
function run(script: string, args: string[], vars: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|HOST$|SITE_URL$|.*PORT$)/.test(name)),
  );
  const child = spawn(process.execPath, [tsx, script, ...args], { cwd: ROOT, env: { ...clean, ...vars } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** Every port a local run listens on, free, but `taken`, which another program holds. */
async function portsWith(taken: string): Promise<Record<string, string>> {
  const vars: Record<string, string> = {};
  for (const variable of ['PORT', 'MCP_DEV_PORT', 'LOCAL_IDENTITY_PORT', 'SANDBOX_PORT', 'HOSTED_UI_PORT', 'IDP_PORT'])
    vars[variable] = String(await port(variable === taken));
  return vars;
}

it.each([
  ['npm start', 'PORT', 'scripts/with-local-services.ts', ['start', '--host', 'localhost']],
  ['npm start', 'SANDBOX_PORT', 'scripts/with-local-services.ts', ['start', '--host', 'localhost']],
  ['npm run serve', 'PORT', 'scripts/serve.ts', []],
  ['npm run serve', 'LOCAL_IDENTITY_PORT', 'scripts/serve.ts', []],
])(
  '%s with %s taken exits 1 naming the variable, before starting anything',
  async (_command, taken, script, args) => {
    const vars = await portsWith(taken);
    const result = await run(script, args, vars);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`port ${vars[taken]} is in use: stop what holds it or set ${taken}.`),
    ]);
    expect(result.stdout).toBe('');
  },
  60_000,
);
