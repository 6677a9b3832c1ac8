import { usePortalAuth } from '@site/src/components/AuthProvider';

/**
 * Whether the gate is open for the current visitor (spec §4 "Auth status"): signed in, with no
 * post-sign-in step of the sign-in form still to show. `false` while the stored session is being
 * read and during static rendering, so navbar items never flash for an anonymous visitor.
 */
export function useIsSignedIn(): boolean {
  return usePortalAuth().signedIn;
}
