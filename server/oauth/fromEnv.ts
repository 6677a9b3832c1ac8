/**
 * The MCP authorization server as the portal's configuration describes it (config/env.ts `mcp.oauth`): the
 * single-process gate and `npm start`'s MCP server build it here, with a SQLite store (./sqliteStore.ts) in
 * MCP_OAUTH_DATA_DIR; the function on AWS builds its own with the DynamoDB store (deploy/oauth).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { userPoolIssuer, type PortalEnv } from '../../config/env';
import { MCP_OAUTH_CALLBACK_PATH } from '../../rules/mcp';
import { createAuthorizationServer } from './authorizationServer';
import type { AuthorizationServerRoutes } from './fastify';
import { oauthDataDirOf, sqliteOAuthStore } from './sqliteStore';
import type { UserPoolClient } from './userPool';

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

/** The user pool and MCP app client the server signs readers in with, for `env`. */
export function userPoolClientOf(env: PortalEnv, local?: LocalTrust): UserPoolClient {
  const settings = env.mcp.oauth!;
  return {
    hostedUi: settings.hostedUi,
    identityEndpoint:
      env.auth.mode === 'local'
        ? `${env.auth.userPoolEndpoint}/`
        : `https://cognito-idp.${env.auth.region}.amazonaws.com/`,
    issuer: userPoolIssuer(env.auth),
    clientId: settings.clientId,
    redirectUri: `${env.siteUrl}${MCP_OAUTH_CALLBACK_PATH}`,
    jwks: local?.jwks,
    ca: local?.hostedUiCa,
  };
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
  const settings = env.mcp.oauth;
  if (!settings) return undefined;
  const dataDir = oauthDataDirOf(settings.dataDir);
  const userPool = userPoolClientOf(env, local);
  const server = await createAuthorizationServer({
    siteUrl: env.siteUrl,
    store: sqliteOAuthStore(dataDir),
    userPool,
    secret: oauthSecretOf(settings.secret, dataDir),
    accessTokenSeconds: settings.accessTokenSeconds,
    refreshTokenSeconds: env.auth.cookie.expires * 86_400,
    localMode: env.auth.mode === 'local',
  });
  return { server, userPool, productName: env.productName };
}
