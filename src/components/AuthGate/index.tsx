import React, { type ReactNode } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SignInPage from '@site/src/components/SignInPage';

/**
 * The sign-in gate (spec §1, §2.3, §6): renders its children only for a signed-in visitor and the
 * sign-in page for everyone else.
 *
 * During static rendering the children are rendered inside a `hidden` element, so the built HTML and
 * the local search index hold the page text (issue #2) while the browser shows nothing of it: the
 * hydration pass renders the same hidden markup, and only once Amplify reports `authenticated` does
 * it become visible. Anonymous visitors get {@link SignInPage} instead. The server gate (issue #4)
 * keeps that HTML from anonymous requests in production.
 */
export default function AuthGate({ children }: { children: ReactNode }): ReactNode {
  const isBrowser = useIsBrowser();
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);
  if (isBrowser && authStatus === 'unauthenticated') return <SignInPage />;
  const visible = isBrowser && authStatus === 'authenticated';
  return (
    <div hidden={!visible} data-auth-gate={visible ? 'open' : 'closed'}>
      {children}
    </div>
  );
}
