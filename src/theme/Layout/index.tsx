// Gates every page (spec §1, §2.3, §6): until sign-in, the page is replaced by the sign-in form in the
// theme's own layout without footer. Here rather than in Root because the layout needs route context.
import React, { type ReactNode } from 'react';
import Layout from '@theme-original/Layout';
import type { Props } from '@theme/Layout';
import AuthGate from '@site/src/components/AuthGate';
import SignInForm from '@site/src/components/SignInForm';

export default function LayoutWrapper(props: Props): ReactNode {
  const signIn = (
    <Layout title="Sign in" noFooter>
      <SignInForm />
    </Layout>
  );
  return (
    <AuthGate signIn={signIn}>
      <Layout {...props} />
    </AuthGate>
  );
}
