/**
 * Where a federated sign-in returns to. The hosted UI may only send the browser back to a
 * registered callback URL (`/login`, config/env.ts), so the page the visitor started from — the sign-in
 * page's `next` — cannot travel in the URL; the SSO button keeps it in this tab's session storage
 * before leaving, and the sign-in page takes it back once signed in.
 */
import { safeNext } from './safeNext';

/** Session-storage key of the pending destination. */
export const PENDING_NEXT_KEY = 'portal.signIn.next';

/** How long a remembered destination stays valid, in ms: a sign-in abandoned longer ago is forgotten. */
export const PENDING_NEXT_TTL_MS = 15 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Remembers `next` (made safe with {@link safeNext}) for the return from the identity provider.
 * Unavailable storage (spec §8.2) only means the visitor lands on `/` afterwards.
 */
export function rememberNext(storage: Store | null, next: string | null | undefined, now: number): void {
  try {
    storage?.setItem(PENDING_NEXT_KEY, JSON.stringify({ next: safeNext(next), at: now }));
  } catch {
    // Spec §8.2: refused storage is treated as empty.
  }
}

/**
 * Takes (reads and forgets) the remembered destination.
 *
 * @returns a same-origin path, or `null` when none was remembered in the last {@link PENDING_NEXT_TTL_MS}.
 */
export function takeNext(storage: Store | null, now: number): string | null {
  try {
    const raw = storage?.getItem(PENDING_NEXT_KEY);
    storage?.removeItem(PENDING_NEXT_KEY);
    if (!raw) return null;
    const { next, at } = JSON.parse(raw) as { next?: unknown; at?: unknown };
    if (typeof next !== 'string' || typeof at !== 'number' || now - at > PENDING_NEXT_TTL_MS || now < at) return null;
    return safeNext(next);
  } catch {
    return null;
  }
}

/** `window.sessionStorage`, or `null` where the browser refuses it. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
