/**
 * Who may call the sandbox API (spec §6): a caller with a valid access token of the local identity
 * service (verified by the gate's own verifier, server/gate/verifier.ts) and API access. Everything else
 * gets the contract's `403` (the contract documents no `401`).
 */
import type { AccessTokenVerifier } from '../../server/gate/verifier';
import { NO_API_ACCESS } from '../identity/testUsers';

/** Spec §8.1's message for a caller without permission. */
export const FORBIDDEN = 'User does not have permission to access the requested resource.';

/** Why a request was refused, with the status and body the sandbox answers. */
export class AccessError extends Error {
  readonly statusCode = 403;
  constructor(readonly detail: string) {
    super(detail);
  }
}

/**
 * Checks the `Authorization` header of a request.
 *
 * @returns the caller's username.
 * @throws {AccessError} `Not authenticated` without a bearer token; `Invalid token: …` when it fails
 *   verification (signature, issuer, expiry, `token_use`, app client); spec §8.1's message for a user
 *   without API access.
 */
export async function authorize(header: string | undefined, verifier: AccessTokenVerifier): Promise<string> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) throw new AccessError('Not authenticated');
  const check = await verifier.check(token);
  if (!check.valid)
    throw new AccessError(check.expired ? 'Invalid token: it has expired' : `Invalid token: ${check.reason}`);
  const username = String(check.payload.username ?? '');
  if (NO_API_ACCESS.includes(username)) throw new AccessError(FORBIDDEN);
  return username;
}
