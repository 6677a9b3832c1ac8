/**
 * The MCP server at `/mcp` (server/mcp): where its `call_api` tool sends requests, the port it runs on beside the
 * dev server, and the authorization server AI tools sign in through (server/oauth).
 */
import { CUSTOMER_BASE_PATH } from '../../rules/contract';
import { type AuthSettings, LOCAL_MCP_CLIENT_ID } from './identity';
import { ConfigError, type Env, read, readPort } from './read';

/** The MCP server (server/mcp). */
export interface McpSettings {
  /**
   * Where its `call_api` tool sends requests, with the caller's own token: the local sandbox in local mode;
   * with a user pool, the provider's API (`<API_HOST>/api/v1/customer`) only when MCP_CALL_API=provider,
   * else `null` (the tool says calls are off). Unset or `off` is the default: an agent tries the API
   * against the provider only where the portal's operator chose so.
   */
  callApiBase: string | null;
  /**
   * Port of the MCP server `npm start` runs beside the dev server, which proxies `/mcp` to it
   * (MCP_DEV_PORT, default 3001; `npm run serve` and deployments serve `/mcp` themselves).
   */
  devPort: number;
  /** Sign-in for AI tools through the portal's authorization server (server/oauth), or undefined where it is off. */
  oauth?: McpOAuthSettings;
}

/**
 * The portal's OAuth authorization server for MCP clients (server/oauth): on in local mode (the local hosted
 * UI and the local pool's MCP app client), and with a user pool when COGNITO_MCP_CLIENT_ID names its MCP app
 * client and COGNITO_OAUTH_DOMAIN its hosted UI. Off, AI tools send a pasted access token.
 */
export interface McpOAuthSettings {
  /** The user pool's app client for AI tools' sign-in (COGNITO_MCP_CLIENT_ID; local: {@link LOCAL_MCP_CLIENT_ID}). */
  clientId: string;
  /** The hosted UI's origin: `https://<COGNITO_OAUTH_DOMAIN>`, or the local one's. */
  hostedUi: string;
  /**
   * At least 32 characters that derive the server's cookie keys and signing key (MCP_OAUTH_SECRET); unset, the
   * single-process gate draws one and keeps it in {@link dataDir}. A deployment on AWS passes its own.
   */
  secret?: string;
  /** Folder of the gate's SQLite store and drawn secret (MCP_OAUTH_DATA_DIR; default `.local/oauth`). */
  dataDir?: string;
  /**
   * How long an AI tool's access token lasts, in seconds (MCP_OAUTH_ACCESS_TOKEN_SECONDS, 5 to 86400,
   * default 3600; a few seconds only in tests of the refresh); its refresh token lasts as long as a web session's (`REFRESH_TOKEN_VALIDITY_DAYS`, config/env/identity.ts).
   */
  accessTokenSeconds: number;
}

/**
 * MCP_CALL_API (`off` or `provider`) and where `call_api` goes ({@link McpSettings}).
 *
 * @param apiHost - the provider's API host (API_HOST), if set.
 * @throws {ConfigError} for an unknown MCP_CALL_API, `provider` without API_HOST, or bad sign-in settings ({@link readMcpOAuth}).
 */
export function readMcp(env: Env, auth: AuthSettings, apiHost: string | undefined): McpSettings {
  const value = (read(env, 'MCP_CALL_API') ?? 'off').toLowerCase();
  if (value !== 'off' && value !== 'provider') {
    throw new ConfigError('MCP_CALL_API', `"${value}" is not off or provider.`);
  }
  const devPort = readPort(env, 'MCP_DEV_PORT', 3001);
  const oauth = readMcpOAuth(env, auth);
  if (auth.mode === 'local') {
    return {
      callApiBase: `http://localhost:${readPort(env, 'SANDBOX_PORT', 4010)}${CUSTOMER_BASE_PATH}`,
      devPort,
      oauth,
    };
  }
  if (value === 'off') return { callApiBase: null, devPort, oauth };
  if (!apiHost) throw new ConfigError('MCP_CALL_API', 'provider needs API_HOST, the provider API host to call.');
  return { callApiBase: `${apiHost}${CUSTOMER_BASE_PATH}`, devPort, oauth };
}

/** The MCP authorization server's settings (see {@link McpOAuthSettings}). */
function readMcpOAuth(env: Env, auth: AuthSettings): McpOAuthSettings | undefined {
  const seconds = Number(read(env, 'MCP_OAUTH_ACCESS_TOKEN_SECONDS') ?? 3600);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86_400)
    throw new ConfigError(
      'MCP_OAUTH_ACCESS_TOKEN_SECONDS',
      `"${read(env, 'MCP_OAUTH_ACCESS_TOKEN_SECONDS')}" is not a whole number of seconds from 5 to 86400.`,
    );
  const secret = read(env, 'MCP_OAUTH_SECRET');
  if (secret !== undefined && secret.length < 32)
    throw new ConfigError('MCP_OAUTH_SECRET', 'it must be at least 32 characters (e.g. `openssl rand -hex 32`).');
  const common = { secret, dataDir: read(env, 'MCP_OAUTH_DATA_DIR'), accessTokenSeconds: seconds };
  if (auth.mode === 'local')
    return {
      ...common,
      clientId: LOCAL_MCP_CLIENT_ID,
      hostedUi: `https://localhost:${readPort(env, 'HOSTED_UI_PORT', 9230)}`,
    };
  const clientId = read(env, 'COGNITO_MCP_CLIENT_ID');
  if (!clientId) return undefined;
  if (!auth.oauth.domain)
    throw new ConfigError(
      'COGNITO_MCP_CLIENT_ID',
      'AI tools sign in through the hosted UI: set COGNITO_OAUTH_DOMAIN too.',
    );
  return { ...common, clientId, hostedUi: `https://${auth.oauth.domain}` };
}
