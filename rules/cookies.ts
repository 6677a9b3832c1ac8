/**
 * Reads the Cognito tokens Amplify v6 keeps in cookies (`CookieStorage` from `aws-amplify/utils`):
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` names the user, and
 * `CognitoIdentityServiceProvider.<clientId>.<username>.{accessToken,idToken,refreshToken}` hold the
 * tokens. js-cookie (used by CookieStorage) percent-encodes cookie names, so names are compared decoded.
 */

/** The tokens of the last signed-in user of an app client, as found in the cookies. */
export interface CookieTokens {
  username: string;
  accessToken?: string;
  idToken?: string;
  refreshToken?: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * @param cookies - cookie name → value, as the `cookie` package parses a `Cookie` header (values decoded).
 * @param clientId - the user pool app client id.
 * @returns the tokens, or `null` when no user of this app client is signed in.
 */
export function tokensFromCookies(cookies: Record<string, string | undefined>, clientId: string): CookieTokens | null {
  const byName = new Map(Object.entries(cookies).map(([name, value]) => [decode(name), value]));
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const username = byName.get(`${prefix}.LastAuthUser`);
  if (!username) return null;
  const token = (kind: string) => byName.get(`${prefix}.${username}.${kind}`) || undefined;
  return {
    username,
    accessToken: token('accessToken'),
    idToken: token('idToken'),
    refreshToken: token('refreshToken'),
  };
}
