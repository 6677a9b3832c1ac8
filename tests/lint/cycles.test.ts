/**
 * @jest-environment node
 *
 * The lint refuses import cycles, `@site/…` imports included (eslint.config.mjs: import-x's `no-cycle`, with
 * the TypeScript resolver reading tsconfig's `@site/*` path): ESLint, run with the project's own
 * configuration, reports `import-x/no-cycle` on a planted pair of modules that import each other through
 * `@site/`, and nothing of the kind on the session provider and the explorer token, which once did.
 * Removing the rule, or a resolver that cannot follow `@site/`, fails this test.
 *
 * The planted pair is written to a fresh folder under src/components (the rule needs files on disk to follow
 * the imports) and removed at once. ESLint runs in a child process (tests/support/eslint.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eslintInChild } from '../support/eslint';

const ROOT = path.resolve(__dirname, '../..');

/** Lints the files given on stdin with one `new ESLint({ cwd })`; prints each one's rule ids. */
const LINT = `
import { ESLint } from 'eslint';
import fs from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd() });
const results = await eslint.lintFiles(JSON.parse(fs.readFileSync(0, 'utf8')));
const fatal = results.flatMap((result) => result.messages).find((message) => message.fatal);
if (fatal) throw new Error('ESLint could not parse a file: ' + fatal.message);
console.log(JSON.stringify(results.map((result) => result.messages.map((message) => message.ruleId).sort())));
`;

/** The rule ids ESLint reports for each of `files` (paths relative to the repository). */
function ruleIds(files: string[]): string[][] {
  return eslintInChild<string[][]>(LINT, files);
}

describe('eslint.config.mjs refuses import cycles through @site/ imports', () => {
  let planted: string[][];
  let code: string[][];

  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'src/components/CyclePlant-'));
    const site = `@site/${path.relative(ROOT, dir)}`;
    try {
      fs.writeFileSync(
        path.join(dir, 'a.ts'),
        `import { b } from '${site}/b';\nexport const a = (): number => b() + 1;\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'b.ts'),
        `import { a } from '${site}/a';\nexport const b = (): number => a() - 1;\n`,
      );
      const reports = ruleIds([
        ...['a.ts', 'b.ts'].map((name) => path.relative(ROOT, path.join(dir, name))),
        'src/components/AuthProvider/index.tsx',
        'src/components/ApiToken/index.tsx',
      ]);
      planted = reports.slice(0, 2);
      code = reports.slice(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports import-x/no-cycle on two modules that import each other through @site/', () => {
    expect(planted).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  });

  it('passes the session provider and the explorer token, which the sign-out event keeps apart', () => {
    expect(code).toEqual([[], []]);
  });
});
