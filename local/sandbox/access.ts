/**
 * Who may call the sandbox API (spec §6): a caller with a valid access token of the local identity
 * service (verified by the gate's own verifier, server/gate/verifier.ts) and API access. A missing,
 * malformed or expired token gets the contract's `401` with an RFC 6750 challenge (`Unauthorized`,
 * assumed: the spec names only the 403); a valid token of a user without API access gets spec §8.1's
 * `403`, which signing in again does not change.
 */
import { exceedsBytes, MAX_AUTHORIZATION_BYTES } from '../../rules/requests';
import type { AccessTokenVerifier } from '../../server/gate/verifier';
import { NO_API_ACCESS } from '../identity/testUsers';

/** Spec §8.1's message for a caller without permission. */
export const FORBIDDEN = 'User does not have permission to access the requested resource.';

/** Why a request was refused, with the status, body and challenge the sandbox answers. */
export class AccessError extends Error {
  /**
   * @param statusCode - 401 (no valid token) or 403 (no permission).
   * @param wwwAuthenticate - the `WWW-Authenticate` challenge of a 401 (RFC 6750 §3).
   */
  constructor(
    readonly statusCode: 401 | 403,
    readonly detail: string,
    readonly wwwAuthenticate?: string,
  ) {
    super(detail);
  }
}

/** Most characters of a challenge's `error_description`. */
const MAX_DESCRIPTION_CHARS = 200;

/**
 * `text` as an RFC 6750 §3 `error_description`: printable ASCII without `"` and `\` (%x20-21 / %x23-5B /
 * %x5D-7E), at most {@link MAX_DESCRIPTION_CHARS}. The verifier's reason may quote the token's own bytes,
 * and one byte outside that set makes Node refuse the whole header, and the answer with it.
 */
export const errorDescription = (text: string) =>
  text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]+/g, '?').slice(0, MAX_DESCRIPTION_CHARS);

/** A 401 with its challenge: no error code without a token, `invalid_token` with one (RFC 6750 §3.1). */
const unauthorized = (detail: string, tokenSent: boolean) =>
  new AccessError(
    401,
    detail,
    tokenSent ? `Bearer error="invalid_token", error_description="${errorDescription(detail)}"` : 'Bearer',
  );

/**
 * Checks the `Authorization` header of a request.
 *
 * @returns the caller's username.
 * @throws {AccessError} 401 `Not authenticated` without a bearer token; 401 `Invalid token: …` when it
 *   fails verification (signature, issuer, expiry, `token_use`, app client) or the header is over
 *   `MAX_AUTHORIZATION_BYTES` (the gate's bound, rules/requests.ts; checked before it is parsed); 403 with
 *   spec §8.1's message for a user without API access.
 */
export async function authorize(header: string | undefined, verifier: AccessTokenVerifier): Promise<string> {
  if (exceedsBytes(header, MAX_AUTHORIZATION_BYTES))
    throw unauthorized(`Invalid token: the Authorization header is over ${MAX_AUTHORIZATION_BYTES} bytes`, true);
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) throw unauthorized('Not authenticated', false);
  const check = await verifier.check(token);
  if (!check.valid)
    throw unauthorized(
      check.expired ? 'Invalid token: it has expired' : `Invalid token: ${errorDescription(check.reason)}`,
      true,
    );
  const username = String(check.payload.username ?? '');
  if (NO_API_ACCESS.includes(username)) throw new AccessError(403, FORBIDDEN);
  return username;
}
