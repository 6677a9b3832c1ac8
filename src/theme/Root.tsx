// Wraps every page in the sign-in gate (spec §1, §2.3, §6). Root only composes providers:
// Amplify configuration and state in AuthProvider, the gate itself in AuthGate.
import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/components/AuthProvider';
import AuthGate from '@site/src/components/AuthGate';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
