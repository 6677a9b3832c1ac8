/**
 * @jest-environment node
 *
 * The lint rule that keeps clocks out of unit tests stays on (eslint.config.mjs `CLOCK_SYNTAX`,
 * handbook/testing.md "Tests without clocks"): ESLint, run with the project's own configuration on planted
 * code, reports each way a test can time something or wait for real time in every unit-test folder, with
 * the line, and passes the same test written with fake timers or a count of work. A benchmark may time
 * things, and a test may make a date from the clock: neither is reported.
 *
 * ESLint runs in a child process (tests/support/eslint.ts).
 */
import { eslintInChild } from '../support/eslint';

/** Lints each `[file, code]` with one `new ESLint({ cwd })`; prints, for each, the lines of `no-restricted-syntax`. */
const LINT = `
import { ESLint } from 'eslint';
import fs from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd() });
const answers = [];
for (const [filePath, code] of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error('ESLint could not parse the planted code: ' + fatal.message);
  answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line));
}
console.log(JSON.stringify(answers));
`;

/** Each way to time something or wait for real time, one per line (lines 2 to 8 of the planted file). */
const CLOCKED = [
  "import { setTimeout as sleep } from 'node:timers/promises';",
  'const started = performance.now();',
  'const elapsed = Date.now() - started;',
  'const hr = process.hrtime.bigint();',
  'await new Promise((resolve) => setTimeout(resolve, 50));',
  'await new Promise((resolve) => window.setTimeout(resolve, 500));',
  'await new Promise((resolve) => setInterval(resolve, 10));',
];

/** The same intentions without a clock: fake timers, a promise job, a date made from the clock. */
const UNCLOCKED = [
  'jest.useFakeTimers();',
  'await jest.advanceTimersByTimeAsync(500);',
  'await new Promise((resolve) => setTimeout(resolve, 0));',
  'const exp = Math.floor(Date.now() / 1000) + 60;',
  'const old = new Date(Date.now() + 60_000);',
  'setTimeout(() => undefined, 50);',
];

/** A planted file: a line of its own first, then `lines`, in an ES module with top-level await. */
const code = (lines: string[]) => ['export {};', ...lines, ''].join('\n');

const UNIT_TEST_FILES = [
  'server/__tests__/planted.test.ts',
  'src/components/Planted/__tests__/planted.test.tsx',
  'tests/docs/planted.test.ts',
  'tests/lint/planted.test.ts',
  'tests/internals/planted.test.ts',
];

describe('eslint.config.mjs refuses a clock in a unit test', () => {
  let answers: number[][];

  beforeAll(() => {
    answers = eslintInChild<number[][]>(LINT, [
      ...UNIT_TEST_FILES.map((file) => [file, code(CLOCKED)]),
      ['server/__tests__/planted.test.ts', code(UNCLOCKED)],
      ['bench/planted.ts', code(CLOCKED)],
      ['tests/e2e/planted.spec.ts', code(CLOCKED)],
    ]);
  });

  it.each(UNIT_TEST_FILES.map((file, n) => [file, n] as const))(
    'reports each way to time or sleep in %s, on its line',
    (_file, n) => {
      // The import, the clock read, the difference, hrtime and the three waits: lines 2 to 8.
      expect([...new Set(answers[n])]).toEqual([2, 3, 4, 5, 6, 7, 8]);
    },
  );

  it('passes fake timers, a zero-delay yield, a timer nobody awaits, and dates made from the clock', () => {
    expect(answers[UNIT_TEST_FILES.length]).toEqual([]);
  });

  it('leaves the benchmarks and the browser suites free to time things', () => {
    expect(answers.slice(UNIT_TEST_FILES.length + 1)).toEqual([[], []]);
  });
});
