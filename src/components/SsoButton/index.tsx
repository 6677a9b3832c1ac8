import React, { useState, type ReactNode } from 'react';
import { signInWithRedirect } from 'aws-amplify/auth';
import { Alert, Button } from '@aws-amplify/ui-react';
import { usePortalAuth } from '@site/src/components/AuthProvider';

/**
 * The "{product} SSO" button (spec §2.3): starts a federated sign-in through the user pool's custom
 * identity provider with Amplify `signInWithRedirect` (OAuth code flow, spec §3.2). Amplify UI has no
 * built-in button for custom providers (amplify-ui issue 1152), hence this one. A failure to start
 * (e.g. OAuth not configured for this deployment) is shown under the button (spec §8.2).
 */
/** Shown instead of starting the flow when this deployment has no OAuth settings (issue #13). */
export const NOT_SET_UP = 'Single sign-on is not set up for this portal.';

export default function SsoButton(): ReactNode {
  const { settings, productName } = usePortalAuth();
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    // Without a hosted-UI domain Amplify can only say "oauth param not configured"; say what it means.
    if (!settings.oauth.domain) {
      setError(
        settings.mode === 'local'
          ? `${NOT_SET_UP} To try it locally, set COGNITO_OAUTH_DOMAIN and COGNITO_CUSTOM_PROVIDER (see .env.example).`
          : `${NOT_SET_UP} Sign in with your username and password, or ask your administrator.`,
      );
      return;
    }
    try {
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
        <Alert variation="error" isDismissible onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
    </>
  );
}
