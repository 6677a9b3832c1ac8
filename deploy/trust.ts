/**
 * What a deployment's parts were made for. `npm run deploy:build` bakes a user pool's JWKS into the
 * Lambda@Edge handler and records it beside the bundle in `trust.json`; `npm run deploy:synth` refuses a
 * bundle that trusts the local identity service's key (whose private half ships in the public
 * cognito-local package) or another pool than the one configured, so no deployment can accept tokens
 * anyone can mint. Both commands also refuse a site build made for another identity than the one
 * configured ({@link buildRefusal}): its pages would send readers to sign in somewhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { AuthSettings } from '../config/env';
import { LOCAL_JWKS } from '../local/identity/jwks';
import { BUILD_IDENTITY_FILE, buildIdentityOf, type BuildIdentity } from '../rules/buildFiles';
import { readBuildIdentity } from '../server/builtFor';
import type { EdgeConfig } from './edge/handler';

/** The file beside the bundle that records what it trusts. */
export const TRUST_FILE = 'trust.json';

/** What an edge bundle trusts. */
export interface EdgeTrust {
  /** `local`: the local identity service's public key; `cognito`: a real user pool's keys. */
  identity: 'local' | 'cognito';
  userPoolId: string;
  /** App clients whose access tokens it accepts (web, and scripts when configured). */
  clientIds: string[];
  /** `kid` of every key baked in. */
  keyIds: string[];
  /**
   * The MCP app client (COGNITO_MCP_CLIENT_ID) AI tools sign in with through the portal's authorization server, in
   * the bundles that serve it or take its tokens (deploy/oauth, deploy/mcp); absent where that sign-in is off.
   */
  mcpOAuthClientId?: string;
  /**
   * The user pool group whose members alone the bundle lets read (config/env.ts `auth.readersGroup`: a preview's
   * reviewers); absent where every user of the pool reads.
   */
  readersGroup?: string;
}

/**
 * The trust record of a bundle (the edge handler's, or a function's) built with `config`; `config.oauth` is the
 * authorization server's settings of the bundles that have them (server/oauth/options.ts).
 */
export function trustOf(config: Pick<EdgeConfig, 'auth' | 'jwks'> & { oauth?: { clientId: string } }): EdgeTrust {
  const { auth } = config;
  return {
    identity: auth.mode,
    userPoolId: auth.userPoolId,
    clientIds: [auth.userPoolClientId, ...(auth.scriptsClientId ? [auth.scriptsClientId] : [])],
    keyIds: config.jwks.keys.map((key) => String(key.kid)),
    ...(config.oauth ? { mcpOAuthClientId: config.oauth.clientId } : {}),
    ...(auth.readersGroup ? { readersGroup: auth.readersGroup } : {}),
  };
}

/**
 * Why the bundle in `bundleDir` (which {@link bundleRefusal} has accepted) must not be deployed where
 * `readersGroup` alone may read (undefined: every user of the pool), as one line, or `null` when it may. A
 * preview's bundle in production would shut out every customer outside the reviewers group; a production bundle
 * on a preview would open unpublished pages to every customer.
 */
export function readersGroupRefusal(bundleDir: string, readersGroup: string | undefined): string | null {
  const trust = JSON.parse(fs.readFileSync(path.join(bundleDir, TRUST_FILE), 'utf8')) as EdgeTrust;
  if (trust.readersGroup === readersGroup) return null;
  const built = trust.readersGroup
    ? `for the readers group ${trust.readersGroup}`
    : 'for every user of the pool (COGNITO_READERS_GROUP unset)';
  const now = readersGroup ? `only ${readersGroup} may read here` : 'every user of the pool reads here';
  return `the bundle in ${bundleDir} was built ${built}, but ${now}: rebuild it with "npm run deploy:build".`;
}

/** Whether a JWKS holds one of the local identity service's public keys. */
export function holdsLocalKey(jwks: Jwks): boolean {
  const local = new Set(LOCAL_JWKS.keys.map((key) => key.n));
  return jwks.keys.some((key) => local.has(key.n));
}

/**
 * Why the bundle in `bundleDir` must not be deployed for `userPoolId`, as one line, or `null` when it
 * may: it is missing, records no trust, trusts the local identity service (by its record, or by the
 * local key's modulus found in the code itself), or was built for another user pool.
 */
