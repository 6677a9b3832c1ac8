/**
 * Runs a Docusaurus command next to the local identity service (issue #2): `npm start` and
 * `npm run serve` use it. In local mode (no COGNITO_USER_POOL_ID) the identity service starts first
 * in this process; the child command inherits the terminal; Ctrl-C stops both.
 *
 * Usage: tsx scripts/with-local-identity.ts <docusaurus sub-command> [args…]
 */
import { spawn } from 'node:child_process';
import { portalEnv } from '../config/env';
import { startDefaultLocalIdentity } from '../local/identity/default';
import type { LocalIdentity } from '../local/identity';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0) throw new Error('usage: with-local-identity.ts <docusaurus sub-command> [args…]');
  let identity: LocalIdentity | undefined;
  if (portalEnv.auth.mode === 'local') {
    identity = await startDefaultLocalIdentity(portalEnv);
  } else {
    console.log(`[identity] Using Cognito user pool ${portalEnv.auth.userPoolId} (${portalEnv.auth.region}).`);
  }
  const child = spawn(
    process.execPath,
    [
      require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
      ...args,
      '--port',
      String(portalEnv.sitePort),
      '--no-open',
    ],
    { stdio: 'inherit' },
  );
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => {
    void (identity?.close() ?? Promise.resolve()).finally(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const hint = /EADDRINUSE/.test(message)
    ? ` (port ${portalEnv.localIdentity.port} is in use: stop the other portal or set LOCAL_IDENTITY_PORT)`
    : '';
  console.error(`Could not start the portal: ${message}${hint}`);
  process.exit(1);
});
