/**
 * Which keys an edge bundle trusts (issue #22, H1). `npm run deploy:build` bakes a user pool's JWKS into
 * the Lambda@Edge handler and records it beside the bundle in `trust.json`; `npm run deploy:synth`
 * refuses a bundle that trusts the local identity service's key (whose private half ships in the public
 * cognito-local package) or another pool than the one configured, so no deployment can accept tokens
 * anyone can mint.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { LOCAL_JWKS } from '../local/identity/jwks';
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
}

/** The trust record of a bundle (the edge handler's or the MCP function's) built with `config`. */
export function trustOf(config: Pick<EdgeConfig, 'auth' | 'jwks'>): EdgeTrust {
  const { auth } = config;
  return {
    identity: auth.mode,
    userPoolId: auth.userPoolId,
    clientIds: [auth.userPoolClientId, ...(auth.scriptsClientId ? [auth.scriptsClientId] : [])],
    keyIds: config.jwks.keys.map((key) => String(key.kid)),
  };
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
