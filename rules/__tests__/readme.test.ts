/**
 * @jest-environment node
 *
 * rules/README.md lists every module of rules/, and every module with a function has its own test here:
 * a rule two runtimes share is pinned in one place, and a reader of the README finds each one.
 */
import fs from 'node:fs';
import path from 'node:path';

const RULES = path.resolve(__dirname, '..');
const modules = fs
  .readdirSync(RULES)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

/** Whether a module exports a function (a declaration, or a constant holding an arrow function). */
const exportsFunction = (module: string) =>
  /^export (?:async )?function |^export const \w+ = (?:async )?\(/m.test(
    fs.readFileSync(path.join(RULES, `${module}.ts`), 'utf8'),
  );

describe('rules/', () => {
  it('has modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['access', 'routes', 'text']));
  });

  it('README.md names every module in its table', () => {
    const readme = fs.readFileSync(path.join(RULES, 'README.md'), 'utf8');
    const listed = new Set(
      readme
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split(' | ')[0].matchAll(/`([\w.]+)\.ts`/g)].map((match) => match[1])),
    );
    expect(modules.filter((module) => !listed.has(module))).toEqual([]);
    expect([...listed].filter((module) => !modules.includes(module))).toEqual([]);
  });

  it('every module that exports a function has its test in __tests__/<module>.test.ts', () => {
    const untested = modules.filter(
      (module) => exportsFunction(module) && !fs.existsSync(path.join(__dirname, `${module}.test.ts`)),
    );
    expect(untested).toEqual([]);
  });
});
