import React, { useEffect, type ReactNode } from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import { useIsSignedIn } from '@site/src/components/AuthGate/useIsSignedIn';
import { sessionStore, takeNext } from './pendingNext';
import { safeNext } from './safeNext';

/**
 * Content of the sign-in route, at `/login` or in place of a page (./inPlace.ts): once signed in (or when
 * Amplify has refreshed an expired session), replaces the URL with `next` (a same-origin path, see {@link safeNext}) so the user lands where they
 * were going, or, after single sign-on, where the SSO button said they were going
 * (./pendingNext.ts). Anonymous visitors never see it: the gate shows the sign-in form instead.
 */
export default function SignInRedirect(): ReactNode {
  const signedIn = useIsSignedIn();
  const { search } = useLocation();
  const history = useHistory();
  useEffect(() => {
    if (!signedIn) return;
    // After single sign-on the hosted UI returns to plain `/login`; the SSO button kept `next`.
    const next = new URLSearchParams(search).get('next') ?? takeNext(sessionStore(), Date.now());
    history.replace(safeNext(next));
  }, [signedIn, search, history]);
  return <p>Signing you in…</p>;
}
