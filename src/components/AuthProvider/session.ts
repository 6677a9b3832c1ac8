/**
 * Everything the site does with Amplify outside the sign-in form, in one module that AuthProvider
 * loads right after hydration (`loadSession`), so `aws-amplify` is not in the JavaScript every page
 * needs before it can paint. A page the server gate has verified is already showing.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage, Hub } from 'aws-amplify/utils';
import type { AuthSettings } from '@site/config/env';
import { needsOAuthListener, toAmplifyConfig } from './amplifyConfig';
import { watchAuthStatus, type AuthStatus } from './authStatus';
import { renewDelay } from './tokenExpiry';

let configuredFor: AuthSettings | null = null;

/** `window.localStorage`, or `null` where the browser refuses it (spec §8.2: treated as empty). */
function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Configures Amplify once for these settings: tokens in cookies with the spec §9 defaults, so the
 * server gate sees them on every request; the OAuth listener only when a redirect sign-in
 * is returning or in flight (see `needsOAuthListener`).
 */
export function configure(settings: AuthSettings): void {
  if (configuredFor === settings) return;
  Amplify.configure(toAmplifyConfig(settings));
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new CookieStorage(settings.cookie));
  configuredFor = settings;
  // Completes a federated sign-in when the identity provider redirects back (spec §2.3 SSO button).
  if (needsOAuthListener(settings, window.location.search, safeLocalStorage())) {
    void import(/* webpackChunkName: "oauth-listener" */ 'aws-amplify/auth/enable-oauth-listener');
  }
}

/**
 * Configures Amplify, follows the session (see authStatus.ts), reports failed federated sign-ins and
 * keeps the tokens fresh ({@link keepFresh}).
 *
 * @returns a function that stops following it.
 */
export function followSession(
  settings: AuthSettings,
  onStatus: (status: AuthStatus) => void,
  onRedirectFailure?: (message: string) => void,
): () => void {
  configure(settings);
  // Subscribed in this same tick: the OAuth listener `configure` may load reports only after its import.
  const stopWatching = watchAuthStatus(
    { getCurrentUser, listen: (callback) => Hub.listen('auth', callback), signOut },
    onStatus,
    onRedirectFailure,
  );
  const stopRenewing = keepFresh();
  return () => {
    stopWatching();
    stopRenewing();
  };
}

/** The signed-in user's access token (a JWT), or `null` when there is none or it cannot be refreshed. */
export async function accessToken(): Promise<string | null> {
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * Calls `callback` whenever Amplify has refreshed the tokens (Hub `auth` `tokenRefresh`).
 *
 * @returns the unsubscribe function.
 */
export function onTokenRefresh(callback: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh') callback();
  });
}

/** Signs out locally (spec §4); errors are swallowed, the tokens are removed anyway (spec §8.2). */
export async function signOutLocally(): Promise<void> {
  await signOut().catch(() => undefined);
}

/**
 * Renews the tokens shortly before the access token expires, again after every renewal, so the gate
 * keeps accepting the cookies while the page stays open (client-side navigation loads gated chunks).
 * A failed renewal surfaces as Hub `tokenRefresh_failure`, which signs out (authStatus.ts).
 *
 * @returns a function that stops renewing.
 */
export function keepFresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = true;
  const schedule = async () => {
    const session = await fetchAuthSession().catch(() => null);
    const exp = session?.tokens?.accessToken?.payload.exp;
    if (!active || typeof exp !== 'number') return;
    clearTimeout(timer);
    // At least a second apart, so a token Amplify does not renew yet cannot make this spin.
    timer = setTimeout(() => void schedule(), Math.max(1000, renewDelay(exp * 1000, Date.now())));
  };
  void schedule();
  return () => {
    active = false;
    clearTimeout(timer);
  };
}
