/**
 * Whether the reader turned "Use my token" on: one switch for every sample of the tab, kept in
 * sessionStorage (so it survives moving between pages, never the browser session) and off by default.
 * It turns off on sign-out (rules/signOut.ts), so it starts off again for the next person at this browser;
 * a client module (docusaurus.config.ts `clientModules`), since the choice outlives the page and a sign-out
 * on a page without samples must turn it off too. Only the choice is stored here; the token itself is read
 * from Amplify's session when a sample needs it (src/components/ApiToken).
 */
import { useSyncExternalStore } from 'react';
import { onSignOut } from '@site/rules/signOut';

/** The sessionStorage key of the choice (`'1'` when on). */
export const USE_MY_TOKEN_KEY = 'portal.useMyToken';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.sessionStorage.getItem(USE_MY_TOKEN_KEY) === '1';
  } catch {
    // Spec §8.2: unavailable browser storage is treated as empty.
    return false;
  }
}

function write(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(USE_MY_TOKEN_KEY, '1');
    else window.sessionStorage.removeItem(USE_MY_TOKEN_KEY);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
  memory = on;
  for (const listener of listeners) listener();
}

/** The choice when storage cannot hold it. */
let memory = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The switch's state and its setter, the same in every component of the page; `false` while rendering on
 * the server and hydrating, so the HTML never depends on it.
 */
export function useUseMyToken(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => read() || memory,
    () => false,
  );
  return [on, write];
}

/** Turns the switch off (on sign-out). */
export function clearUseMyToken(): void {
  write(false);
}

onSignOut(clearUseMyToken);