export function bundleRefusal(bundleDir: string, userPoolId: string): string | null {
  const code = path.join(bundleDir, 'index.js');
  const record = path.join(bundleDir, TRUST_FILE);
  if (!fs.existsSync(code)) return `${code} is missing: run "npm run deploy:build" first.`;
  if (!fs.existsSync(record)) return `${record} is missing: rebuild the bundle with "npm run deploy:build".`;
  const trust = JSON.parse(fs.readFileSync(record, 'utf8')) as EdgeTrust;
  const text = fs.readFileSync(code, 'utf8');
  if (trust.identity === 'local' || LOCAL_JWKS.keys.some((key) => key.n && text.includes(key.n))) {
    return (
      `the bundle in ${bundleDir} trusts the local identity service's public signing key: ` +
      'rebuild it with COGNITO_USER_POOL_ID and COGNITO_APP_CLIENT_ID set ("npm run deploy:build").'
    );
  }
  if (trust.userPoolId !== userPoolId) {
    return (
      `the bundle in ${bundleDir} trusts user pool ${trust.userPoolId}, not ${userPoolId}: ` +
      'rebuild it with "npm run deploy:build".'
    );
  }
  return null;
}

/**
 * Why the bundle in `bundleDir` (the MCP function's or the authorization server's, which {@link bundleRefusal}
 * has accepted) must not be deployed where AI tools sign in with the MCP app client `mcpClientId` (undefined:
 * where that sign-in is off), as one line, or `null` when it may: it was built with another COGNITO_MCP_CLIENT_ID,
 * or with none. An MCP function built without the authorization server would name the user pool in its metadata
 * and refuse the tokens the deployed server issues; one built with it would not start without its table.
 */
export function mcpOAuthRefusal(bundleDir: string, mcpClientId: string | undefined): string | null {
  const trust = JSON.parse(fs.readFileSync(path.join(bundleDir, TRUST_FILE), 'utf8')) as EdgeTrust;
  if (trust.mcpOAuthClientId === mcpClientId) return null;
  const built = trust.mcpOAuthClientId
    ? `with COGNITO_MCP_CLIENT_ID=${trust.mcpOAuthClientId}`
    : 'without sign-in for AI tools (COGNITO_MCP_CLIENT_ID unset)';
  const now = mcpClientId ? `COGNITO_MCP_CLIENT_ID is ${mcpClientId}` : 'COGNITO_MCP_CLIENT_ID is not set';
  return `the bundle in ${bundleDir} was built ${built}, but ${now}: rebuild it with "npm run deploy:build".`;
}

/** An identity in words, e.g. `Cognito user pool eu-west-2_AbC123xyz (app client abc, eu-west-2)`. */
function describeIdentity(identity: BuildIdentity): string {
  const pool = `user pool ${identity.userPoolId} (app client ${identity.userPoolClientId}, ${identity.region})`;
  return identity.identity === 'local' ? `local identity, ${pool}` : `Cognito ${pool}`;
}

/** The command that builds the site for `identity`. */
function buildCommand(identity: BuildIdentity): string {
  if (identity.identity === 'local') return '"npm run build" with COGNITO_USER_POOL_ID unset';
  const region = identity.userPoolId.startsWith(`${identity.region}_`) ? '' : `COGNITO_REGION=${identity.region} `;
  return (
    `"COGNITO_USER_POOL_ID=${identity.userPoolId} COGNITO_APP_CLIENT_ID=${identity.userPoolClientId} ` +
    `${region}npm run build"`
  );
}

/**
 * Why the site build in `buildDir` must not be deployed with `auth`, as one line, or `null` when it may.
 * The build bakes its identity mode, user pool, app client and region into every page's script (Amplify's
 * configuration, config/env.ts), so a build made for another one would send readers to sign in with
 * another pool, or with the local identity service, than the one the edge gate trusts. The record is
 * written by the build's last step (postbuild/run.ts); a build without one (made before the record
 * existed) is refused too, since what it was made for is unknown.
 *
 * @param auth - what the deployment is for (config/env.ts `portalEnv.auth`).
 */
export function buildRefusal(buildDir: string, auth: AuthSettings): string | null {
  const wanted = buildIdentityOf(auth);
  const made = readBuildIdentity(buildDir);
  const fields = ['identity', 'userPoolId', 'userPoolClientId', 'region'] as const;
  if (made && fields.every((field) => made[field] === wanted[field])) return null;
  const has = made
    ? `was built for ${describeIdentity(made)}`
    : `has no record of the identity it was built for (${BUILD_IDENTITY_FILE})`;
  return `${buildDir} ${has}, but this deployment is for ${describeIdentity(wanted)}: run ${buildCommand(wanted)} first.`;
}
