/**
 * @jest-environment node
 *
 * What `npm run users` prints of a value a terminal would act on: its escape, never the character itself.
 */
import { visible } from '../visible';

describe('visible', () => {
  it.each([
    [
      'an OSC 8 link',
      '\u001b]8;;https://evil\u0007click\u001b]8;;\u0007',
      '\\u001b]8;;https://evil\\u0007click\\u001b]8;;\\u0007',
    ],
    ['clear screen (CSI)', '\u001b[2J', '\\u001b[2J'],
    ['C1 CSI, DEL, backspace, carriage return', 'a\u009b31m\u007f\b\rb', 'a\\u009b31m\\u007f\\u0008\\u000db'],
    ['a newline and the line separator', 'one\ntwo\u2028three', 'one\\u000atwo\\u2028three'],
    ['bidi override and isolate', 'abc\u202etxt.exe\u2066', 'abc\\u202etxt.exe\\u2066'],
    ['zero-width space and a tag character', 'a\u200bb\u{e0041}', 'a\\u200bb\\udb40\\udc41'],
    ['a lone surrogate', 'a\ud800b', 'a\\ud800b'],
  ])('%s', (_case, text, shown) => {
    expect(visible(text)).toBe(shown);
  });

  it('leaves letters, accents, symbols, emoji and backslashes as they are, and is idempotent', () => {
    const plain = 'Zoë Ångström-O’Brien 李 🚀 \\d';
    expect(visible(plain)).toBe(plain);
    // A joined emoji shows its zero-width joiner, a format character like any other.
    const joined = '👩\u200d💻';
    expect(visible(joined)).toBe('👩\\u200d💻');
    expect(visible(visible(joined))).toBe(visible(joined));
  });

  it('keeps a line of JSON valid, reading back as the original value', () => {
    const value = { name: 'x\u001b[2J\u009b\u202e\u2028\u{e0041}' };
    const line = JSON.stringify(value);
    expect(visible(line)).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(JSON.parse(visible(line))).toEqual(value);
  });
});
