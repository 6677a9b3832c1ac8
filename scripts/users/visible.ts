/**
 * Text a user pool holds, made safe to print on the operator's terminal. A customer's attributes (and an SSO
 * provider's, and an operator's file) can hold characters a terminal acts on instead of showing: ESC and C1 CSI
 * start ANSI/OSC sequences (clear the screen, retitle the window, a link whose text hides its target), BEL,
 * backspace and carriage return overwrite what was printed, and bidi controls such as U+202E reorder the text
 * around them. `npm run users` passes every line it prints through {@link visible} (./cli.ts), so each of them
 * shows as its escape instead.
 *
 * Which characters: the JavaScript engine's Unicode tables (`\p{…}` property escapes), not a list of our own:
 * controls (Cc: C0, DEL, C1), format characters (Cf: bidi controls, zero-width characters, tags), the line and
 * paragraph separators (Zl, Zp) and lone surrogates (Cs).
 */

/** The characters {@link visible} escapes. One character class: linear, nothing to backtrack. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** `\uXXXX` for each UTF-16 code unit of `char`: valid inside a JSON string, so a JSON line stays JSON. */
function escape(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}

/**
 * `text` with every control, format and separator character written as its `\uXXXX` escape, e.g. ESC as
 * `\u001b`, U+202E as `\u202e`, a newline as `\u000a`; all else as it is. Idempotent (an escape is printable), and
 * a line of `JSON.stringify` output stays valid JSON that parses to the same value.
 *
 * @param text - one line: a newline in it is escaped too, so a value cannot start a line of its own.
 */
export function visible(text: string): string {
  return text.replace(HIDDEN, escape);
}
