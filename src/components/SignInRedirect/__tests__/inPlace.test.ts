/**
 * The sign-in page served in place of a page: the client starts at the sign-in route with the page as
 * `next`, so it loads no route of the page's, and the page's address is back in the address bar once the
 * sign-in route has rendered.
 */
import { safeNext } from '../safeNext';
import { isSignInPage, signInAddressFor, startAtSignIn } from '../inPlace';

const SIGN_IN_MARK = '<meta name="portal-gate" content="sign-in">';

/** A window whose document is `head` at `address`, in jsdom. */
function at(address: string, head: string): Window {
  document.head.innerHTML = head;
  window.history.replaceState({ key: 'k1' }, '', address);
  return window;
}

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('the sign-in page in place of a page', () => {
  it('starts the client at the sign-in route, the page (query and fragment too) as next, then puts the page back', () => {
    const win = at('/docs/domains/Our%20domains?tab=json#scores', SIGN_IN_MARK);
    const restore = startAtSignIn(win);
    expect(here()).toBe('/login?next=%2Fdocs%2Fdomains%2FOur%2520domains%3Ftab%3Djson%23scores');
    // What SignInRedirect reads and goes to once signed in: the page as it was asked for.
    expect(safeNext(new URLSearchParams(window.location.search).get('next'))).toBe(
      '/docs/domains/Our%20domains?tab=json#scores',
    );
    restore!();
    expect(here()).toBe('/docs/domains/Our%20domains?tab=json#scores');
    // The history entry keeps its state (the router's key).
    expect(window.history.state).toEqual({ key: 'k1' });
  });

  it('leaves the address alone once the client has moved on from the sign-in route', () => {
    const restore = startAtSignIn(at('/docs/x', SIGN_IN_MARK));
    window.history.replaceState(null, '', '/docs/x');
    restore!();
    expect(here()).toBe('/docs/x');
  });

  it.each([
    ['the sign-in page at its own route', '/login?next=%2Fdocs%2Fx', SIGN_IN_MARK, ''],
    ['the sign-in page at its route with a slash', '/login/', SIGN_IN_MARK, ''],
    ['a page the gate verified', '/docs/x', '<meta name="portal-gate" content="verified">', ''],
    ['a page of the dev server, unmarked', '/docs/x', '', ''],
    ['a page with the mark in its body, not its head', '/docs/x', '', SIGN_IN_MARK],
  ])('changes nothing for %s', (_name, address, head, body) => {
    const win = at(address, head);
    document.body.innerHTML = body;
    expect(startAtSignIn(win)).toBeNull();
    expect(here()).toBe(address);
    document.body.innerHTML = '';
  });

  it('reads the mark from the head only', () => {
    document.head.innerHTML = SIGN_IN_MARK;
    expect(isSignInPage(document)).toBe(true);
    expect(signInAddressFor(document, { pathname: '/', search: '', hash: '' })).toBe('/login?next=%2F');
    document.head.innerHTML = '<meta name="portal-gate" content="signin">';
    expect(isSignInPage(document)).toBe(false);
  });
});
