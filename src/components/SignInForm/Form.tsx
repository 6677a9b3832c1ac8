import React, { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Alert, Authenticator, ThemeProvider, View, defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { useColorMode } from '@docusaurus/theme-common';
import {
  confirmResetPassword,
  resetPassword,
  signIn,
  type ConfirmResetPasswordInput,
  type ResetPasswordInput,
  type SignInInput,
} from 'aws-amplify/auth';
import { I18n } from 'aws-amplify/utils';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { signInFlowFor } from '@site/src/components/AuthProvider/amplifyConfig';
import SsoButton from '@site/src/components/SsoButton';
import { SENTENCE_CASE_VOCABULARY } from './vocabulary';
// Amplify UI's styles travel with this module only: plugins/sign-in-assets keeps them out of the
// site's one stylesheet, so signed-in pages do not download them.
import '@aws-amplify/ui-react/styles.css';

// The portal is in English: Amplify UI's texts in sentence case, whatever language the browser prefers
// (Amplify UI would otherwise show its title-case defaults, or another language's where it has them).
I18n.putVocabulariesForLanguage('en', SENTENCE_CASE_VOCABULARY);
I18n.setLanguage('en');

/** What the sign-in view says after a password reset went through. */
export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with your new password.';

/** Amplify UI's own dark scheme (its public `defaultDarkModeOverride`), used while the site is dark. */
const THEME: Theme = { name: 'portal-sign-in', overrides: [defaultDarkModeOverride] };

/** Whether the reader has just reset their password (the sign-in view confirms it). */
const PasswordResetContext = createContext(false);

/** Above the sign-in fields: the confirmation of a password reset, right after one. */
function SignInHeader(): React.JSX.Element | null {
  if (!useContext(PasswordResetContext)) return null;
  return (
    <View padding="2rem 2rem 0">
      <Alert variation="success">{PASSWORD_RESET_DONE}</Alert>
    </View>
  );
}

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

const components = { SignIn: { Header: SignInHeader, Footer: SignInFooter } };

/** Rendered by the Authenticator once its flow has reached `authenticated`: tells the gate to open. */
function SignInComplete({ onComplete }: { onComplete: () => void }): null {
  useEffect(onComplete, [onComplete]);
  return null;
}

/**
 * The Amplify Authenticator of the sign-in form (spec §2.3): sign-up hidden, "Forgot your password?"
 * and the "{product} SSO" button, its texts in sentence case (./vocabulary.ts) and its colours in the site's
 * scheme. Sign-in errors from the identity service appear in the Authenticator's dismissible alert (spec
 * §8.2); after a password reset the sign-in view says it went through. In local mode it signs in with
 * USER_PASSWORD_AUTH (see `signInFlowFor`). The gate opens only when the Authenticator has finished every
 * step, the post-sign-in contact verification included (spec §4), through `completeSignIn`.
 */
export default function SignInAuthenticator(): ReactNode {
  const { settings, completeSignIn } = usePortalAuth();
  const { colorMode } = useColorMode();
  const [passwordReset, setPasswordReset] = useState(false);
  // The Authenticator reads its services once, when it starts: the first render's are its.
  const [services] = useState(() => {
    const authFlowType = signInFlowFor(settings);
    return {
      ...(authFlowType && {
        handleSignIn: ((input: SignInInput) =>
          signIn({ ...input, options: { ...input.options, authFlowType } })) as typeof signIn,
      }),
      handleForgotPassword: ((input: ResetPasswordInput) => {
        setPasswordReset(false);
        return resetPassword(input);
      }) as typeof resetPassword,
      handleForgotPasswordSubmit: (async (input: ConfirmResetPasswordInput) => {
        await confirmResetPassword(input);
        setPasswordReset(true);
      }) as typeof confirmResetPassword,
    };
  });
  return (
    <ThemeProvider theme={THEME} colorMode={colorMode}>
      <PasswordResetContext.Provider value={passwordReset}>
        <Authenticator
          hideSignUp
          services={services}
          components={components}
          formFields={{ setupTotp: { QR: { totpIssuer: settings.totpIssuer } } }}
        >
          <SignInComplete onComplete={completeSignIn} />
        </Authenticator>
      </PasswordResetContext.Provider>
    </ThemeProvider>
  );
}
