import { countingString, stringOperations } from '../../tests/support/work';
import { trimBoth, trimLeading, trimTrailing } from '../text';

describe('trimming a repeated character off the ends of a string', () => {
  it.each([
    ['', '', '', ''],
    ['/', '', '', ''],
    ['///', '', '', ''],
    ['a', 'a', 'a', 'a'],
    ['/a/', 'a/', '/a', 'a'],
    ['//a/b//', 'a/b//', '//a/b', 'a/b'],
    ['https://x.example//', 'https://x.example//', 'https://x.example', 'https://x.example'],
  ])('%j → leading %j, trailing %j, both %j', (text, leading, trailing, both) => {
    expect(trimLeading(text, '/')).toBe(leading);
    expect(trimTrailing(text, '/')).toBe(trailing);
    expect(trimBoth(text, '/')).toBe(both);
  });

  it('trims a megabyte of slashes followed by another character in one pass, without a regular expression', async () => {
    const hostile = `${'/'.repeat(1 << 20)}x`;
    for (const [trim, text, trimmed, reads] of [
      [trimTrailing, hostile, hostile, 1],
      [trimLeading, hostile, 'x', hostile.length],
      [trimBoth, `x${hostile}`, `x${hostile}`, 1],
    ] as const) {
      const counted = countingString(text);
      const work = await stringOperations(() => trim(counted.text, '/'));
      expect(work.result).toBe(trimmed);
      // Each character at most once: a `replace(/\/+$/, '')` retries the run from every slash in it.
      expect(counted.reads()).toBe(reads);
      expect(work.operations.filter((operation) => operation.regexp !== undefined)).toEqual([]);
    }
  });

  it('refuses a trim "character" that is not one character, saying so', () => {
    expect(() => trimTrailing('a//', '//')).toThrow('Trim one character at a time (got "//", 2 long).');
    expect(() => trimLeading('a', '')).toThrow('Trim one character at a time');
  });
});
