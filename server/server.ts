/**
 * The gate of a deployment (a Cognito user pool configured): serves the production build through
 * server/app.ts on HOST:PORT, trusting only that pool's keys, and stops cleanly on SIGINT/SIGTERM.
 * It never runs the local stand-ins: without COGNITO_USER_POOL_ID it exits with one line saying to use
 * `npm run serve` (scripts/serve.ts), which starts the local services and trusts their keys on a
 * loopback HOST only.
 */
import { portalEnv } from '../config/env';
import { closeOnSignal, listen } from './listen';

async function main(): Promise<void> {
  if (portalEnv.auth.mode !== 'cognito') {
    throw new Error(
      'COGNITO_USER_POOL_ID is not set: server/server.ts serves a deployment with a user pool. ' +
        'For a local run, use npm run serve (it starts the local identity service first).',
    );
  }
  const app = await listen(portalEnv);
  closeOnSignal(() => app.close());
}

main().catch((error: unknown) => {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
