/**
 * Runs a Docusaurus command next to the local services (issues #2, #11): `npm start` uses it. In local
 * mode (no COGNITO_USER_POOL_ID) the identity service and the sandbox API start first in this process;
 * the child command inherits the terminal; Ctrl-C stops all three.
 *
 * Usage: tsx scripts/with-local-services.ts <docusaurus sub-command> [args…]
 */
import { spawn } from 'node:child_process';
import { portalEnv } from '../config/env';
import { startLocalServices } from '../local';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0) throw new Error('usage: with-local-services.ts <docusaurus sub-command> [args…]');
  const services = await startLocalServices(portalEnv);
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
    void services.close().finally(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

main().catch((error: unknown) => {
  console.error(`Could not start the portal: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
