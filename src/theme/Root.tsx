// Wraps every page in the Amplify Authenticator's provider (spec §1, §2.3, §6) and the signed-in
// user's API token (issue #3). Root composes providers only; the gate is placed by the Layout wrapper.
import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/components/AuthProvider';
import ApiTokenProvider from '@site/src/components/ApiToken';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      <ApiTokenProvider>{children}</ApiTokenProvider>
    </AuthProvider>
  );
}
