/**
 * @jest-environment node
 */
import { watchAuthStatus, type AuthHubMessage, type AuthStatus } from '../authStatus';

function setUp(signedIn: boolean) {
  let hub: (message: AuthHubMessage) => void = () => undefined;
  const deps = {
    getCurrentUser: jest.fn(() =>
      signedIn ? Promise.resolve({ username: 'demo' }) : Promise.reject(new Error('no user')),
    ),
    listen: jest.fn((callback: (message: AuthHubMessage) => void) => {
      hub = callback;
      return stop;
    }),
    signOut: jest.fn(() => Promise.resolve()),
  };
  const stop = jest.fn();
  const seen: AuthStatus[] = [];
  const failures: string[] = [];
  const unsubscribe = watchAuthStatus(
    deps,
    (status) => seen.push(status),
    (message) => failures.push(message),
  );
  const emit = (event: string, data?: unknown) => hub({ payload: { event, data } });
  return { deps, seen, failures, emit, unsubscribe, stop };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('watchAuthStatus (spec §4)', () => {
  it('reports a stored session as authenticated, and no session as unauthenticated', async () => {
    const signedIn = setUp(true);
    const anonymous = setUp(false);
    await settle();
    expect(signedIn.seen).toEqual(['authenticated']);
    expect(anonymous.seen).toEqual(['unauthenticated']);
  });

  it('follows sign-in and sign-out', async () => {
    const { seen, emit } = setUp(false);
    await settle();
    emit('signedIn');
    emit('signedOut');
    expect(seen).toEqual(['unauthenticated', 'authenticated', 'unauthenticated']);
  });

  it('signs out when the token cannot be refreshed, but not on a network error', async () => {
    const { seen, emit, deps } = setUp(true);
    await settle();
    emit('tokenRefresh_failure', { error: { name: 'NetworkError' } });
    expect(seen).toEqual(['authenticated']);
    expect(deps.signOut).not.toHaveBeenCalled();
    emit('tokenRefresh_failure', { error: { name: 'NotAuthorizedException' } });
    expect(seen).toEqual(['authenticated', 'unauthenticated']);
    expect(deps.signOut).toHaveBeenCalledTimes(1);
  });

  it('stops listening, and ignores a pending check, once unsubscribed', async () => {
    const { seen, unsubscribe, stop } = setUp(true);
    unsubscribe();
    await settle();
    expect(stop).toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('reports a refused federated sign-in with the reason, and stays signed out', async () => {
    const { seen, failures, emit } = setUp(false);
    await settle();
    emit('signInWithRedirect_failure', { error: { name: 'OAuthSignInException', message: 'invalid_grant' } });
    emit('signInWithRedirect_failure', {});
    expect(failures).toEqual([
      'Single sign-on did not complete: invalid_grant. Try again.',
      'Single sign-on did not complete: unknown error. Try again.',
    ]);
    expect(seen).toEqual(['unauthenticated']);
  });
});
