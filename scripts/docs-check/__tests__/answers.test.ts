/**
 * @jest-environment node
 *
 * How a page may shorten an answer it shows (../journey.ts `matchesAnswer`): what it shows must still be
 * what a reader gets, and only the places marked `…` may hold more.
 */
import { matchesAnswer } from '../journey';

describe('an answer a page shows matches the real one', () => {
  it('when equal, and not when a value, a field or an item differs', () => {
    expect(matchesAnswer({ count: 8 }, { count: 8 })).toBe(true);
    expect(matchesAnswer({ count: 8 }, { count: 9 })).toBe(false);
    expect(matchesAnswer({ count: 8 }, { count: 8, extra: 1 })).toBe(false);
    expect(matchesAnswer(['Laws'], ['Laws', 'Guidance'])).toBe(false);
    expect(matchesAnswer({ count: 8 }, [8])).toBe(false);
  });

  it('a string ending in … matches the strings it starts', () => {
    expect(matchesAnswer('eyJhbG…', 'eyJhbGciOiJSUzI1NiJ9')).toBe(true);
    expect(matchesAnswer('eyJhbG…', 'xeyJhbG')).toBe(false);
  });

  it('a list ending in "…" matches longer lists that start with the items shown', () => {
    expect(matchesAnswer(['Laws', '…'], ['Laws', 'Guidance', 'Rules'])).toBe(true);
    expect(matchesAnswer(['Laws', '…'], ['Laws'])).toBe(true);
    expect(matchesAnswer(['Laws', '…'], ['Guidance', 'Laws'])).toBe(false);
    expect(matchesAnswer(['Laws', 'Rules', '…'], ['Laws'])).toBe(false);
  });

  it('an object with a "…" entry matches objects holding the fields shown, with their values', () => {
    expect(matchesAnswer({ id: 0, '…': '…' }, { id: 0, name: 'Consumer duty' })).toBe(true);
    expect(matchesAnswer({ id: 0, '…': '…' }, { id: 1, name: 'Consumer duty' })).toBe(false);
    expect(matchesAnswer({ id: 0, '…': '…' }, { name: 'Consumer duty' })).toBe(false);
    expect(matchesAnswer({ id: 0, '…': '…' }, null)).toBe(false);
  });
});
