import React, { useState, type ReactNode } from 'react';
import { signInWithRedirect } from 'aws-amplify/auth';
import { Alert, Button } from '@aws-amplify/ui-react';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { rememberNext, sessionStore } from '@site/src/components/SignInRedirect/pendingNext';

/** Shown instead of starting the flow when this deployment has no OAuth settings. */
export const NOT_SET_UP = 'Single sign-on is not set up for this portal.';

/**
 * The "{product} SSO" button (spec §2.3): starts a federated sign-in through the user pool's custom
 * identity provider with Amplify `signInWithRedirect` (OAuth code flow, spec §3.2). Amplify UI has no
 * built-in button for custom providers (aws-amplify/amplify-ui#1152), hence this one. A failure to start
 * (e.g. OAuth not configured for this deployment) is shown under the button (spec §8.2), and so is a
 * federated sign-in that came back refused (`ssoError`).
 */
export default function SsoButton(): ReactNode {
  const { settings, productName, ssoError, clearSsoError } = usePortalAuth();
  const [startError, setError] = useState<string | null>(null);
  const error = startError ?? ssoError;
  const start = async () => {
    setError(null);
    clearSsoError();
    // Without a hosted-UI domain Amplify can only say "oauth param not configured"; say what it means.
    if (!settings.oauth.domain) {
      setError(
        settings.mode === 'local'
          ? `${NOT_SET_UP} To try it locally, unset LOCAL_SSO (it is off) and restart npm start: the local IdP signs you in as sso.demo@example.com (see README).`
          : `${NOT_SET_UP} Sign in with your username and password, or ask your administrator.`,
      );
      return;
    }
    try {
      // The hosted UI returns to `/login` alone; keep where the visitor was going: the
      // sign-in page's `next`, or this page where the form shows in place (../SignInRedirect/inPlace.ts).
      const { pathname, search, hash } = window.location;
      rememberNext(
        sessionStore(),
        new URLSearchParams(search).get('next') ?? `${pathname}${search}${hash}`,
        Date.now(),
      );
      await signInWithRedirect({ provider: { custom: settings.oauth.customProvider } });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Button variation="primary" colorTheme="overlay" isFullWidth onClick={start}>
        {`${productName} SSO`}
      </Button>
      {error && (
        <Alert
          variation="error"
          isDismissible
          onDismiss={() => {
            setError(null);
            clearSsoError();
          }}
        >
          {error}
        </Alert>
      )}
    </>
  );
}
