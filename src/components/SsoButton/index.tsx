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
export default function SsoButton(): ReactNode {
  const { settings, productName } = usePortalAuth();
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
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
