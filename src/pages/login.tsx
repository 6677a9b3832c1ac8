import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import SignInRedirect from '@site/src/components/SignInRedirect';
import { SIGN_IN_VALUE, VERIFIED_META_NAME } from '@site/rules/verifiedMark';

/**
 * The sign-in route `/login?next=<path>`. The gates send this page in place of any page an anonymous reader
 * asks for, at that page's address (its mark tells the client so, src/components/SignInRedirect/inPlace.ts);
 * its HTML and assets are all an anonymous visitor receives. The gate shows the sign-in form; after sign-in
 * the user continues to `next`.
 */
export default function Login(): ReactNode {
  return (
    <Layout title="Sign in" noFooter>
      <Head>
        <meta name={VERIFIED_META_NAME} content={SIGN_IN_VALUE} />
      </Head>
      <main className="container margin-vert--xl">
        <SignInRedirect />
      </main>
    </Layout>
  );
}
