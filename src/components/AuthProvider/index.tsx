import React, { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { AuthSettings } from '@site/config/env';
import { readAuthSettings, type PortalCustomFields } from './customFields';
import type { AuthStatus } from './authStatus';
import { loadSession, sessionWanted } from './loadSession';
import { signedOut } from '@site/rules/signOut';
import { accessTokenExpiry, renewDelay } from './tokenExpiry';
import { isGateVerified } from '@site/src/components/AuthGate/verified';
import styles from './styles.module.css';

/** The text of spec §8.2 for a missing user-pool configuration. */
export const CONFIG_ERROR_TEXT = 'Configuration error (see console) – please contact the administrator';

/** What {@link usePortalAuth} gives the components below {@link AuthProvider}. */
export interface PortalAuth {
  settings: AuthSettings;
  productName: string;
  /** Amplify's view of the session (spec §4 "Auth status"); `configuring` until the stored session is read. */
  authStatus: AuthStatus;
  /**
   * Whether the gate is open: signed in (or on a page the gate verified, until Amplify says
   * otherwise), and the sign-in form, if it was shown, has finished its post-sign-in steps (contact
   * verification, spec §4 "verify-attributes"). `false` during static rendering and, on an unmarked
   * page, while the session is still being read.
   */
  signedIn: boolean;
  /** Called by the sign-in form once the Authenticator has reached its `authenticated` route. */
  completeSignIn(): void;
  /** Why the last federated sign-in failed, shown under the SSO button; `null` if none. */
  ssoError: string | null;
  /** Dismisses {@link PortalAuth.ssoError}. */
  clearSsoError(): void;
}

const PortalAuthContext = createContext<PortalAuth | null>(null);

/**
 * The auth settings, product name and session state of this build, for components below {@link AuthProvider}.
 *
 * @throws {Error} when used outside `AuthProvider` (a programming error, not a user one).
 */
export function usePortalAuth(): PortalAuth {
  const value = useContext(PortalAuthContext);
  if (!value) throw new Error('usePortalAuth must be used inside <AuthProvider> (src/theme/Root.tsx).');
  return value;
}

/**
 * The session as Amplify follows it (the session module, loaded at once on an unmarked page, when needed or
 * just before the access token expires on a page the gate verified), and the sign-in form's and SSO's state.
 */
function useFollowedSession(settings: AuthSettings, customFields: Readonly<Record<string, unknown>>) {
  const [authStatus, setAuthStatus] = useState<AuthStatus>('configuring');
  // True from the moment the sign-in form must show until it reports completion, so a `signedIn` Hub
  // event does not open the gate while the form still has a verification step to show.
  const [formPending, setFormPending] = useState(false);
  // A page the gate sent after verifying the token counts as signed in until Amplify says otherwise.
  const [verifiedPage, setVerifiedPage] = useState(false);
  const [ssoError, setSsoError] = useState<string | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    const verified = isGateVerified(document);
    setVerifiedPage(verified);
    // Amplify (the session module) is needed at once to decide what an unmarked page shows. On a
    // verified page it loads when something needs it (Logout, the API explorer's token) or just
    // before the access token expires, to renew it.
    if (verified) {
      const expiresAt = accessTokenExpiry(document.cookie, settings.userPoolClientId);
      renewTimer = setTimeout(
        () => void loadSession().catch(() => undefined),
        expiresAt ? renewDelay(expiresAt, Date.now()) : 0,
      );
    }
    (verified ? sessionWanted() : loadSession()).then(
      (session) => {
        if (active) stop = session.followSession(settings, onStatus, setSsoError);
      },
      (error: unknown) => {
        // Without Amplify no session can be read or kept: show the sign-in form, which says what failed.
        console.error('Could not load the sign-in code:', error);
        if (active) onStatus('unauthenticated');
      },
    );
    function onStatus(status: AuthStatus) {
      setAuthStatus(status);
      if (status === 'unauthenticated') {
        setFormPending(true);
        // Every module that keeps something of the session in the browser forgets it.
        signedOut({ customFields });
      }
    }
    return () => {
      active = false;
      clearTimeout(renewTimer);
      stop?.();
    };
  }, [settings, customFields]);
  const completeSignIn = useCallback(() => setFormPending(false), []);
  const clearSsoError = useCallback(() => setSsoError(null), []);
  return { authStatus, formPending, verifiedPage, ssoError, completeSignIn, clearSsoError };
}

function SessionProvider({
  settings,
  productName,
  customFields,
  children,
}: {
  settings: AuthSettings;
  productName: string;
  /** `siteConfig.customFields`, told to the sign-out listeners (rules/signOut.ts). */
  customFields: Readonly<Record<string, unknown>>;
  children: ReactNode;
}): ReactNode {
  const { authStatus, formPending, verifiedPage, ssoError, completeSignIn, clearSsoError } = useFollowedSession(
    settings,
    customFields,
  );
  const value = useMemo(
    () => ({
      settings,
      productName,
      authStatus,
      signedIn: (authStatus === 'authenticated' || (authStatus === 'configuring' && verifiedPage)) && !formPending,
      completeSignIn,
      ssoError,
      clearSsoError,
    }),
    [settings, productName, authStatus, verifiedPage, formPending, completeSignIn, ssoError, clearSsoError],
  );
  return <PortalAuthContext.Provider value={value}>{children}</PortalAuthContext.Provider>;
}

/**
 * Follows the visitor's session for the whole site (spec §2.3, §4). Amplify is configured from
 * `customFields.auth` (tokens kept in cookies) by the session module, which is loaded right after
 * hydration (./session.ts); Amplify UI comes only with the sign-in form. Whenever Amplify reports the
 * session over it announces the sign-out (rules/signOut.ts) to the modules that keep something of it. When
 * the user pool is not configured it renders only the spec §8.2 message and logs the reason, since no
 * sign-in can work.
 */
export default function AuthProvider({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const customFields = siteConfig.customFields ?? {};
  const settings = readAuthSettings(customFields);
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
  const fields = customFields as unknown as Partial<PortalCustomFields>;
  const productName = fields.productName ?? siteConfig.title;
  return (
    <SessionProvider settings={settings} productName={productName} customFields={customFields}>
      {children}
    </SessionProvider>
  );
}
