/**
 * The gate of a deployment (a Cognito user pool configured): serves the production build through
 * server/app.ts on HOST:PORT, trusting only that pool's keys, and stops cleanly on SIGINT/SIGTERM.
 * It never runs the local stand-ins: without COGNITO_USER_POOL_ID it exits with one line saying to use
 * `npm run serve` (scripts/serve.ts), which starts the local services and trusts their keys on a
 * loopback HOST only. It refuses a build made with other settings (./builtFor.ts).
 */
import { portalEnv } from '../config/env';
import { servedBuildRefusal } from './builtFor';
import { BUILD_DIR, closeOnSignal, listen } from './listen';

async function main(): Promise<void> {
  if (portalEnv.auth.mode !== 'cognito') {
    throw new Error(
      'COGNITO_USER_POOL_ID is not set: server/server.ts serves a deployment with a user pool. ' +
        'For a local run, use npm run serve (it starts the local identity service first).',
    );
  }
  // A build made for another pool or other addresses would send readers to sign in where nothing answers.
  const refusal = servedBuildRefusal(BUILD_DIR, portalEnv);
  if (refusal) throw new Error(refusal);
  const app = await listen(portalEnv);
  closeOnSignal(() => app.close());
}

main().catch((error: unknown) => {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
