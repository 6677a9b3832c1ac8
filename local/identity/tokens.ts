/**
 * Access tokens and session cookies of the local identity service, made without running it: cognito-local
 * signs every token with one key that ships inside its npm package (./jwks.ts has its public half), so a
 * token signed here passes the gate and the sandbox in local mode exactly as one the service issued. The
 * tests vary every claim with it (tests/support/gate.ts); the benchmarks send it under load. Never trust
 * such a token outside local mode: anyone with the package can sign one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseEnv } from '../../config/env';

/** The local user pool's settings (no COGNITO_USER_POOL_ID: local mode). */
const localAuth = parseEnv({}).auth;

/** The `iss` claim of the local identity service's tokens. */
export const LOCAL_ISSUER = `${localAuth.userPoolEndpoint}/${localAuth.userPoolId}`;

let privateKey: string | undefined;

/** The PEM private key cognito-local signs with, read from its package on first use. */
function localPrivateKey(): string {
  privateKey ??= JSON.parse(
    fs.readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
  ).pem as string;
  return privateKey;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Options of {@link mintToken}. */
export interface MintOptions {
  /** JOSE header fields over the default `{ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }`. */
  header?: Record<string, unknown>;
  /** PEM private key to sign with; default the local identity service's. `null` leaves it unsigned. */
  key?: string | null;
}

/**
 * A JWT with the claims of a local access token for the demo user (Cognito's access-token claims: `sub`,
 * `iss`, `client_id`, `token_use`, `scope`, `username`, `auth_time`, `iat`, `exp` an hour on, `jti`),
 * overridden by `claims`.
 */
export function mintToken(claims: Record<string, unknown> = {}, options: MintOptions = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal', ...options.header };
  const payload = {
    sub: 'b7d3c5a0-0000-4000-8000-000000000001',
    iss: LOCAL_ISSUER,
    client_id: localAuth.userPoolClientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    username: 'demo@example.com',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    jti: crypto.randomUUID(),
    ...claims,
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const key = options.key === undefined ? localPrivateKey() : options.key;
  const signature = key ? crypto.sign('sha256', Buffer.from(signingInput), key).toString('base64url') : '';
  return `${signingInput}.${signature}`;
}

/**
 * The `Cookie` header Amplify's CookieStorage sends for `user` signed in to the local app client (names as
 * js-cookie writes them; rules/cookies.ts reads them).
 */
export function sessionCookie(
  tokens: { accessToken?: string; refreshToken?: string; idToken?: string },
  user = 'demo@example.com',
): string {
  const prefix = `CognitoIdentityServiceProvider.${localAuth.userPoolClientId}`;
  const name = encodeURIComponent(user);
  const parts = [`${prefix}.LastAuthUser=${encodeURIComponent(user)}`];
  for (const [kind, value] of Object.entries(tokens)) if (value) parts.push(`${prefix}.${name}.${kind}=${value}`);
  return parts.join('; ');
}
