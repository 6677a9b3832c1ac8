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

  it('trims a megabyte of slashes followed by another character in linear time', () => {
    const hostile = `${'/'.repeat(1 << 20)}x`;
    const started = performance.now();
    expect(trimTrailing(hostile, '/')).toBe(hostile);
    expect(trimLeading(hostile, '/')).toBe('x');
    expect(trimBoth(`x${hostile}`, '/')).toBe(`x${hostile}`);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a trim "character" that is not one character, saying so', () => {
    expect(() => trimTrailing('a//', '//')).toThrow('Trim one character at a time (got "//", 2 long).');
    expect(() => trimLeading('a', '')).toThrow('Trim one character at a time');
  });
});
