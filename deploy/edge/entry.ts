/**
 * The Lambda@Edge entry point `npm run deploy:build` bundles: the handler with its configuration baked
 * in by esbuild (`define`), since Lambda@Edge has no environment variables.
 */
import { createHandler, type EdgeConfig } from './handler';

declare const __EDGE_CONFIG__: EdgeConfig;

export const handler = createHandler(__EDGE_CONFIG__);
