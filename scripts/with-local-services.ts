/**
 * Runs a Docusaurus command next to the local services (issues #2, #11): `npm start` uses it. In local
 * mode (no COGNITO_USER_POOL_ID) the identity service and the sandbox API start first in this process,
 * then the MCP server the dev server proxies `/mcp` to (issue #27);
 * the child command inherits the terminal; Ctrl-C stops them all.
 *
 * Usage: tsx scripts/with-local-services.ts <docusaurus sub-command> [args…]
 */
import { spawn } from 'node:child_process';
import { portalEnv } from '../config/env';
import path from 'node:path';
import { BUNDLED_SPEC_PATH } from '../config/openapi';
import { startLocalServices } from '../local';
import { LOCAL_JWKS } from '../local/identity/jwks';
import { listenMcpDev } from '../server/listen';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0) throw new Error('usage: with-local-services.ts <docusaurus sub-command> [args…]');
  const services = await startLocalServices(portalEnv);
  // The dev server has no gate: /mcp is proxied to this server, behind the same access decision (issue #27).
  const mcp = await listenMcpDev(
    portalEnv,
    portalEnv.auth.mode === 'local' ? LOCAL_JWKS : undefined,
    path.resolve(__dirname, '..', BUNDLED_SPEC_PATH),
  );
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
    void Promise.all([mcp.close(), services.close()]).finally(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

main().catch((error: unknown) => {
  console.error(`Could not start the portal: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
