import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import SignInRedirect from '@site/src/components/SignInRedirect';

/**
 * The sign-in route `/login?next=<path>`. The server sends anonymous page requests here;
 * its HTML and assets are all an anonymous visitor receives. The gate shows the sign-in form; after
 * sign-in the user continues to `next`.
 */
export default function Login(): ReactNode {
  return (
    <Layout title="Sign in" noFooter>
      <main className="container margin-vert--xl">
        <SignInRedirect />
      </main>
    </Layout>
  );
}
