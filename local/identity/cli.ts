/**
 * `npm run identity`: runs the local identity service alone on LOCAL_IDENTITY_PORT (default 9229),
 * seeded with the demo user (DEMO_USERNAME / DEMO_PASSWORD). `npm start` runs it for you.
 */
import { portalEnv } from '../../config/env';
import { startDefaultLocalIdentity } from './default';

startDefaultLocalIdentity(portalEnv)
  .then((identity) => {
    const stop = () => void identity.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(`Local identity service failed to start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
