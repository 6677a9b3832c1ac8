/**
 * `npm start` serves `/mcp`: the dev server proxies the MCP endpoint and its protected-resource
 * metadata, the authorization server AI tools sign in with (`/oauth/…` and its RFC 8414 metadata), and reader insights (rules/insights.ts), to the MCP server scripts/with-local-services.ts starts
 * beside it (server/listen.ts `listenMcpDev`). A plugin's `configureWebpack` may return `devServer` options, which Docusaurus merges
 * into its dev server's (facebook/docusaurus#6107); the production build has no dev server and ignores them.
 */
import type { Plugin } from '@docusaurus/types';
import { INSIGHTS_EVENTS_PATH } from '../../rules/insights';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  MCP_OAUTH_PREFIX,
  MCP_PATH,
  PROTECTED_RESOURCE_METADATA_PATHS,
} from '../../rules/mcp';

/**
 * The plugin for an MCP server on `port` (config/env.ts `mcp.devPort`).
 *
 * @returns a Docusaurus plugin module (a function of the load context).
 */
export default function mcpDevProxy(port: number): () => Plugin {
  return () => ({
    name: 'mcp-dev-proxy',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        devServer: {
          proxy: [
            {
              // Each entry matches its path and everything below it.
              context: [
                MCP_PATH,
                ...PROTECTED_RESOURCE_METADATA_PATHS,
                `${MCP_OAUTH_PREFIX}/`,
                AUTHORIZATION_SERVER_METADATA_PATH,
                INSIGHTS_EVENTS_PATH,
              ],
              target: `http://localhost:${port}`,
            },
          ],
        },
      } as object;
    },
  });
}
