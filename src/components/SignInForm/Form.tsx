import React, { useEffect, type ReactNode } from 'react';
import { Authenticator, View } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { signInFlowFor } from '@site/src/components/AuthProvider/amplifyConfig';
import SsoButton from '@site/src/components/SsoButton';
// Amplify UI's styles travel with this module only: plugins/sign-in-assets keeps them out of the
// site's one stylesheet, so signed-in pages do not download them.
import '@aws-amplify/ui-react/styles.css';

/** Sign-in footer: Amplify's own "Forgot your password?" link, then the SSO button (spec §2.3). */
function SignInFooter(): React.JSX.Element {
  return (
    <>
      <Authenticator.SignIn.Footer />
      <View padding="0 2rem 2rem">
        <SsoButton />
      </View>
    </>
  );
}

const components = { SignIn: { Footer: SignInFooter } };

/** Rendered by the Authenticator once its flow has reached `authenticated`: tells the gate to open. */
function SignInComplete({ onComplete }: { onComplete: () => void }): null {
  useEffect(onComplete, [onComplete]);
  return null;
}

/**
 * The Amplify Authenticator of the sign-in form (spec §2.3): sign-up hidden, "Forgot your password?"
 * and the "{product} SSO" button. Sign-in errors from the identity service appear in the
 * Authenticator's dismissible alert (spec §8.2). In local mode it signs in with USER_PASSWORD_AUTH
 * (see `signInFlowFor`). The gate opens only when the Authenticator has finished every step, the
 * post-sign-in contact verification included (spec §4), through `completeSignIn`.
 */
export default function SignInAuthenticator(): ReactNode {
  const { settings, completeSignIn } = usePortalAuth();
  const authFlowType = signInFlowFor(settings);
  const services = authFlowType
    ? {
        handleSignIn: ((input: SignInInput) =>
          signIn({ ...input, options: { ...input.options, authFlowType } })) as typeof signIn,
      }
    : undefined;
  return (
    <Authenticator
      hideSignUp
      services={services}
      components={components}
      formFields={{ setupTotp: { QR: { totpIssuer: settings.totpIssuer } } }}
    >
      <SignInComplete onComplete={completeSignIn} />
    </Authenticator>
  );
}
