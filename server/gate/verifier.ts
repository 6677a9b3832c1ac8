/**
 * Verifies Cognito access tokens with aws-jwt-verify: signature (RS256, key from the pool's JWKS),
 * `iss`, `token_use: access`, `client_id` and `exp`. The gate requires the access token;
 * an ID token in its place is refused.
 *
 * - Cognito mode: `CognitoJwtVerifier` for the configured user pool and app clients (web, and scripts
 *   when configured); its JWKS is fetched
 *   once by `hydrate()` and cached, or given (`jwks`: the edge handler has it baked in).
 *   Tokens of any other issuer, the local one included, are refused.
 * - Local mode: the local identity service's issuer (`http://localhost:<port>/<poolId>`) with its JWKS
 *   loaded explicitly (`cacheJwks`), since its key ships inside the cognito-local npm package.
 *
 * With a readers group (config/env.ts `auth.readersGroup`), a token whose `cognito:groups` claim lacks it is
 * refused as outside the group (aws-jwt-verify's group check, `CognitoJwtInvalidGroupError`), which the access
 * decision answers with 403 (rules/access.ts).
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { assertStringArraysOverlap } from 'aws-jwt-verify/assert';
import { CognitoJwtInvalidGroupError, JwtExpiredError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { AuthSettings } from '../../config/env';
import type { AccessTokenVerifier, TokenCheck } from '../../rules/access';

export type { AccessTokenVerifier, TokenCheck };

/**
 * How far a token's `iat` may lie in the future, in seconds: clocks differ a little between Cognito and
 * the gate; a token "issued" later than that was not issued by the pool.
 */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * Refuses what aws-jwt-verify lets through by default: a token without a numeric `exp`
 * (it would never expire) and one whose `iat` is missing or more than {@link CLOCK_SKEW_SECONDS} ahead.
 * Cognito's access tokens always carry both.
 *
 * @param nowMs - the current time in ms since the epoch.
 * @throws {Error} saying which claim is wrong.
 */
export function checkTokenTimes(payload: JwtPayload, nowMs: number): void {
  if (typeof payload.exp !== 'number') throw new Error('the token has no exp claim');
  if (typeof payload.iat !== 'number') throw new Error('the token has no iat claim');
  if (payload.iat > nowMs / 1000 + CLOCK_SKEW_SECONDS) throw new Error('the token is issued in the future');
}

/** How many verified tokens are remembered (each until its `exp`), so a token's RSA signature is checked once. */
export const VERIFIED_CACHE_SIZE = 10_000;

/** Options of {@link createAccessTokenVerifier}. */
export interface VerifierOptions {
  /**
   * The pool's JWKS, when known in advance: required in local mode (the local identity service's keys);
   * in Cognito mode it replaces fetching them (Lambda@Edge bakes them in).
   */
  jwks?: Jwks;
  /** Cognito mode: fetch the pool's JWKS now rather than on the first request (default true). */
  hydrate?: boolean;
  /**
   * App clients whose access tokens pass besides the web and scripts clients'. The gate passes none: the MCP
   * app client's tokens open no page. The local sandbox, standing in for the provider API, passes the MCP
   * app client's, which `call_api` sends for a reader signed in through an AI tool.
   */
  moreClientIds?: readonly string[];
}

/**
 * @param auth - the portal's auth settings (config/env.ts).
 * @throws {Error} in local mode without `jwks`; in Cognito mode without `jwks` when the JWKS cannot be
 *   fetched.
 */
export async function createAccessTokenVerifier(
  auth: AuthSettings,
  { jwks, hydrate = true, moreClientIds = [] }: VerifierOptions = {},
): Promise<AccessTokenVerifier> {
  // The web app client's tokens, and the scripts client's when there is one.
  const clientIds = [auth.userPoolClientId, ...(auth.scriptsClientId ? [auth.scriptsClientId] : []), ...moreClientIds];
  const groups = auth.readersGroup ?? null;
  if (auth.mode === 'local') {
    if (!jwks) throw new Error('local mode needs the local identity service JWKS');
    return rememberingVerdicts(localPoolVerify(auth, jwks, clientIds, groups));
  }
  const verifier = CognitoJwtVerifier.create({
    userPoolId: auth.userPoolId,
    tokenUse: 'access',
    clientId: clientIds,
    groups,
    customJwtCheck: ({ payload }) => checkTokenTimes(payload, Date.now()),
  });
  if (jwks) verifier.cacheJwks(jwks);
  else if (hydrate) await verifier.hydrate();
  return rememberingVerdicts((token) => verifier.verify(token));
}

/**
 * Verifies access tokens of the local identity service with its `jwks`, making the checks CognitoJwtVerifier
 * makes: the token's times, `token_use`, an app client of `clientIds`, and a group of `groups` unless null.
 */
function localPoolVerify(
  auth: AuthSettings,
  jwks: Jwks,
  clientIds: readonly string[],
  groups: string | null,
): (token: string) => Promise<JwtPayload> {
  const verifier = JwtRsaVerifier.create({
    issuer: `${auth.userPoolEndpoint}/${auth.userPoolId}`,
    audience: null,
    customJwtCheck: ({ payload }) => {
      checkTokenTimes(payload, Date.now());
      if (payload.token_use !== 'access') throw new Error(`token_use is ${String(payload.token_use)}, not access`);
      if (!clientIds.includes(String(payload.client_id)))
        throw new Error('client_id is not an app client of the portal');
      // The check CognitoJwtVerifier makes with `groups`, which JwtRsaVerifier lacks.
      if (groups !== null)
        assertStringArraysOverlap('Cognito group', payload['cognito:groups'], groups, CognitoJwtInvalidGroupError);
    },
  });
  verifier.cacheJwks(jwks);
  return (token) => verifier.verify(token);
}

/**
 * `verify` as an {@link AccessTokenVerifier}. A verified token stays valid until it expires (JWTs cannot be
 * revoked by looking at them), so the verdict is remembered until `exp`; the oldest entries go first when the
 * cache is full.
 */
function rememberingVerdicts(verify: (token: string) => Promise<JwtPayload>): AccessTokenVerifier {
  const verified = new Map<string, JwtPayload>();
  return {
    async check(token) {
      const known = verified.get(token);
      if (known && (known.exp ?? 0) * 1000 > Date.now()) return { valid: true, payload: known };
      if (known) verified.delete(token);
      try {
        const payload = await verify(token);
        verified.set(token, payload);
        if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        return { valid: true, payload };
      } catch (error) {
        return {
          valid: false,
          expired: error instanceof JwtExpiredError,
          reason: error instanceof Error ? error.message : String(error),
          ...(error instanceof CognitoJwtInvalidGroupError ? { outsideGroup: true } : {}),
        };
      }
    },
  };
}
