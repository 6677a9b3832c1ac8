/**
 * The MCP function's entry point `npm run deploy:build` bundles: the handler with its configuration baked
 * in by esbuild (`define`), reading the build's pages, search index and contract from the `content/` folder
 * copied beside it, and the origin secret from the environment the site stack sets (./originSecret.ts), with,
 * where AI tools sign in through the portal's authorization server, that server's DynamoDB table
 * (deploy/oauth/environment.ts). Without the secret, or the table where it needs one, the function does not start.
 */
import path from 'node:path';
import { mcpContentOf } from '../../server/mcp/content';
import { dynamoOAuthStore } from '../../server/oauth/dynamoStore';
import { OAUTH_TABLE_ENV } from '../oauth/environment';
import { createMcpHandler, type McpFunctionConfig } from './handler';
import { ORIGIN_SECRET_ENV } from '../functionUrl/originSecret';

declare const __MCP_CONFIG__: McpFunctionConfig;

// eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
const oauthTable = process.env[OAUTH_TABLE_ENV];
if (__MCP_CONFIG__.oauth && !oauthTable)
  throw new Error(`${OAUTH_TABLE_ENV} is not set: the site stack sets it to the authorization server's table`);

export const handler = createMcpHandler(
  __MCP_CONFIG__,
  mcpContentOf(path.join(__dirname, 'content')),
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[ORIGIN_SECRET_ENV],
  __MCP_CONFIG__.oauth && oauthTable ? dynamoOAuthStore(oauthTable) : undefined,
);
