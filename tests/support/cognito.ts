/**
 * One Cognito user pools API call over HTTP, as Amplify and the SDK send it (`x-amz-json-1.1`, the target in
 * `X-Amz-Target`), for the tests that talk to the local identity service (`local/identity`, `scripts/users`).
 */

/** Cognito's JSON answers, read field by field in the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CognitoJson = any;

/**
 * Sends `target` (e.g. `InitiateAuth`) with `body` to the service at `url`.
 *
 * @returns the HTTP status and the parsed answer.
 * @throws {Error} when the service cannot be reached or does not answer JSON.
 */
export async function cognitoCall(
  url: string,
  target: string,
  body: object,
): Promise<{ status: number; json: CognitoJson }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}
