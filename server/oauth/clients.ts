/**
 * The MCP clients the authorization server knows before they ask: Claude Code, Cursor and VS Code, each a
 * public native client (no secret, PKCE) with the redirect URIs it uses, so a reader can name it without
 * dynamic registration (`claude mcp add --client-id claude-code …`). Loopback redirects match on any port
 * (RFC 8252 §7.3; oidc-provider does so for native clients), as desktop tools choose theirs.
 *
 * Sources for the redirect URIs: Claude Code's client metadata document
 * (`https://claude.ai/oauth/claude-code-client-metadata`: `http://localhost/callback`,
 * `http://127.0.0.1/callback`); Cursor's MCP documentation (`cursor://anysphere.cursor-mcp/oauth/callback`,
 * and its hosted callback `https://www.cursor.com/agents/mcp/oauth/callback`); VS Code's dynamic
 * registration (microsoft/vscode#278512: `http://127.0.0.1/`, `https://vscode.dev/redirect`,
 * `https://insiders.vscode.dev/redirect`).
 */
import type { ClientMetadata } from 'oidc-provider';

/** A pre-registered client's id and the name the consent page shows. */
export const PRE_REGISTERED = {
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'Visual Studio Code',
} as const;

/** The pre-registered clients as oidc-provider takes them. */
export function preRegisteredClients(): ClientMetadata[] {
  const client = (id: keyof typeof PRE_REGISTERED, redirectUris: string[]): ClientMetadata => ({
    client_id: id,
    client_name: PRE_REGISTERED[id],
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: redirectUris,
  });
  return [
    client('claude-code', ['http://localhost/callback', 'http://127.0.0.1/callback']),
    client('cursor', [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
    ]),
    client('vscode', [
      'http://127.0.0.1/',
      'http://localhost/',
      'https://vscode.dev/redirect',
      'https://insiders.vscode.dev/redirect',
    ]),
  ];
}
