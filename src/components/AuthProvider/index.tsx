import React, { createContext, useContext, type ReactNode } from 'react';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
// Completes a federated sign-in when the identity provider redirects back (spec §2.3 SSO button).
import 'aws-amplify/auth/enable-oauth-listener';
import { Authenticator } from '@aws-amplify/ui-react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { AuthSettings } from '@site/config/env';
import { readAuthSettings, toAmplifyConfig, type PortalCustomFields } from './amplifyConfig';
import styles from './styles.module.css';

/** The text of spec §8.2 for a missing user-pool configuration. */
export const CONFIG_ERROR_TEXT = 'Configuration error (see console) – please contact the administrator';

interface PortalAuth {
  settings: AuthSettings;
  productName: string;
}

const PortalAuthContext = createContext<PortalAuth | null>(null);

/**
 * The auth settings and product name of this build, for components below {@link AuthProvider}.
 *
 * @throws {Error} when used outside `AuthProvider` (a programming error, not a user one).
 */
export function usePortalAuth(): PortalAuth {
  const value = useContext(PortalAuthContext);
  if (!value) throw new Error('usePortalAuth must be used inside <AuthProvider> (src/theme/Root.tsx).');
  return value;
}

let configuredFor: AuthSettings | null = null;

/**
 * Configures Amplify once from `customFields.auth` (tokens kept in cookies) and provides the Authenticator state to the whole
 * site (spec §2.3, §4). When the user pool is not configured it renders only the spec §8.2 message
 * and logs the reason, since no sign-in can work.
 */
export default function AuthProvider({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const settings = readAuthSettings(siteConfig.customFields);
  if (!settings) {
    if (typeof window !== 'undefined') {
      console.error('Auth configuration is missing: customFields.auth needs userPoolId and userPoolClientId.');
    }
    return (
      <div role="alert" className={styles.configError}>
        {CONFIG_ERROR_TEXT}
      </div>
    );
  }
  if (configuredFor !== settings) {
    Amplify.configure(toAmplifyConfig(settings));
    // Tokens live in cookies so the server gate can check every request (issue #4, spec §9).
    cognitoUserPoolsTokenProvider.setKeyValueStorage(new CookieStorage(settings.cookie));
    configuredFor = settings;
  }
  const productName = (siteConfig.customFields as unknown as PortalCustomFields).productName ?? siteConfig.title;
  return (
    <PortalAuthContext.Provider value={{ settings, productName }}>
      <Authenticator.Provider>{children}</Authenticator.Provider>
    </PortalAuthContext.Provider>
  );
}
