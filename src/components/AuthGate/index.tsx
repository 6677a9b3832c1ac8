import React, { type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { usePortalAuth } from '@site/src/components/AuthProvider';
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
 * local search index hold its text: hydration renders the same markup, and the page
 * becomes visible once Amplify reports a session (`data-auth-gate="open"`), or at first paint when
 * the page carries the gate's mark (see ./verified.ts).
 * Anonymous visitors get `signIn` instead, and so does a visitor whose session ends or cannot be
 * refreshed. The server gate keeps the built HTML from anonymous requests in production.
 */
export default function AuthGate({ children, signIn }: AuthGateProps): ReactNode {
  const isBrowser = useIsBrowser();
  const { authStatus, signedIn } = usePortalAuth();
  const open = isBrowser && signedIn;
  // Signed out, or signed in with a verification step of the sign-in form still to show (spec §4).
  if (isBrowser && !open && authStatus !== 'configuring') return signIn;
  return (
    <div className={styles.gate} hidden={!open} data-auth-gate={open ? 'open' : 'closed'}>
      {children}
    </div>
  );
}
