/**
 * The session module (./session.ts), loaded once on first use; see its header for why it is separate.
 * Components that need Amplify call {@link loadSession}; AuthProvider also waits for that first call
 * ({@link sessionWanted}) on a page the gate has verified, where nothing else needs Amplify sooner.
 */
export type Session = typeof import('./session');

let loading: Promise<Session> | null = null;
let wanted: (session: Session) => void = () => undefined;
const firstLoad = new Promise<Session>((resolve) => {
  wanted = resolve;
});

/**
 * @returns the session module; the same promise on every call.
 * @throws the chunk load error (e.g. offline); the next call tries again.
 */
export function loadSession(): Promise<Session> {
  loading ??= import(/* webpackChunkName: "session" */ './session').then(
    (session) => {
      wanted(session);
      return session;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Resolves with the session module once something has loaded it with {@link loadSession}. */
export function sessionWanted(): Promise<Session> {
  return firstLoad;
}
