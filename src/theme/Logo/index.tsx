// Until sign-in the logo links home as a plain page load ("pathname://"), so Docusaurus does not
// prefetch route chunks that the server gate refuses to anonymous visitors.
import React, { type ReactNode } from 'react';
import Logo from '@theme-original/Logo';
import type { Props } from '@theme/Logo';
import { useIsSignedIn } from '@site/src/components/AuthGate/useIsSignedIn';

export default function LogoWrapper(props: Props): ReactNode {
  return useIsSignedIn() ? <Logo {...props} /> : <Logo {...props} to="pathname:///" />;
}
