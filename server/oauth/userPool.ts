/**
 * The reader's user-pool session behind an AI tool's grant: the MCP authorization server signs the reader
 * in through the user pool's hosted UI with its dedicated MCP app client (the code flow with PKCE S256, as
 * Cognito's `/oauth2/authorize` and `/oauth2/token` take it), keeps the user pool's refresh token, and renews
 * the reader's access token with `InitiateAuth` `REFRESH_TOKEN_AUTH` (the Cognito identity provider API)
 * whenever the tool refreshes its own token or `call_api` needs one. A customer an operator disabled or
 * signed out everywhere is refused there, so the tool stops too.
 *
 * Everything that arrives from the hosted UI or the identity service is read with a size bound
 * (./boundedRequest.ts) before it is parsed, and the ID token is verified (aws-jwt-verify) before its
 * `sub` names the reader.
 */
import crypto from 'node:crypto';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { boundedRequest } from './boundedRequest';

/** Where the reader's user pool is and which app client signs them in for AI tools. */
export interface UserPoolClient {
  /** The hosted UI's origin, e.g. `https://auth.example.com` or the local stand-in's `https://localhost:9230`. */
  hostedUi: string;
  /** The identity service's endpoint, e.g. `https://cognito-idp.eu-west-2.amazonaws.com/` (or the local one). */
  identityEndpoint: string;
  /** The user pool's token issuer, e.g. `https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123xyz`. */
  issuer: string;
  /** The MCP app client's id (no client secret: PKCE). */
  clientId: string;
  /** Where the hosted UI sends the reader back: `<site>/oauth/callback` (rules/mcp.ts). */
  redirectUri: string;
  /** The user pool's keys, when they are known (the local identity service's); else fetched from its issuer. */
  jwks?: Jwks;
  /** The one certificate to trust instead of the system's, in PEM: the local hosted UI's self-signed one. */
  ca?: string;
}

/** A PKCE pair (RFC 7636, S256). */
export interface Pkce {
  verifier: string;
  challenge: string;
}

/** A fresh PKCE pair. */
export function pkce(): Pkce {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** The hosted UI's authorize URL for the reader to sign in, bound to `state` and the PKCE challenge. */
export function authorizeUrl(pool: UserPoolClient, state: string, challenge: string): string {
  const url = new URL('/oauth2/authorize', pool.hostedUi);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: pool.clientId,
    redirect_uri: pool.redirectUri,
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** A POST whose JSON answer is read bounded ({@link boundedRequest}); `ca` as there. */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  ca?: string,
): Promise<{ status: number; json: unknown }> {
  const answer = await boundedRequest(url, { method: 'POST', body, headers, ca });
  try {
    return { status: answer.status, json: JSON.parse(answer.body.toString('utf8')) };
  } catch {
    throw new Error(`the answer of ${url} is not JSON`);
  }
}

/** The reader, as the user pool signed them in. */
export interface UserPoolSignIn {
  /** The user's id in the pool (`sub`). */
  sub: string;
  email?: string;
  refreshToken: string;
  accessToken: string;
  /** When the access token expires, seconds since the epoch. */
  accessTokenExpires: number;
}

/** Why the user pool refused: the reader must sign in again (disabled, signed out everywhere, code reused…). */
export class UserPoolRefused extends Error {}

/**
 * Redeems the hosted UI's code for the reader's tokens and verifies the ID token.
 *
 * @throws {UserPoolRefused} when the hosted UI refuses the code or the tokens do not verify;
 *   other errors when the hosted UI cannot be reached.
 */
export async function redeemCode(pool: UserPoolClient, code: string, verifier: string): Promise<UserPoolSignIn> {
  const { status, json } = await post(
    new URL('/oauth2/token', pool.hostedUi).href,
    new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: pool.clientId,
      code,
      redirect_uri: pool.redirectUri,
      code_verifier: verifier,
    }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
    pool.ca,
  );
  const tokens = json as { id_token?: string; access_token?: string; refresh_token?: string; expires_in?: number };
  if (status !== 200 || !tokens.id_token || !tokens.access_token || !tokens.refresh_token)
    throw new UserPoolRefused(`the hosted UI refused the code (${status} ${JSON.stringify(json).slice(0, 200)})`);
  const verifierOfId = JwtRsaVerifier.create({
    issuer: pool.issuer,
    audience: pool.clientId,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'id') throw new Error(`token_use is ${String(payload.token_use)}, not id`);
    },
  });
  if (pool.jwks) verifierOfId.cacheJwks(pool.jwks);
  let claims: { sub: string; email?: unknown };
  try {
    claims = (await verifierOfId.verify(tokens.id_token)) as typeof claims;
  } catch (error) {
    throw new UserPoolRefused(
      `the hosted UI's ID token does not verify: ${error instanceof Error ? error.message : error}`,
    );
  }
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    refreshToken: tokens.refresh_token,
    accessToken: tokens.access_token,
    accessTokenExpires: Math.floor(Date.now() / 1000) + (tokens.expires_in ?? 3600),
  };
}

/**
 * A new access token for the reader from their user-pool refresh token (`InitiateAuth` `REFRESH_TOKEN_AUTH`).
 *
 * @throws {UserPoolRefused} when the pool refuses (the customer is disabled, signed out everywhere, or the
 *   refresh token expired); other errors when the identity service cannot be reached.
 */
export async function refreshAccess(
  pool: UserPoolClient,
  refreshToken: string,
): Promise<{ accessToken: string; accessTokenExpires: number }> {
  const { status, json } = await post(
    pool.identityEndpoint,
    JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
    {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    pool.ca,
  );
  const result = (json as { AuthenticationResult?: { AccessToken?: string; ExpiresIn?: number } }).AuthenticationResult;
  if (status !== 200 || !result?.AccessToken)
    throw new UserPoolRefused(`the user pool refused the refresh (${status} ${JSON.stringify(json).slice(0, 200)})`);
  return {
    accessToken: result.AccessToken,
    accessTokenExpires: Math.floor(Date.now() / 1000) + (result.ExpiresIn ?? 3600),
  };
}
