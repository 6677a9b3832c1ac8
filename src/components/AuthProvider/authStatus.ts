/**
 * Follows the visitor's Amplify session without Amplify UI (`@aws-amplify/ui-react` is loaded only with
 * the sign-in form, to keep it off every other page). Same rules as Amplify UI's own `AuthenticatorProvider` and
 * `defaultAuthHubHandler` (amplify-ui packages/react-core/src/Authenticator/context/AuthenticatorProvider.tsx,
 * packages/ui/src/helpers/authenticator/defaultAuthHubHandler.ts):
 *
 * - `getCurrentUser()` once: resolves → `authenticated` (an expired access token is refreshed first),
 *   rejects → `unauthenticated`;
 * - Hub `auth` `signedIn` → `authenticated`; `signedOut` → `unauthenticated` (spec §4 "Logout returns to
 *   not authenticated");
 * - Hub `auth` `signInWithRedirect_failure` → the failure is reported;
 * - Hub `auth` `tokenRefresh_failure` → sign out, unless the failure is a network error (spec §4
 *   "Authenticated: on a token refresh the user is re-fetched; if that fails the user is signed out").
 *
 * Plain functions with their Amplify calls passed in, so they are tested without a browser.
 */

/** Where the session stands: `configuring` until the stored session has been read (spec §4 "idle"). */
export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

/** A Hub `auth` message, as far as it is read here (aws-amplify v6 `HubCapsule`). */
export interface AuthHubMessage {
  payload: { event: string; data?: unknown };
}

/** The Amplify calls used (aws-amplify v6 `getCurrentUser`, `Hub.listen('auth', …)`, `signOut`). */
export interface AuthStatusDeps {
  getCurrentUser(): Promise<unknown>;
  /** Subscribes to Hub `auth`; returns the unsubscribe function. */
  listen(callback: (message: AuthHubMessage) => void): () => void;
  signOut(): Promise<void>;
}

/** Amplify's error name for a failed request (`AmplifyErrorCode.NetworkError`). */
const NETWORK_ERROR = 'NetworkError';

function isNetworkError(data: unknown): boolean {
  const error = (data as { error?: { name?: string } } | undefined)?.error;
  return error?.name === NETWORK_ERROR;
}

/**
 * The sentence shown for a failed federated sign-in (Hub `signInWithRedirect_failure`, whose data is
 * `{ error }` in aws-amplify v6 `handleFailure`).
 */
export function redirectFailureMessage(data: unknown): string {
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return `Single sign-on did not complete: ${typeof message === 'string' && message ? message : 'unknown error'}. Try again.`;
}

/**
 * Reads the stored session, then reports every change of status until unsubscribed.
 *
 * @param onStatus - called with `authenticated` or `unauthenticated` (never `configuring`), possibly
 *   several times with the same value.
 * @param onRedirectFailure - called with {@link redirectFailureMessage} when a federated sign-in fails.
 * @returns a function that stops watching (and ignores the first check if still pending).
 */
export function watchAuthStatus(
  deps: AuthStatusDeps,
  onStatus: (status: AuthStatus) => void,
  onRedirectFailure: (message: string) => void = () => undefined,
): () => void {
  let active = true;
  const report = (status: AuthStatus) => {
    if (active) onStatus(status);
  };
  deps.getCurrentUser().then(
    () => report('authenticated'),
    () => report('unauthenticated'),
  );
  const stop = deps.listen(({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
        report('authenticated');
        break;
      case 'signedOut':
        report('unauthenticated');
        break;
      case 'signInWithRedirect_failure':
        // A federated sign-in came back refused (state or PKCE check, identity provider error): say so
        // under the SSO button instead of showing the form as if nothing had happened.
        if (active) onRedirectFailure(redirectFailureMessage(payload.data));
        break;
      case 'tokenRefresh_failure':
        if (isNetworkError(payload.data)) break;
        // Amplify UI signs out here too; `signOut` clears the tokens and emits `signedOut`. Spec §8.2:
        // sign-out errors are swallowed and the visitor counts as signed out anyway.
        deps.signOut().catch(() => undefined);
        report('unauthenticated');
        break;
      default:
        break;
    }
  });
  return () => {
    active = false;
    stop();
  };
}
