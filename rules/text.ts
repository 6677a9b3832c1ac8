/**
 * Trimming a repeated character off the ends of a string in one linear pass. The usual spelling,
 * `text.replace(/\/+$/, '')`, retries the run of slashes from every position in it, so its cost grows
 * with the square of the run: a long run of slashes followed by one other character holds the thread
 * for seconds. Request paths, header values and configured URLs all reach such trims
 * (eslint-plugin-regexp's `no-super-linear-move`, eslint.config.mjs). Pure: the gate, the edge handler,
 * the browser and the build steps all use it.
 */

function checkChar(char: string): void {
  if (char.length !== 1) throw new Error(`Trim one character at a time (got "${char}", ${char.length} long).`);
}

/**
 * @param text - any string.
 * @param char - one UTF-16 code unit, e.g. `'/'`.
 * @returns `text` without the run of `char` at its start, e.g. `('//a/', '/')` → `'a/'`.
 * @throws {Error} when `char` is not exactly one code unit long.
 */
export function trimLeading(text: string, char: string): string {
  checkChar(char);
  let start = 0;
  while (start < text.length && text[start] === char) start += 1;
  return text.slice(start);
}

/**
 * @param text - any string.
 * @param char - one UTF-16 code unit, e.g. `'/'`.
 * @returns `text` without the run of `char` at its end, e.g. `('/a//', '/')` → `'/a'`.
 * @throws {Error} when `char` is not exactly one code unit long.
 */
export function trimTrailing(text: string, char: string): string {
  checkChar(char);
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

/**
 * @param text - any string.
 * @param char - one UTF-16 code unit, e.g. `'/'`.
 * @returns `text` without the runs of `char` at both ends, e.g. `('//a/b//', '/')` → `'a/b'`.
 * @throws {Error} when `char` is not exactly one code unit long.
 */
export function trimBoth(text: string, char: string): string {
  return trimLeading(trimTrailing(text, char), char);
}
