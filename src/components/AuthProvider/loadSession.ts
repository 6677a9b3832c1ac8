/** The session module (./session.ts), loaded once on first use; see its header for why it is separate. */
export type Session = typeof import('./session');

let loading: Promise<Session> | null = null;

/**
 * @returns the session module; the same promise on every call.
 * @throws the chunk load error (e.g. offline); the next call tries again.
 */
export function loadSession(): Promise<Session> {
  loading ??= import(/* webpackChunkName: "session" */ './session').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
