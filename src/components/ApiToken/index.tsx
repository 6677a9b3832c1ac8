import { useEffect, useState } from 'react';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { loadSession } from '@site/src/components/AuthProvider/loadSession';

/**
 * The signed-in user's Cognito access token (a JWT) for the API explorer, or `null` when
 * signed out: read from Amplify's session once signed in, read again on Amplify's `tokenRefresh` Hub
 * event, dropped on sign-out. Used by the explorer alone (src/theme/ApiExplorer/Authorization), so it
 * loads with the explorer on API pages instead of on every page. The copies the explorer stores go on
 * sign-out (./storedTokens.ts).
 */
export function useApiToken(): string | null {
  const { signedIn } = usePortalAuth();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    // On a page the gate verified this is what first loads Amplify (AuthProvider waits for it).
    if (!signedIn) {
      setToken(null);
      return undefined;
    }
    let current = true;
    let stop: (() => void) | undefined;
    void loadSession().then((session) => {
      if (!current) return;
      const load = () => session.accessToken().then((value) => current && setToken(value));
      void load();
      stop = session.onTokenRefresh(() => void load());
    });
    return () => {
      current = false;
      stop?.();
    };
  }, [signedIn]);
  return token;
}
