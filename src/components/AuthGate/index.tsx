import React, { type ReactNode } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { isGateOpen } from './useIsSignedIn';
import styles from './styles.module.css';

/** Props of {@link AuthGate}. */
export interface AuthGateProps {
  /** The page, shown only to a signed-in visitor. */
  children: ReactNode;
  /** What an anonymous visitor sees instead (the sign-in form in the site layout). */
  signIn: ReactNode;
}

/**
 * The sign-in gate (spec §1, §2.3, §6): renders `children` only for a signed-in visitor and `signIn`
 * for everyone else. Must sit below `AuthProvider` (src/theme/Root.tsx).
 *
 * During static rendering the page is rendered inside a `hidden` element, so the built HTML and the
 * local search index hold its text (issue #2) while the browser shows none of it: hydration renders
 * the same hidden markup, and the page becomes visible only once Amplify reports `authenticated`.
 * Anonymous visitors get `signIn` instead. The server gate (issue #4) keeps that HTML from anonymous
 * requests in production.
 */
export default function AuthGate({ children, signIn }: AuthGateProps): ReactNode {
  const isBrowser = useIsBrowser();
  const { authStatus, route } = useAuthenticator((context) => [context.authStatus, context.route]);
  const open = isBrowser && isGateOpen(authStatus, route);
  // Signed out, or signed in with a verification step of the sign-in form still to show (spec §4).
  if (isBrowser && !open && authStatus !== 'configuring') return signIn;
  return (
    <div className={styles.gate} hidden={!open} data-auth-gate={open ? 'open' : 'closed'}>
      {children}
    </div>
  );
}
