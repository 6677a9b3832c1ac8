/**
 * The gate as `npm run serve` runs it (scripts/serve.sh: its bundle `dist/serve.js`, rebuilt first, in its own
 * process group, the local services in their child process), started for a bench over the current `build/`, with
 * the headers of a signed-in reader (an access token signed with the local identity service's key).
 * `npm run bench:gate` and `npm run bench:insights` use it. The gate listens on a loopback inspector port too, through which
 * {@link LocalGate.heap} reads its heap.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_APP_CLIENT_ID, LOCAL_USER_POOL_ID, parseEnv } from '../../config/env';
import { recordBuildIdentity } from '../../postbuild/buildIdentity';
import { BUILD_IDENTITY_FILE } from '../../rules/buildFiles';
import { mintToken, sessionCookie } from '../../local/identity/tokens';
import { waitForHttp } from '../../scripts/waitForHttp';
import type { GatePorts } from './ports';

/** A started gate. */
export interface LocalGate {
  /** The gate's own process (scripts/serve.sh execs `node dist/serve.js`); the local services run in its child. */
  process: ChildProcess;
  /** `Cookie` and `Accept` of a signed-in reader asking for pages. */
  signedIn: Record<string, string>;
  /** The same headers for another reader, whose user id is `subject`. */
  signedInAs(subject: string): Record<string, string>;
  /** The gate process's V8 heap, in bytes, as its inspector reports it (`Runtime.getHeapUsage`). */
  heap(): Promise<{ used: number; total: number }>;
  /** Stops the gate's process group and removes its data folder. */
  stop(): void;
}

/** Starts `command args` detached (its own process group) with `env` added to this process's environment. */
export function startDetached(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // eslint-disable-next-line no-restricted-properties -- the child gets this environment plus its ports
  return spawn(command, args, { stdio: 'ignore', detached: true, env: { ...process.env, ...env } });
}

/** One call to the inspector at `port` (Chrome DevTools Protocol over its WebSocket). */
async function inspect<T>(port: number, method: string): Promise<T> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    return await new Promise<T>((resolve, reject) => {
      socket.addEventListener('open', () => socket.send(JSON.stringify({ id: 1, method })));
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: T; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result as T);
      });
      socket.addEventListener('error', () => reject(new Error(`the gate's inspector at ${port} did not answer`)));
    });
  } finally {
    socket.close();
  }
}

/**
 * Bundles the gate, starts it and its local services on `ports`, and waits until `page` answers the signed-in
 * reader.
 *
 * @param env - more of the gate's environment (e.g. INSIGHTS_DATA_DIR).
 * @throws {Error} when `build/` is missing, or the gate does not answer `page` with 200.
 */
export async function startLocalGate(
  ports: GatePorts,
  page: string,
  env: Record<string, string> = {},
): Promise<LocalGate> {
  if (!fs.existsSync('build/sign-in-assets.json'))
    throw new Error('build/ is missing or old: run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gate-identity-'));
  const portsEnv = {
    PORT: String(ports.gate),
    LOCAL_IDENTITY_PORT: String(ports.identity),
    SANDBOX_PORT: String(ports.sandbox),
    HOSTED_UI_PORT: String(ports.hostedUi),
    IDP_PORT: String(ports.idp),
  };
  // The gate serves a build only with the addresses it was built for (server/builtFor.ts), and the bench's differ
  // from the build's (its pages' sign-in is never used here): the record says the bench's until the gate has read
  // it at its start, then the build's again.
  const record = path.join('build', BUILD_IDENTITY_FILE);
  const builtFor = fs.readFileSync(record, 'utf8');
  // eslint-disable-next-line no-restricted-properties -- the gate's configuration: this environment plus its ports
  recordBuildIdentity('build', parseEnv({ ...process.env, ...portsEnv, ...env }));
  // `npm run serve`'s own command (it bundles the sources, then runs the bundle), less npm.
  const child = startDetached('sh', ['scripts/serve.sh'], {
    NODE_OPTIONS: `--inspect=127.0.0.1:${ports.inspector}`,
    ...portsEnv,
    LOCAL_IDENTITY_DATA_DIR: dataDir,
    ...env,
  });
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://localhost:${ports.gate}/login`).finally(() => fs.writeFileSync(record, builtFor));
    const signedInAs = (subject?: string) => {
      const token = mintToken({
        iss: `http://localhost:${ports.identity}/${LOCAL_USER_POOL_ID}`,
        client_id: LOCAL_APP_CLIENT_ID,
        ...(subject ? { sub: subject } : {}),
      });
      return { cookie: sessionCookie({ accessToken: token }), accept: 'text/html' };
    };
    const signedIn = signedInAs();
    const check = await fetch(`http://localhost:${ports.gate}${page}`, { headers: signedIn, redirect: 'manual' });
    if (check.status !== 200) throw new Error(`the gate answered ${check.status} to the bench token`);
    const heap = async () => {
      const usage = await inspect<{ usedSize: number; totalSize: number }>(ports.inspector, 'Runtime.getHeapUsage');
      return { used: usage.usedSize, total: usage.totalSize };
    };
    return { process: child, signedIn, signedInAs, heap, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
