import React, { lazy, Suspense, type ReactNode } from 'react';
import styles from './styles.module.css';

// Amplify UI (its JavaScript and CSS) is fetched only when the form must show; signed-in pages never
// load it. The chunk name lets the server gate allow it.
const SignInAuthenticator = lazy(() => import(/* webpackChunkName: "sign-in-form" */ './Form'));

/**
 * The sign-in form every anonymous visitor sees (spec §2.3), loaded on demand: see `./Form` for the
 * form itself. While its code downloads, a status line holds the form's place.
 */
export default function SignInForm(): ReactNode {
  return (
    <main className={styles.signIn}>
      <Suspense fallback={<p role="status">Loading the sign-in form…</p>}>
        <SignInAuthenticator />
      </Suspense>
    </main>
  );
}
