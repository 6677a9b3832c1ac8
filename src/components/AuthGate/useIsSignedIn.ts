import { useAuthenticator } from '@aws-amplify/ui-react';

/**
 * Whether the visitor is signed in (Amplify `authStatus === 'authenticated'`, spec §4 "Auth status").
 * `false` while Amplify is still checking the stored session, so nothing gated flashes.
 */
export function useIsSignedIn(): boolean {
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);
  return authStatus === 'authenticated';
}
