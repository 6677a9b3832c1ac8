/**
 * `npm run sandbox`: runs the local sandbox API alone on SANDBOX_PORT (default 4010). `npm start` and
 * `npm run serve` (local mode) run it for you. Its tokens come from the local identity service
 * (`npm run identity`, or the portal's sign-in).
 */
import { startLocalSandbox } from './index';

startLocalSandbox()
  .then((sandbox) => {
    const stop = () => void sandbox.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(`Local sandbox failed to start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
