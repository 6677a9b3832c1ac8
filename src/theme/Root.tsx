// Wraps every page in the portal's session provider (spec §1, §2.3, §6). Root composes providers
// only; the gate is placed by the Layout wrapper.
import React, { type ReactNode } from 'react';
import AuthProvider from '@site/src/components/AuthProvider';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return <AuthProvider>{children}</AuthProvider>;
}
