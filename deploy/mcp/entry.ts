/**
 * The MCP function's entry point `npm run deploy:build` bundles: the handler with its configuration baked
 * in by esbuild (`define`), reading the build's pages, search index and contract from the `content/` folder
 * copied beside it, and the origin secret from the environment the site stack sets (./originSecret.ts).
 * Without the secret the function does not start.
 */
import path from 'node:path';
import { mcpContentOf } from '../../server/mcp/content';
import { createMcpHandler, type McpFunctionConfig } from './handler';
import { ORIGIN_SECRET_ENV } from './originSecret';

declare const __MCP_CONFIG__: McpFunctionConfig;

export const handler = createMcpHandler(
  __MCP_CONFIG__,
  mcpContentOf(path.join(__dirname, 'content')),
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[ORIGIN_SECRET_ENV],
);
