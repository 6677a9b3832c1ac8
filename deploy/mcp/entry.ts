/**
 * The MCP function's entry point `npm run deploy:build` bundles (issue #27): the handler with its
 * configuration baked in by esbuild (`define`), reading the build's pages, search index and contract from
 * the `content/` folder copied beside it.
 */
import path from 'node:path';
import { mcpContentOf } from '../../server/mcp/content';
import { createMcpHandler, type McpFunctionConfig } from './handler';

declare const __MCP_CONFIG__: McpFunctionConfig;

export const handler = createMcpHandler(__MCP_CONFIG__, mcpContentOf(path.join(__dirname, 'content')));
