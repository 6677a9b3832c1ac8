/**
 * Pure helpers that turn the portal's auth settings (spec §3.2 "Auth configuration") into Amplify's
 * `ResourcesConfig`. Kept free of React and of `process.env` so they are tested without a DOM.
 */
import type { ResourcesConfig } from 'aws-amplify';
import type { AuthSettings } from '@site/config/env';

/** What `docusaurus.config.ts` passes to the browser through `customFields`. */
export interface PortalCustomFields {
  auth: AuthSettings;
  productName: string;
  /** Bearer security schemes of the contract, whose explorer field holds the user's token (issue #3). */
  apiBearerSchemes: string[];
}

/**
 * Reads the auth settings from `siteConfig.customFields`.
 *
 * @returns the settings, or `null` when the user pool id or app client id is missing, which the gate
 *   reports as "Configuration error (see console) – please contact the administrator" (spec §8.2).
 */
export function readAuthSettings(customFields: Record<string, unknown> | undefined): AuthSettings | null {
  const auth = (customFields as Partial<PortalCustomFields> | undefined)?.auth;
  if (!auth || !auth.userPoolId || !auth.userPoolClientId) return null;
  return auth;
}

/**
 * Builds Amplify's configuration for a user pool (aws-amplify v6 `Amplify.configure`).
 *
 * - `userPoolEndpoint` is set only in local mode, so Amplify talks to the local identity service
 *   instead of `cognito-idp.<region>.amazonaws.com` (issue #2).
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
        // "Username" is the first login mechanism, so the form asks for a Username (issue #2); the
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
 * `USER_PASSWORD_AUTH`; real Cognito keeps Amplify's default SRP (issue #2 facts).
 */
export function signInFlowFor(auth: AuthSettings): 'USER_PASSWORD_AUTH' | undefined {
  return auth.mode === 'local' ? 'USER_PASSWORD_AUTH' : undefined;
}
