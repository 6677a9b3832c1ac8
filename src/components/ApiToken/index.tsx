import React, { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

const ApiTokenContext = createContext<string | null>(null);

/** The signed-in user's access token (a JWT), or `null` when signed out. */
export function useApiToken(): string | null {
  return useContext(ApiTokenContext);
}

/**
 * Keeps the signed-in user's Cognito access token for the API explorer (issue #3): read from
 * Amplify's session after sign-in, read again on Amplify's `tokenRefresh` Hub event, dropped on
 * sign-out. It also writes the token where the explorer initialises its bearer field from
 * (`themeConfig.api.authPersistence` storage, key = security scheme name, value `{"token": …}`) and
 * removes it on sign-out, so no token outlives the session in the browser.
 *
 * Must sit below `AuthProvider`. The bearer scheme names come from `customFields.apiBearerSchemes`.
 */
export default function ApiTokenProvider({ children }: { children: ReactNode }): ReactNode {
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);
  const { siteConfig } = useDocusaurusContext();
  const schemes = (siteConfig.customFields?.apiBearerSchemes as string[] | undefined) ?? [];
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    if (authStatus !== 'authenticated') {
      setToken(null);
      return undefined;
    }
    let current = true;
    const load = () =>
      fetchAuthSession()
        .then((session) => current && setToken(session.tokens?.accessToken?.toString() ?? null))
        .catch(() => current && setToken(null));
    void load();
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh') void load();
    });
    return () => {
      current = false;
      stop();
    };
  }, [authStatus]);

  useEffect(() => {
    for (const scheme of schemes) {
      if (token) sessionStorage.setItem(scheme, JSON.stringify({ token }));
      else sessionStorage.removeItem(scheme);
    }
  }, [token, schemes.join(' ')]); // eslint-disable-line react-hooks/exhaustive-deps

  return <ApiTokenContext.Provider value={token}>{children}</ApiTokenContext.Provider>;
}
