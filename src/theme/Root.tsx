// Wraps every page in the Amplify Authenticator's provider (spec §1, §2.3, §6). Root composes
// providers only; the gate itself is placed by the Layout wrapper, which has route context.
import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/components/AuthProvider';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return <AuthProvider>{children}</AuthProvider>;
}
