/**
 * The sign-in form at the address of the page a reader asked for (spec §1: until sign-in, every page shows
 * the sign-in form instead of its content). The gates answer an anonymous page request with the sign-in page
 * itself, at the page's own address (rules/access.ts). Docusaurus' client loads the route of the address it
 * starts at before it renders anything (core's `clientEntry`: `preload(location.pathname)`), and a gated
 * page's route is gated: its chunks get 401, and nothing would render. So this client module, which
 * Docusaurus runs before the first render, gives the client the sign-in route's address when the document is
 * the sign-in page served elsewhere, with the page as `next`; once the sign-in route has rendered, it puts the
 * page's address back in the address bar. The reader sees the form at the page's address, query and fragment
 * kept; once signed in, SignInRedirect replaces the route with `next`, which loads with the session at the
 * same address. Only the sign-in route's files are fetched before that.
 */
import { SIGN_IN_ROUTE } from '@site/rules/routes';
import { trimTrailing } from '@site/rules/text';
import { SIGN_IN_VALUE, VERIFIED_META_NAME } from '@site/rules/verifiedMark';

/** The parts of `window` the module uses. */
export type InPlaceWindow = Pick<Window, 'document' | 'location' | 'history'>;

/** Whether `doc` is the sign-in page (its head holds the sign-in mark, rules/verifiedMark.ts). */
export function isSignInPage(doc: Document): boolean {
  return doc.head?.querySelector(`:scope > meta[name="${VERIFIED_META_NAME}"][content="${SIGN_IN_VALUE}"]`) != null;
}

/**
 * Where the client starts for a document at `location`: the sign-in route with the page's address as `next`
 * (`/login?next=%2Fdocs%2Fx%3Fa%3D1%23h`) when `doc` is the sign-in page served at another address, else
 * `null` (any other page, or the sign-in page at its own route).
 */
export function signInAddressFor(
  doc: Document,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string | null {
  if (!isSignInPage(doc) || (trimTrailing(location.pathname, '/') || '/') === SIGN_IN_ROUTE) return null;
  return `${SIGN_IN_ROUTE}?next=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`;
}

/**
 * Gives the client the sign-in route's address ({@link signInAddressFor}) in place of the page's, keeping the
 * history entry's state.
 *
 * @returns what puts the page's address back once the sign-in route has rendered, or `null` when nothing
 *   was changed.
 */
export function startAtSignIn(win: InPlaceWindow): (() => void) | null {
  const signIn = signInAddressFor(win.document, win.location);
  if (signIn === null) return null;
  const { pathname, search, hash } = win.location;
  const page = `${pathname}${search}${hash}`;
  win.history.replaceState(win.history.state, '', signIn);
  return () => {
    // Only while the sign-in route still shows: after sign-in the client has moved on to the page itself.
    if (trimTrailing(win.location.pathname, '/') === SIGN_IN_ROUTE)
      win.history.replaceState(win.history.state, '', page);
  };
}

let restore: (() => void) | null = typeof window === 'undefined' ? null : startAtSignIn(window);

/**
 * Docusaurus client lifecycle: after the first render (`previousLocation` null), the page's address goes back
 * in the address bar. The router keeps the sign-in route's location until SignInRedirect moves on.
 */
export function onRouteDidUpdate({ previousLocation }: { previousLocation: Location | null }): void {
  if (previousLocation !== null || restore === null) return;
  restore();
  restore = null;
}
