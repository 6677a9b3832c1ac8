/**
 * The MCP server's side of the authorization server: whether an access token the authorization server issued
 * lets a request into `/mcp`. Its tokens are opaque (oidc-provider's `opaque` format: the token is the id of
 * the record that holds its grant), so the MCP server looks the token up in the authorization server's store
 * (./store.ts), in the gate's process or, on AWS, from the MCP function: issued as an access token, for the
 * MCP endpoint (RFC 8707 audience), with the `mcp` scope, and not expired. A token revoked, or whose grant
 * was revoked, is gone from the store. The answer has the shape of the gate's other verifier
 * (rules/access.ts `AccessTokenVerifier`), so the one access decision takes either.
 */
import type { AccessTokenVerifier, TokenCheck } from '../../rules/access';
import { MCP_SCOPE } from './scopes';
import type { OAuthStore } from './store';

/** Longest token looked up, in characters: the authorization server's are 43 (256 bits, base64url). */
export const MAX_OPAQUE_TOKEN_CHARS = 128;

/** Whether `token` is shaped like the authorization server's: base64url characters, bounded. */
function isOpaqueToken(token: string): boolean {
  if (token.length === 0 || token.length > MAX_OPAQUE_TOKEN_CHARS) return false;
  for (const char of token)
    if (!(
      (char >= 'a' && char <= 'z') ||
      (char >= 'A' && char <= 'Z') ||
      (char >= '0' && char <= '9') ||
      char === '-' ||
      char === '_'
    ))
      return false;
  return true;
}

/**
 * The verifier of the authorization server's access tokens for `resource` (`<site>/mcp`).
 *
 * @param now - the clock, ms since the epoch.
 */
export function mcpAccessTokenVerifier(
  store: OAuthStore,
  resource: string,
  now: () => number = Date.now,
): AccessTokenVerifier {
  const tokens = store.adapter('AccessToken');
  return {
    async check(token): Promise<TokenCheck> {
      const refuse = (reason: string, expired = false): TokenCheck => ({ valid: false, expired, reason });
      if (!isOpaqueToken(token)) return refuse('not an access token of the portal’s authorization server');
      const payload = await tokens.find(token);
      if (!payload) return refuse('unknown, revoked or expired access token');
      const nowS = Math.floor(now() / 1000);
      if (payload.kind !== 'AccessToken') return refuse('not an access token');
      if (typeof payload.exp !== 'number' || payload.exp <= nowS) return refuse('the access token has expired', true);
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audience.includes(resource)) return refuse(`the access token is not for ${resource}`);
      const scopes = String(payload.scope ?? '').split(' ');
      if (!scopes.includes(MCP_SCOPE)) return refuse(`the access token lacks the ${MCP_SCOPE} scope`);
      if (typeof payload.accountId !== 'string') return refuse('the access token names no reader');
      return {
        valid: true,
        payload: {
          sub: payload.accountId,
          client_id: payload.clientId ?? null,
          ...(payload.scope !== undefined && { scope: payload.scope }),
          exp: payload.exp,
          ...(payload.iat !== undefined && { iat: payload.iat }),
          token_use: 'access',
          // The authorization server's token: the MCP server finds the reader's user-pool token for call_api.
          portal_oauth: true,
        },
      };
    },
  };
}
