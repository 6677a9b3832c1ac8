/**
 * Where the portal's MCP server lives, how large a request to it may be, and how it tells a client to get
 * a token, for every runtime that answers it: the Fastify gate (server/), the Lambda function behind
 * CloudFront (deploy/mcp) and the access decision (./access.ts).
 *
 * - The endpoint is `/mcp` on the Streamable HTTP transport (MCP spec 2025-11-25, basic/transports).
 * - The server is an OAuth 2.1 resource server (MCP spec 2025-11-25, basic/authorization): it publishes
 *   RFC 9728 Protected Resource Metadata at the path-inserted well-known URI
 *   `/.well-known/oauth-protected-resource/mcp`, naming the user pool as its authorization server, and a
 *   401 carries `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728 §5.1, RFC 6750 §3).
 */

/** The MCP endpoint's path on the site. */
export const MCP_PATH = '/mcp';

/**
 * Largest request body `/mcp` reads, in bytes (1 MiB); a larger one gets 413 before it is parsed. One
 * JSON-RPC message of the portal's tools takes a few KiB (every string argument has a `maxLength`,
 * server/mcp/server.ts), so the cap leaves room for a `call_api` request body and bounds what one request
 * can make the server parse. Fastify's default `bodyLimit` is the same figure.
 */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

/** RFC 9728 §3.1: the well-known path with the resource's path inserted after it. */
export const PROTECTED_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/**
 * Every path the metadata is served at: the path-inserted one (named in the 401's challenge) and the root
 * one, which MCP clients try last (MCP spec 2025-11-25, basic/authorization, "Protected Resource Metadata
 * Discovery"); the portal has one protected resource, so both describe `/mcp`.
 */
export const PROTECTED_RESOURCE_METADATA_PATHS = [
  PROTECTED_RESOURCE_METADATA_PATH,
  '/.well-known/oauth-protected-resource',
] as const;

/**
 * The methods the metadata answers (RFC 9728 §3.1: a GET; HEAD as HTTP allows). Every other method gets 405
 * with `Allow` from the path itself, in the gate and in the Lambda function alike, so no request there falls
 * through to a not-found page.
 */
export const PROTECTED_RESOURCE_METADATA_METHODS = ['GET', 'HEAD'] as const;

/**
 * Where the portal's OAuth authorization server for MCP clients lives (server/oauth): its issuer is
 * `<site>/oauth`, its endpoints and the reader's consent page are under this prefix, and the user pool's hosted
 * UI sends the reader back to {@link MCP_OAUTH_CALLBACK_PATH}.
 */
export const MCP_OAUTH_PREFIX = '/oauth';

/** Where the hosted UI returns the reader after sign-in (the MCP app client's callback URL). */
export const MCP_OAUTH_CALLBACK_PATH = `${MCP_OAUTH_PREFIX}/callback`;

/**
 * The authorization server's metadata at the RFC 8414 §3.1 address for the issuer `<site>/oauth` (the
 * well-known path with the issuer's path after it), which MCP clients try before OpenID Connect discovery.
 */
export const AUTHORIZATION_SERVER_METADATA_PATH = `/.well-known/oauth-authorization-server${MCP_OAUTH_PREFIX}`;

/** The issuer of the portal's authorization server for `siteUrl` (without a trailing slash). */
export const mcpOAuthIssuer = (siteUrl: string) => `${siteUrl}${MCP_OAUTH_PREFIX}`;

/**
 * Whether `path` (decoded) is the authorization server's: it answers clients and readers who have no portal
 * session yet, so the gates let it through and the server decides itself.
 */
export function isAuthorizationServerPath(path: string): boolean {
  return path === AUTHORIZATION_SERVER_METADATA_PATH || path.startsWith(`${MCP_OAUTH_PREFIX}/`);
}

/** The user pool as the MCP client sees it. */
export interface McpAuthorizationServer {
  /**
   * The authorization server's issuer: the portal's own (`<site>/oauth`, {@link mcpOAuthIssuer}) where it
   * runs, else the user pool's, e.g. `https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123xyz` (it
   * serves OpenID Connect Discovery at `<issuer>/.well-known/openid-configuration`).
   */
  issuer: string;
  /** The scopes a client asks it for (the portal's authorization server: `mcp`). */
  scopes?: readonly string[];
}

/**
 * The RFC 9728 document for the MCP endpoint (§2: `resource` is required and must equal the URL the
 * client connects to; the MCP authorization spec requires `authorization_servers`).
 *
 * @param siteUrl - the site's public URL without a trailing slash, e.g. `https://docs.example.com`.
 */
export function protectedResourceMetadata(siteUrl: string, server: McpAuthorizationServer, productName: string) {
  return {
    resource: `${siteUrl}${MCP_PATH}`,
    authorization_servers: [server.issuer],
    // RFC 6750 §2.1 only: the MCP authorization spec forbids tokens in the query string.
    bearer_methods_supported: ['header'],
    ...(server.scopes ? { scopes_supported: [...server.scopes] } : {}),
    resource_name: `${productName} developer portal`,
    resource_documentation: `${siteUrl}/docs/api/mcp`,
  };
}

/**
 * The `WWW-Authenticate` challenge of a refused MCP request: RFC 6750 §3 with RFC 9728 §5.1's
 * `resource_metadata`, and `error="invalid_token"` when a token was sent but is not a valid access token.
 *
 * @param siteUrl - the site's public URL without a trailing slash.
 */
export function mcpChallenge(siteUrl: string, tokenSent: boolean): string {
  const metadata = `resource_metadata="${siteUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;
  return tokenSent ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`;
}
