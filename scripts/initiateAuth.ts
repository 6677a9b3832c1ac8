/**
 * Cognito's `InitiateAuth` with `USER_PASSWORD_AUTH` over HTTP (Cognito API reference, InitiateAuth): how a
 * script signs in for tokens without a browser (docs/api/tokens.mdx shows the same call). `npm run token`
 * and the browser tests' `demoTokens` use it.
 */

/** What `InitiateAuth` answers: the tokens, a challenge (MFA, new password), or an error. */
export interface InitiateAuthAnswer {
  AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string };
  ChallengeName?: string;
  __type?: string;
  message?: string;
}

/**
 * Sends `InitiateAuth` to a user pool's endpoint.
 *
 * @param endpoint - `https://cognito-idp.<region>.amazonaws.com/` or the local identity service's URL.
 * @param timeoutMs - abort after this many ms.
 * @returns the HTTP status and the parsed answer (an empty object when the body is not JSON).
 * @throws {Error} when the endpoint cannot be reached.
 */
export async function initiateAuth(
  endpoint: string,
  clientId: string,
  username: string,
  password: string,
  timeoutMs = 15_000,
): Promise<{ status: number; answer: InitiateAuthAnswer }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as InitiateAuthAnswer;
  return { status: response.status, answer };
}
