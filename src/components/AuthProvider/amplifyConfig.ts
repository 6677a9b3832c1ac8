/**
 * Pure helpers that turn the portal's auth settings (spec §3.2 "Auth configuration") into Amplify's
 * `ResourcesConfig`. Kept free of React and of `process.env` so they are tested without a DOM; used by
 * the session module and the sign-in form only (both loaded on demand).
 */
import type { ResourcesConfig } from 'aws-amplify';
import type { AuthSettings } from '@site/config/env';

/**
 * Builds Amplify's configuration for a user pool (aws-amplify v6 `Amplify.configure`).
 *
 * - `userPoolEndpoint` is set only in local mode, so Amplify talks to the local identity service
 *   instead of `cognito-idp.<region>.amazonaws.com`.
 * - OAuth (spec §3.2): code flow, scopes `email` and `openid`; omitted when no OAuth domain is configured.
 */
export function toAmplifyConfig(auth: AuthSettings): ResourcesConfig {
  const { oauth } = auth;
  return {
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpoint ? { userPoolEndpoint: auth.userPoolEndpoint } : {}),
        // The Authenticator checks new passwords against this before calling Cognito (spec §5.2).
        passwordFormat: auth.passwordPolicy,
        // "Username" is the first login mechanism, so the form asks for a Username; the
        // user pool may still accept an email or phone number there as an alias.
        loginWith: {
          username: true,
          ...(oauth.domain
            ? {
                oauth: {
                  domain: oauth.domain,
                  scopes: ['email', 'openid'],
                  redirectSignIn: oauth.redirectSignIn,
                  redirectSignOut: oauth.redirectSignOut,
                  responseType: 'code' as const,
                  // The custom provider is named by the SSO button itself; listing it under
                  // `providers` would make Amplify UI draw a social button for it as well.
                },
              }
            : {}),
        },
      },
    },
  };
}

/**
 * The sign-in flow to use. cognito-local does not implement SRP, so local mode signs in with
 * `USER_PASSWORD_AUTH`; real Cognito keeps Amplify's default SRP.
 */
export function signInFlowFor(auth: AuthSettings): 'USER_PASSWORD_AUTH' | undefined {
  return auth.mode === 'local' ? 'USER_PASSWORD_AUTH' : undefined;
}

/** Prefix of Amplify's auth keys in storage (aws-amplify v6 `AUTH_KEY_PREFIX`). */
const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Whether this page load must complete (or wait for) a federated sign-in, so AuthProvider imports
 * Amplify's OAuth listener (`aws-amplify/auth/enable-oauth-listener`, which completes the flow even
 * when imported after `Amplify.configure`). True when OAuth is configured and either the identity
 * provider has just redirected back (`state` with `code` or `error` in the query, spec §3.2 code
 * flow) or Amplify has recorded a redirect sign-in in flight (`<prefix>.<clientId>.inflightOAuth` is
 * `'true'` in local storage). Every other page load skips the listener's code.
 *
 * @param search - `window.location.search`, e.g. `?code=abc&state=xyz`.
 * @param storage - where Amplify keeps the in-flight flag (`window.localStorage`); `null` if unavailable.
 */
export function needsOAuthListener(
  auth: AuthSettings,
  search: string,
  storage: Pick<Storage, 'getItem'> | null,
): boolean {
  if (!auth.oauth.domain) return false;
  const query = new URLSearchParams(search);
  if (query.has('state') && (query.has('code') || query.has('error'))) return true;
  try {
    return storage?.getItem(`${AUTH_KEY_PREFIX}.${auth.userPoolClientId}.inflightOAuth`) === 'true';
  } catch {
    // Spec §8.2: unavailable browser storage is treated as empty.
    return false;
  }
}
