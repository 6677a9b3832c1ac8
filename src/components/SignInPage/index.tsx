import React, { type ReactNode } from 'react';
import { Authenticator, View } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import Layout from '@theme/Layout';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { signInFlowFor } from '@site/src/components/AuthProvider/amplifyConfig';
import SsoButton from '@site/src/components/SsoButton';
import styles from './styles.module.css';
import '@aws-amplify/ui-react/styles.css';

/** Sign-in footer: Amplify's own "Forgot your password?" link, then the SSO button (spec §2.3). */
function SignInFooter(): ReactNode {
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
 * What an anonymous visitor sees on every route (spec §2.3): the site layout with the navbar reduced
 * to brand, colour toggle and search (spec §2.2), no footer, and the Amplify Authenticator with
 * sign-up hidden. Sign-in errors from the identity service appear in the Authenticator's alert.
 */
export default function SignInPage(): ReactNode {
  const { settings } = usePortalAuth();
  const authFlowType = signInFlowFor(settings);
  const services = authFlowType
    ? {
        handleSignIn: (input: SignInInput) =>
          signIn({ ...input, options: { ...input.options, authFlowType } }),
      }
    : undefined;
  return (
    <Layout title="Sign in" noFooter>
      <main className={styles.signIn}>
        <Authenticator hideSignUp services={services} components={components} />
      </main>
    </Layout>
  );
}
