/**
 * How large a `title_regex` (spec §7.1, deprecated) the sandbox runs. It goes to SQLite's `REGEXP`, which
 * libsql 0.5 implements with SQLite 3.45's `ext/misc/regexp.c`: an NFA simulation, so it never backtracks,
 * but each title character costs up to the square of the NFA's states (its set of active states is
 * searched linearly on every insert), `{m,n}` copies what it repeats up to n times before matching, and
 * this version has no size limit of its own (later SQLite versions refuse an NFA over about 25 000
 * states). So a short pattern such as `((.?){16}){16}x`, or a long alternation, holds the event loop for
 * seconds over the sample titles.
 */

/**
 * Longest `title_regex` read, in characters: far more than a title prefix such as `^Consumer credit`
 * needs. Checked first, so a long pattern costs nothing.
 */
export const MAX_TITLE_REGEX_CHARS = 100;

/**
 * Most NFA states a `title_regex` may compile to (as {@link regexpStates} counts them): the worst patterns
 * of this size (e.g. `.{0,30}x`) stay far below a second over the sample titles, and the cost grows with
 * the square of the size.
 */
export const MAX_TITLE_REGEX_STATES = 64;

/**
 * An upper bound of the NFA states SQLite's `regexp.c` compiles `pattern` to: one per character,
 * class member, group and `|`, with each `{m,n}` repeating the atom before it (a character, a class or a
 * group, with its own operators) max(m, n) times. Linear in the pattern's length.
 *
 * @example regexpStates('^Liquidity') → 12; regexpStates('((.?){16}){16}x') → 1158
 */
export function regexpStates(pattern: string): number {
  const groups: number[] = [];
  let states = 2; // the leading `.*` and the final accept
  let atom = states; // where the last atom starts
  for (let i = 0; i < pattern.length; i += 1) {
    const start = states;
    switch (pattern[i]) {
      case '(':
        groups.push(states);
        continue;
      case ')':
        atom = groups.pop() ?? 2;
        continue;
      case '|':
        states += 2;
        continue;
      case '*':
      case '+':
      case '?':
        states += 2;
        continue;
      case '{': {
        const end = pattern.indexOf('}', i);
        if (end < 0) return states; // SQLite refuses it ("unmatched '{'")
        const times = Math.max(
          1,
          ...pattern
            .slice(i + 1, end)
            .split(',')
            .map(Number)
            .filter(Number.isFinite),
        );
        states += (states - atom + 1) * times;
        i = end;
        continue;
      }
      case '[': {
        const open = i;
        i = classEnd(pattern, open);
        states += i - open + 1;
        break;
      }
      case '\\':
        i += 1;
        states += 1;
        break;
      default:
        states += 1;
    }
    atom = start;
  }
  return states;
}

/** The index of the `]` that closes the class opened at `open`, read as `regexp.c` reads it. */
function classEnd(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === '^') i += 1;
  while (i < pattern.length) {
    if (pattern[i] === '\\') i += 1;
    i += 1;
    if (pattern[i] === '-') i += pattern[i + 1] === '\\' ? 3 : 2;
    if (pattern[i] === ']') return i;
  }
  return pattern.length;
}
