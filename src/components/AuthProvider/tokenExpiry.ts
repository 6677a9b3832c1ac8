/**
 * When the signed-in user's access token expires, read from the cookies Amplify keeps
 * (`CognitoIdentityServiceProvider.<clientId>.LastAuthUser` names the user,
 * `…<clientId>.<user>.accessToken` holds the JWT; js-cookie percent-encodes the names). Lets a page the
 * gate has verified wait for Amplify until it is needed, yet renew the session before the gate would
 * refuse the next request. The signature is not checked: the gate does that. The cookie
 * lookup is the gate's own (server/gate/cookies.ts), so the two read the same cookies.
 */
import { tokensFromCookies } from '@site/rules/cookies';

/** A cookie value as js-cookie wrote it (percent-encoded). */
function decodeValue(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * @param cookieHeader - `document.cookie`.
 * @param clientId - the user pool app client id.
 * @returns the access token's `exp` in ms since the epoch, or `null` when there is no readable token.
 */
export function accessTokenExpiry(cookieHeader: string, clientId: string): number | null {
  const cookies = Object.fromEntries(
    cookieHeader
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), decodeValue(pair.slice(pair.indexOf('=') + 1))]),
  );
  const token = tokensFromCookies(cookies, clientId)?.accessToken;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * How long to wait before asking Amplify for the session so that it renews the tokens: Amplify
 * refreshes a token that expires within its 5 s tolerance (aws-amplify v6 `isTokenExpired`), so ask
 * {@link RENEW_BEFORE_MS} before `exp`.
 *
 * @returns ms from `now`, at least 0.
 */
export function renewDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - RENEW_BEFORE_MS - now);
}

/** How long before the access token's expiry the session is renewed, in ms (inside Amplify's 5 s tolerance). */
export const RENEW_BEFORE_MS = 3000;
