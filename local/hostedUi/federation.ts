/**
 * How the local hosted UI federates a person from the local IdP into the local user pool, as Cognito
 * does with an OIDC identity provider: the user is named `<ProviderName>_<sub>`, gets the
 * mapped `email` and an `identities` attribute; the site receives a one-time authorization code bound to
 * its client, redirect URI and PKCE challenge (RFC 7636, S256 only, as Cognito).
 */
import crypto from 'node:crypto';

/** The claims of the IdP's ID token the hosted UI reads. */
export interface IdpClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

/** Cognito's username for a federated user: `<ProviderName>_<sub>`. */
export function federatedUsername(providerName: string, sub: string): string {
  if (!sub) throw new Error('the identity provider gave no sub');
  return `${providerName}_${sub}`;
}

/**
 * The user-pool attributes of a federated user: the mapped `email` (attribute mapping `email → email`),
 * and Cognito's `identities` JSON naming the provider and the person's id there.
 *
 * @param now - ms since the epoch (the identity's `dateCreated`).
 */
export function federatedAttributes(providerName: string, claims: IdpClaims, now: number): Record<string, string> {
  return {
    ...(claims.email ? { email: claims.email, email_verified: String(claims.email_verified ?? false) } : {}),
    identities: JSON.stringify([
      { userId: claims.sub, providerName, providerType: 'OIDC', issuer: null, primary: true, dateCreated: now },
    ]),
  };
}

/** RFC 7636 S256: whether `verifier` hashes to `challenge`. */
export function pkceMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const hashed = Buffer.from(crypto.createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return hashed.length === expected.length && crypto.timingSafeEqual(hashed, expected);
}

/** What an authorization code stands for until the site redeems it. */
export interface CodeGrant {
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
}

/** How long an authorization code can be redeemed, in ms (Cognito: 5 minutes). */
export const CODE_LIFETIME_MS = 5 * 60 * 1000;

/** One-time authorization codes of the hosted UI. */
export class CodeStore {
  private readonly codes = new Map<string, CodeGrant & { expires: number }>();

  /** Issues a code for `grant`, valid {@link CODE_LIFETIME_MS} from `now`. */
  issue(grant: CodeGrant, now: number): string {
    const code = crypto.randomBytes(24).toString('base64url');
    this.codes.set(code, { ...grant, expires: now + CODE_LIFETIME_MS });
    return code;
  }

  /**
   * Redeems a code once. Refuses (as Cognito's `invalid_grant`) an unknown, used or expired code, another
   * client or redirect URI, or a PKCE verifier that does not match.
   *
   * @returns the grant, or the OAuth error to answer.
   */
  redeem(
    code: string,
    { clientId, redirectUri, codeVerifier }: { clientId: string; redirectUri: string; codeVerifier?: string },
    now: number,
  ): CodeGrant | { error: 'invalid_grant'; reason: string } {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant) return { error: 'invalid_grant', reason: 'unknown or already used code' };
    if (grant.expires < now) return { error: 'invalid_grant', reason: 'expired code' };
    if (grant.clientId !== clientId || grant.redirectUri !== redirectUri) {
      return { error: 'invalid_grant', reason: 'the code was issued to another client or redirect URI' };
    }
    if (!pkceMatches(codeVerifier, grant.codeChallenge))
      return { error: 'invalid_grant', reason: 'PKCE verifier does not match' };
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { expires, ...rest } = grant;
    return rest;
  }
}
