/**
 * The gate as `npm run serve` runs it (its own process group, the local identity service beside it), started
 * for a bench over the current `build/`, with the headers of a signed-in reader (an access token signed with
 * the local identity service's key). `npm run bench:gate` and `npm run bench:insights` use it.
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

/** A started gate. */
export interface LocalGate {
  process: ChildProcess;
  /** `Cookie` and `Accept` of a signed-in reader asking for pages. */
  signedIn: Record<string, string>;
  /** The same headers for another reader, whose user id is `subject`. */
  signedInAs(subject: string): Record<string, string>;
  /** Stops the gate's process group and removes its data folder. */
  stop(): void;
}

/** Starts `command args` detached (its own process group) with `env` added to this process's environment. */
export function startDetached(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // eslint-disable-next-line no-restricted-properties -- the child gets this environment plus its ports
  return spawn(command, args, { stdio: 'ignore', detached: true, env: { ...process.env, ...env } });
}

/**
 * Starts the gate on `port`, its identity service on `identityPort`, and waits until `page` answers the
 * signed-in reader.
 *
 * @param env - more of the gate's environment (e.g. INSIGHTS_DATA_DIR).
 * @throws {Error} when `build/` is missing, or the gate does not answer `page` with 200.
 */
export async function startLocalGate(
  port: number,
  identityPort: number,
  page: string,
  env: Record<string, string> = {},
): Promise<LocalGate> {
  if (!fs.existsSync('build/sign-in-assets.json'))
    throw new Error('build/ is missing or old: run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gate-identity-'));
  const ports = { PORT: String(port), LOCAL_IDENTITY_PORT: String(identityPort) };
  // The gate serves a build only with the addresses it was built for (server/builtFor.ts), and the bench's differ
  // from the build's (its pages' sign-in is never used here): the record says the bench's until the gate has read
  // it at its start, then the build's again.
  const record = path.join('build', BUILD_IDENTITY_FILE);
  const builtFor = fs.readFileSync(record, 'utf8');
  // eslint-disable-next-line no-restricted-properties -- the gate's configuration: this environment plus its ports
  recordBuildIdentity('build', parseEnv({ ...process.env, ...ports, ...env }));
  const child = startDetached(process.execPath, [require.resolve('tsx/cli'), 'scripts/serve.ts'], {
    ...ports,
    LOCAL_IDENTITY_DATA_DIR: dataDir,
    ...env,
  });
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://localhost:${port}/login`).finally(() => fs.writeFileSync(record, builtFor));
    const signedInAs = (subject?: string) => {
      const token = mintToken({
        iss: `http://localhost:${identityPort}/${LOCAL_USER_POOL_ID}`,
        client_id: LOCAL_APP_CLIENT_ID,
        ...(subject ? { sub: subject } : {}),
      });
      return { cookie: sessionCookie({ accessToken: token }), accept: 'text/html' };
    };
    const signedIn = signedInAs();
    const check = await fetch(`http://localhost:${port}${page}`, { headers: signedIn, redirect: 'manual' });
    if (check.status !== 200) throw new Error(`the gate answered ${check.status} to the bench token`);
    return { process: child, signedIn, signedInAs, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
