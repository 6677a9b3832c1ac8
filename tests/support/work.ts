/**
 * Counting the work code does on a string, so that "refused before it is read" and "read in linear time"
 * are asserted by counting, never by timing: a count is the same on a busy machine and a quiet one, and
 * no unit test reads a clock (tests/lint/clocks.test.ts). The model is the Host check's test
 * (rules/__tests__/hosts.test.ts), which spies on the string methods a long header must not reach.
 *
 * Two counters:
 * - {@link stringOperations} records every call of a `String.prototype` method and of a `RegExp` method
 *   while a function runs, with the length of the string each call reads (a regular expression's input,
 *   or a method's `this`);
 * - {@link countingString} wraps a string so that each character read by index (`text[i]`) is counted,
 *   for code that walks a string character by character.
 */

/** The `String.prototype` methods that read their string: each call is recorded with that string's length. */
const STRING_METHODS = [
  'at',
  'charAt',
  'charCodeAt',
  'codePointAt',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'localeCompare',
  'match',
  'matchAll',
  'normalize',
  'padEnd',
  'padStart',
  'replace',
  'replaceAll',
  'search',
  'slice',
  'split',
  'startsWith',
  'substring',
  'toLowerCase',
  'toUpperCase',
  'trim',
  'trimEnd',
  'trimStart',
] as const;

/** The `RegExp.prototype` methods that read their first argument. */
const REGEXP_METHODS = ['exec', 'test', Symbol.match, Symbol.matchAll, Symbol.replace, Symbol.search, Symbol.split];

/** One call that read a string. */
export interface StringOperation {
  /** `String#trim`, `RegExp#test`, `RegExp#Symbol(Symbol.split)`, … */
  method: string;
  /** The regular expression's source, for a `RegExp` method. */
  regexp?: string;
  /** The length of the string the call read, in UTF-16 code units. */
  length: number;
}

/** What {@link stringOperations} found. */
export interface StringWork<T> {
  result: T;
  operations: StringOperation[];
  /** The operations that read a string longer than `chars` code units. */
  longerThan(chars: number): StringOperation[];
  /** The code units all operations read, added up: linear code reads a bounded multiple of its input. */
  charsRead(): number;
}

type AnyMethod = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Runs `run` (and awaits it) with every string method and regular expression method recorded, then puts
 * the methods back, whatever happens.
 */
export async function stringOperations<T>(run: () => T | Promise<T>): Promise<StringWork<T>> {
  const operations: StringOperation[] = [];
  const restore: (() => void)[] = [];
  let recording = true;
  const wrap = (owner: object, key: string | symbol, record: (self: unknown, args: unknown[]) => StringOperation) => {
    const original = (owner as Record<string | symbol, AnyMethod>)[key];
    (owner as Record<string | symbol, AnyMethod>)[key] = function (this: unknown, ...args: unknown[]) {
      if (recording) {
        // What recording itself calls (String(), .length) must not be recorded.
        recording = false;
        try {
          operations.push(record(this, args));
        } finally {
          recording = true;
        }
      }
      return original.apply(this, args);
    };
    restore.push(() => ((owner as Record<string | symbol, AnyMethod>)[key] = original));
  };
  for (const method of STRING_METHODS)
    wrap(String.prototype, method, (self) => ({ method: `String#${method}`, length: String(self).length }));
  for (const method of REGEXP_METHODS)
    wrap(RegExp.prototype, method, (self, args) => ({
      method: `RegExp#${String(method)}`,
      regexp: (self as RegExp).source,
      length: String(args[0]).length,
    }));
  let result: T;
  try {
    result = await run();
  } finally {
    recording = false;
    for (const undo of restore.reverse()) undo();
  }
  return {
    result,
    operations,
    longerThan: (chars) => operations.filter((operation) => operation.length > chars),
    charsRead: () => operations.reduce((sum, operation) => sum + operation.length, 0),
  };
}

/**
 * `text` as an object that counts the characters read from it by index (`text[i]`); its methods and
 * `length` behave as the string's. Typed as a string for the code under test, which must not test
 * `typeof`.
 */
export function countingString(text: string): { text: string; reads(): number } {
  let reads = 0;
  const boxed = new String(text);
  const proxy = new Proxy(boxed, {
    get(target, key) {
      // An index, told apart without a string method or a regular expression, which the other counter records.
      if (typeof key === 'string' && key !== '' && Number.isInteger(Number(key))) reads += 1;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { text: proxy as unknown as string, reads: () => reads };
}
