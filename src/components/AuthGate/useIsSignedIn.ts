import { useAuthenticator } from '@aws-amplify/ui-react';

/** Authenticator routes that follow a successful sign-in but still belong to the sign-in form (spec §4). */
const POST_SIGN_IN_STEPS = new Set(['verifyUser', 'confirmVerifyUser']);

/**
 * Whether the gate is open: Amplify reports `authenticated` and no post-sign-in step (contact
 * verification, spec §4 "verify-attributes") is still on screen. `false` while Amplify is still
 * checking the stored session, so nothing gated flashes.
 */
export function isGateOpen(authStatus: string, route: string): boolean {
  return authStatus === 'authenticated' && !POST_SIGN_IN_STEPS.has(route);
}

/** {@link isGateOpen} for the current visitor (spec §4 "Auth status"). */
export function useIsSignedIn(): boolean {
  const { authStatus, route } = useAuthenticator((context) => [context.authStatus, context.route]);
  return isGateOpen(authStatus, route);
}
