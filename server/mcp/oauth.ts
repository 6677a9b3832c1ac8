/**
 * The MCP endpoint's side of the portal's authorization server (server/oauth), for every runtime that serves
 * the endpoint: the gate and `npm start`'s MCP server (./fastify.ts), where the authorization server runs in the
 * same process, and the MCP function on AWS (deploy/mcp), where it runs in a function of its own and the two
 * share its store (DynamoDB). Either way the endpoint needs the same four things of it ({@link McpOAuth}) and
 * does the same with them:
 *
 * - the protected-resource metadata names it (issuer `<site>/oauth`, scope `mcp`) instead of the user pool;
 * - the access decision takes its opaque tokens on `/mcp` (rules/access.ts `GateSettings.mcpOAuthVerifier`);
 * - `call_api` sends the reader's user-pool access token behind an AI tool's grant, never the tool's token.
 */
import { bearerToken, type GateDecision, type GateSettings } from '../../rules/access';
import { MCP_PATH, mcpOAuthIssuer, type McpAuthorizationServer } from '../../rules/mcp';
import type { AuthorizationServer } from '../oauth/authorizationServer';
import {
  refreshTokenSecondsOf,
  userPoolClientOf,
  type AuthorizationServerSettings,
  type UserPoolTrust,
} from '../oauth/options';
import { mcpAccessTokenVerifier } from '../oauth/resourceServer';
import { MCP_SCOPE } from '../oauth/scopes';
import { UserPoolSessions } from '../oauth/sessions';
import type { OAuthStore } from '../oauth/store';

/**
 * What the MCP endpoint knows of the authorization server: its issuer, the resource its tokens are for
 * (`<site>/mcp`), the store they are kept in, and the readers' user-pool sessions. A running
 * {@link AuthorizationServer} is one.
 */
export type McpOAuth = Pick<AuthorizationServer, 'issuer' | 'resource' | 'store' | 'sessions'>;

/**
 * The authorization server as an MCP endpoint away from it sees it (the MCP function on AWS): the same issuer,
 * resource and sessions it has (./options.ts), over its store.
 */
export function mcpOAuthOf(
  settings: AuthorizationServerSettings,
  store: OAuthStore,
  trust: UserPoolTrust = {},
): McpOAuth {
  return {
    issuer: mcpOAuthIssuer(settings.siteUrl),
    resource: `${settings.siteUrl}${MCP_PATH}`,
    store,
    sessions: new UserPoolSessions(store, userPoolClientOf(settings, trust), refreshTokenSecondsOf(settings.auth)),
  };
}

/**
 * The authorization server the protected-resource metadata names: the portal's, with the `mcp` scope, where
 * it runs; else the user pool (`userPoolIssuer`, config/env.ts `userPoolIssuer`).
 */
export function metadataAuthorizationServer(userPoolIssuer: string, oauth?: McpOAuth): McpAuthorizationServer {
  return oauth ? { issuer: oauth.issuer, scopes: [MCP_SCOPE] } : { issuer: userPoolIssuer };
}

/** The access decision's check of the authorization server's tokens, where it runs (none otherwise). */
export function mcpOAuthRules(oauth?: McpOAuth): Pick<GateSettings, 'mcpOAuthVerifier'> {
  return oauth ? { mcpOAuthVerifier: mcpAccessTokenVerifier(oauth.store, oauth.resource) } : {};
}

/**
 * The token `call_api` sends to the customer API: the caller's own when it is a user-pool access token; for an
 * AI tool signed in through the authorization server, the reader's user-pool access token behind its grant
 * (server/oauth/sessions.ts), never the tool's token itself. `''` when the pool no longer signs the reader in.
 *
 * @param access - who issued the token that let the request in, and its reader (rules/access.ts `decide`).
 * @param authorization - the request's `Authorization` header.
 * @throws {Error} when the identity service cannot be reached to renew the reader's token.
 */
export async function callApiToken(
  access: Pick<Extract<GateDecision, { pass: true }>, 'issuedBy' | 'subject'>,
  authorization: string | undefined,
  oauth?: McpOAuth,
): Promise<string> {
  if (access.issuedBy !== 'authorization-server') return bearerToken(authorization) ?? '';
  if (!oauth || !access.subject) return '';
  return (await oauth.sessions.accessToken(access.subject)) ?? '';
}
