/**
 * @jest-environment node
 */
import { PENDING_NEXT_TTL_MS, rememberNext, takeNext } from '../pendingNext';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
}

describe('the page a federated sign-in returns to', () => {
  it('comes back once, with its query and hash', () => {
    const storage = memory();
    rememberNext(storage, '/docs/services/interrogator?lang=python#search', 1000);
    expect(takeNext(storage, 2000)).toBe('/docs/services/interrogator?lang=python#search');
    expect(takeNext(storage, 2000)).toBeNull();
  });

  it('never sends the visitor to another site', () => {
    const storage = memory();
    rememberNext(storage, 'https://evil.example/phish', 1000);
    expect(takeNext(storage, 1000)).toBe('/');
    storage.setItem('portal.signIn.next', JSON.stringify({ next: '//evil.example', at: 1000 }));
    expect(takeNext(storage, 1000)).toBe('/');
  });

  it('forgets a sign-in abandoned more than 15 minutes ago, and bad entries', () => {
    const storage = memory();
    rememberNext(storage, '/blog', 0);
    expect(takeNext(storage, PENDING_NEXT_TTL_MS + 1)).toBeNull();
    storage.setItem('portal.signIn.next', '{not json');
    expect(takeNext(storage, 0)).toBeNull();
  });

  it('treats refused storage as empty (spec §8.2)', () => {
    const refused = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberNext(refused, '/blog', 0)).not.toThrow();
    expect(takeNext(refused, 0)).toBeNull();
    expect(takeNext(null, 0)).toBeNull();
  });
});
