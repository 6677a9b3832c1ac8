/**
 * The MCP authorization server as the portal's configuration describes it (config/env.ts `mcp.oauth`): the
 * single-process gate and `npm start`'s MCP server build it here, with a SQLite store (./sqliteStore.ts) in
 * MCP_OAUTH_DATA_DIR; the function on AWS builds its own from the same options (./options.ts) with the DynamoDB
 * store (deploy/oauth).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { PortalEnv } from '../../config/env';
import { authorizationServerViewOf, createAuthorizationServer } from './authorizationServer';
import { lazyRoutes, type AuthorizationServerRoutes } from './fastify';
import { authorizationServerOptionsOf, authorizationServerSettingsOf } from './options';
import { oauthDataDirOf, sqliteOAuthStore } from './sqliteStore';

/** What a plainly local run trusts besides the system: the local identity service's keys and hosted UI's certificate. */
export interface LocalTrust {
  jwks: Jwks;
  /** The local hosted UI's PEM certificate (self-signed). */
  hostedUiCa?: string;
}

/**
 * MCP_OAUTH_SECRET, or the secret drawn once and kept in `dataDir` (a file of mode 0600), so the server's
 * cookies and signing key stay the same across restarts.
 */
export function oauthSecretOf(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // None yet: draw one below.
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The authorization server's routes for `env`, or undefined where sign-in for AI tools is off.
 *
 * @throws {Error} when the store's folder cannot be written.
 */
export async function authorizationServerOf(
  env: PortalEnv,
  local?: LocalTrust,
): Promise<AuthorizationServerRoutes | undefined> {
  const settings = authorizationServerSettingsOf(env);
  if (!settings || !env.mcp.oauth) return undefined;
  const dataDir = oauthDataDirOf(env.mcp.oauth.dataDir);
  const secret = oauthSecretOf(env.mcp.oauth.secret, dataDir);
  const options = authorizationServerOptionsOf(settings, sqliteOAuthStore(dataDir), secret, local);
  // Built on the first request under /oauth/ (./fastify.ts `lazyRoutes`): oidc-provider loads only then.
  return lazyRoutes(
    authorizationServerViewOf(options),
    () => createAuthorizationServer(options),
    options.userPool,
    env.productName,
  );
}
