import React, { type ReactNode } from 'react';
import { Authenticator, View } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { signInFlowFor } from '@site/src/components/AuthProvider/amplifyConfig';
import SsoButton from '@site/src/components/SsoButton';
import styles from './styles.module.css';
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

/**
 * The sign-in form every anonymous visitor sees (spec §2.3): the Amplify Authenticator with sign-up
 * hidden, "Forgot your password?" and the "{product} SSO" button. Sign-in errors from the identity
 * service appear in the Authenticator's dismissible alert (spec §8.2). In local mode it signs in with
 * USER_PASSWORD_AUTH (see `signInFlowFor`).
 */
export default function SignInForm(): ReactNode {
  const { settings } = usePortalAuth();
  const authFlowType = signInFlowFor(settings);
  const services = authFlowType
    ? {
        handleSignIn: ((input: SignInInput) =>
          signIn({ ...input, options: { ...input.options, authFlowType } })) as typeof signIn,
      }
    : undefined;
  return (
    <main className={styles.signIn}>
      <Authenticator
        hideSignUp
        services={services}
        components={components}
        formFields={{ setupTotp: { QR: { totpIssuer: settings.totpIssuer } } }}
      />
    </main>
  );
}
