/**
 * The sign-out event: the session's end, announced to every module that keeps something of the session in
 * the browser, which forgets it. The announcer knows none of them and none of them imports the announcer, so
 * the session code and the state it leaves behind do not import each other.
 *
 * Announced by the Logout item before Amplify clears the tokens (so nothing still under way is refused by
 * the gate after) and by AuthProvider whenever Amplify reports the session over (Logout, a sign-out in
 * another tab, a refresh token that expired); a listener may therefore hear one sign-out twice and must be
 * idempotent. A listener hears only what is announced after it subscribed: a module that keeps state in
 * storage, which outlives the page, subscribes from a client module (`clientModules` in
 * docusaurus.config.ts), so it is loaded on every page and hears every sign-out.
 */

/** What a listener is told. */
export interface SignOut {
  /**
   * The site's `siteConfig.customFields` (src/components/AuthProvider/customFields.ts `PortalCustomFields`),
   * for a listener that must know the site to forget its part (which storage keys hold a token).
   */
  customFields: Readonly<Record<string, unknown>>;
}

/** Forgets what the session left in the browser. */
export type SignOutListener = (signOut: SignOut) => void;

const listeners = new Set<SignOutListener>();

/**
 * Calls `listener` at every sign-out from now on.
 *
 * @returns a function that unsubscribes it.
 */
export function onSignOut(listener: SignOutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Announces a sign-out to every listener, in the order they subscribed. A listener that throws is reported
 * on the console; the others still run, since each holds a different part of the session.
 */
export function signedOut(signOut: SignOut): void {
  for (const listener of [...listeners]) {
    try {
      listener(signOut);
    } catch (error) {
      console.error('A sign-out listener failed:', error);
    }
  }
}
