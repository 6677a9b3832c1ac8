// Hides every configured navbar item until sign-in (spec §2.2): anonymous visitors see only the
// brand, the colour-mode toggle and search, which the navbar renders outside NavbarItem.
import React, { type ReactNode } from 'react';
import NavbarItem from '@theme-original/NavbarItem';
import type { Props } from '@theme/NavbarItem';
import { useIsSignedIn } from '@site/src/components/AuthGate/useIsSignedIn';

export default function NavbarItemWrapper(props: Props): ReactNode {
  return useIsSignedIn() ? <NavbarItem {...props} /> : null;
}
