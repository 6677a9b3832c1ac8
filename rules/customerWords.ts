/**
 * Words a customer never reads on the portal. The portal documents the provider's API from a specification
 * that only its maintainers have, so no page, API description, changelog entry or tool answer cites it: not
 * "the specification" (or "the spec"), not a section sign or section number, not a "This portal:" aside, and not
 * how the portal itself is built (its build, settings, source files and checks). Where
 * the provider has not confirmed something, a text says so in the reader's words ("The provider has not
 * confirmed …; this portal assumes …"); the trace to the spec stays with the maintainers (openapi/README.md,
 * code comments, tests). Source: the developers' guide ("Customer-facing pages never mention 'the
 * specification' or '§'"). The source scan is tests/docs/words.test.ts.
 */

/** One word rule: what it finds and what to write instead. */
export interface CustomerWordRule {
  /** Finds the word; linear, no backtracking (eslint-plugin-regexp). */
  pattern: RegExp;
  /** Whether the rule ignores code (inline code spans and fenced blocks): `specification` is also a field name. */
  outsideCode: boolean;
  /** What to write instead, for the message. */
  instead: string;
  /**
   * Whether the rule reads customers' texts only: a maintainers' page (`audience: maintainers`) is about how
   * the portal is run and built, and may say so.
   */
  customersOnly?: boolean;
}

/** What to write instead of how the portal is made: the reader's side of it. */
const NOT_HOW_BUILT = 'say what the reader sees or can do, not how the portal is built, checked or configured';

/** The rules, each tried on every line of a text. */
export const CUSTOMER_WORD_RULES: readonly CustomerWordRule[] = [
  {
    pattern: /\bspec(?:ification)?s?\b/i,
    outsideCode: true,
    instead: "say what the provider has or has not confirmed, without naming the portal's specification",
  },
  { pattern: /§/, outsideCode: false, instead: 'leave section numbers to the maintainers (openapi/README.md)' },
  {
    pattern: /\bthis portal:/i,
    outsideCode: false,
    instead: 'say it plainly: "The provider has not confirmed …; this portal assumes …"',
  },
  // How the portal is built: its build, settings, source files, checks and the software it is made with.
  { pattern: /\bthe build\b/i, outsideCode: true, instead: NOT_HOW_BUILT, customersOnly: true },
  { pattern: /\bAPI_HOST\b/, outsideCode: true, instead: NOT_HOW_BUILT, customersOnly: true },
  { pattern: /\bcustomer-api\.ya?ml\b/, outsideCode: false, instead: NOT_HOW_BUILT, customersOnly: true },
  {
    pattern: /\bin the portal's source\b|\bthe portal's checks\b/i,
    outsideCode: true,
    instead: NOT_HOW_BUILT,
    customersOnly: true,
  },
  {
    pattern: /\baxe-core\b|\bstops the change\b|\bscreenshots? (?:comparison|of the main pages)/i,
    outsideCode: true,
    instead: NOT_HOW_BUILT,
    customersOnly: true,
  },
  {
    pattern: /\b(?:portal|site) is built (?:on|with)\b/i,
    outsideCode: true,
    instead: NOT_HOW_BUILT,
    customersOnly: true,
  },
];

/** A word a text should not hold. */
export interface CustomerWordProblem {
  /** 1-based line within the text. */
  line: number;
  /** The text found, e.g. `§5.1`'s `§` or `specification`. */
  found: string;
  /** What to write instead. */
  instead: string;
}

/** `text` with inline code spans (`` `x` ``) blanked, so a field named in code is not read as a word. */
function withoutCodeSpans(line: string): string {
  let out = '';
  let inCode = false;
  for (const char of line) {
    if (char === '`') inCode = !inCode;
    out += inCode || char === '`' ? ' ' : char;
  }
  return out;
}

/**
 * The words of {@link CUSTOMER_WORD_RULES} in `text`, line by line.
 *
 * @param text - a page (Markdown or MDX) or one reader-visible string.
 * @param options.fences - whether lines between ``` fences are code (Markdown); default true.
 * @param options.audience - who reads the text; `maintainers` leaves out the rules for customers' texts only.
 */
export function customerWordProblems(
  text: string,
  options: { fences?: boolean; audience?: 'customers' | 'maintainers' } = {},
): CustomerWordProblem[] {
  const rules = CUSTOMER_WORD_RULES.filter((rule) => options.audience !== 'maintainers' || !rule.customersOnly);
  const problems: CustomerWordProblem[] = [];
  let inFence = false;
  text.split('\n').forEach((line, index) => {
    const fence = options.fences !== false && line.trimStart().startsWith('```');
    const code = inFence || fence;
    if (fence) inFence = !inFence;
    const prose = code ? '' : withoutCodeSpans(line);
    for (const rule of rules) {
      const found = rule.pattern.exec(rule.outsideCode ? prose : line);
      if (found) problems.push({ line: index + 1, found: found[0], instead: rule.instead });
    }
  });
  return problems;
}
