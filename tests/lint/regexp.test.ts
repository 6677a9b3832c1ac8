/**
 * @jest-environment node
 *
 * The lint rules against super-linear regular expressions stay on (eslint.config.mjs): ESLint, run with
 * the project's own configuration on planted code, reports eslint-plugin-regexp's
 * `no-super-linear-move` and `no-super-linear-backtracking`, and passes the linear rewrites. Removing
 * either rule, or narrowing the files they cover, fails this test.
 *
 * ESLint runs in a child process (tests/support/eslint.ts).
 */
import { eslintInChild } from '../support/eslint';

/** A file of the production server, where hostile input meets regular expressions. */
const PLANTED = 'server/planted.ts';

/** Lints each of `codes` as {@link PLANTED} with one `new ESLint({ cwd })`; prints each one's rule ids. */
const LINT = `
import { ESLint } from 'eslint';
import fs from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd() });
const answers = [];
for (const code of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(code, { filePath: ${JSON.stringify(PLANTED)} });
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error('ESLint could not parse the planted code: ' + fatal.message);
  answers.push(result.messages.map((message) => message.ruleId).sort());
}
console.log(JSON.stringify(answers));
`;

/** The rule ids ESLint reports for each of `codes`, as the project's configuration lints `server/`. */
function ruleIds(codes: string[]): string[][] {
  return eslintInChild<string[][]>(LINT, codes);
}

describe('eslint.config.mjs refuses super-linear regular expressions', () => {
  let planted: string[];
  let linear: string[];

  beforeAll(() => {
    [planted, linear] = ruleIds([
      [
        // Quadratic: each `?` starts a scan to the end of a string with no `$` match after it.
        'export const route = (text: string): string => text.replace(/[?#].*$/, "");',
        // Exponential: `a+` inside `+` splits a run of `a`s every possible way before failing.
        'export const nested = (text: string): boolean => /^(a+)+$/.test(text);',
        '',
      ].join('\n'),
      [
        'export const route = (text: string): string => text.split(/[?#]/, 1)[0];',
        'export const nested = (text: string): boolean => /^a+$/.test(text);',
        '',
      ].join('\n'),
    ]);
  });

  it('reports a quadratic search (/[?#].*$/ on a route) and exponential backtracking (/^(a+)+$/)', () => {
    expect(planted).toEqual(['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move']);
  });

  it('passes the same code written linearly', () => {
    expect(linear).toEqual([]);
  });
});
