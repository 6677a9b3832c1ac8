/**
 * @jest-environment node
 *
 * The folder boundaries of eslint.config.mjs (`LAYERS`, and the zone of test code) hold for the dev tasks
 * and the benchmarks: ESLint, run with the project's own configuration, reports
 * `import-x/no-restricted-paths` on planted imports of a test fixture from `scripts/` or `bench/` (the shared
 * ones in `tests/support/` and a helper in a `__tests__/` folder), of `bench/` from `scripts/`, and of
 * `scripts/` from the server; it passes the imports each layer may make, and every file of `scripts/` and
 * `bench/` as they are. Dropping a row or the test-code zone, or narrowing the files they cover, fails this test.
 * ESLint runs in a child process (tests/support/eslint.ts).
 */
import { eslintInChild } from '../support/eslint';

const RULE = 'import-x/no-restricted-paths';

/** A planted file: where it claims to live (it is never written) and its code. */
interface Planted {
  filePath: string;
  code: string;
}

/**
 * Lints each planted file with one `new ESLint({ cwd })`, then every file of scripts/ and bench/; prints
 * each planted file's restricted-path messages and those of the real files. Only that rule runs (ESLint's
 * `ruleFilter`), as configured: the other rules' messages are not read here, and `npm run lint` runs them.
 */
const LINT = `
import { ESLint } from 'eslint';
import fs from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === ${JSON.stringify(RULE)} });
const restricted = (result) => result.messages.filter((m) => m.ruleId === ${JSON.stringify(RULE)}).map((m) => m.message);
const planted = [];
for (const { filePath, code } of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error('ESLint could not parse ' + filePath + ': ' + fatal.message);
  planted.push(restricted(result));
}
const real = (await eslint.lintFiles(['scripts', 'bench']))
  .flatMap((result) => restricted(result).map((message) => result.filePath + ': ' + message));
console.log(JSON.stringify({ planted, real }));
`;

/** The restricted-path messages of each planted file, and of the real files of scripts/ and bench/. */
function lint(files: Planted[]): { planted: string[][]; real: string[] } {
  return eslintInChild(LINT, files);
}

const importIn = (filePath: string, from: string): Planted => ({
  filePath,
  code: `import * as planted from '${from}';\nexport default planted;\n`,
});

/** Imports the lint must refuse, each with a word its message must hold. */
const REFUSED: [string, Planted, RegExp][] = [
  [
    'scripts/ → a shared fixture',
    importIn('scripts/planted.ts', '../tests/support/gate'),
    /only tests import test code/,
  ],
  ['bench/ → a shared fixture', importIn('bench/planted.ts', '../tests/support/gate'), /only tests import test code/],
  [
    'bench/ → a helper in a __tests__/ folder',
    importIn('bench/planted.ts', '../local/sandbox/__tests__/helper'),
    /only tests import test code/,
  ],
  ['server/ → a shared fixture', importIn('server/planted.ts', '../tests/support/gate'), /only tests import test code/],
  ['scripts/ → bench/', importIn('scripts/planted.ts', '../bench/measure/stats'), /dev tasks/],
  ['server/ → scripts/', importIn('server/planted.ts', '../scripts/waitForHttp'), /production server/],
  [
    "a speed-up's browser code → config/",
    importIn('plugins/openapi-safety/client/planted.ts', '../../../config/env'),
    /speed-up's browser code may import rules\/ and generated\/ only/,
  ],
  [
    "a plugin's browser code → its plugin's build code",
    importIn('plugins/openapi-safety/client/planted.ts', '../index'),
    /speed-up's browser code may import rules\/ and generated\/ only/,
  ],
];

/** Imports the lint must pass. */
const ALLOWED: [string, Planted][] = [
  ['scripts/ → local/ (the local access token)', importIn('scripts/planted.ts', '../local/identity/tokens')],
  ['scripts/ → server/', importIn('scripts/planted.ts', '../server/listen')],
  ['bench/ → scripts/', importIn('bench/planted.ts', '../scripts/waitForHttp')],
  ['bench/ → deploy/', importIn('bench/planted.ts', '../deploy/edge/events')],
  ['a test → a shared fixture', importIn('tests/e2e/planted.ts', '../support/gate')],
  [
    "a speed-up's browser code → rules/",
    importIn('plugins/openapi-safety/client/planted.ts', '../../../rules/signOut'),
  ],
];

describe('eslint.config.mjs keeps test code out of scripts/ and bench/', () => {
  let planted: string[][];
  let real: string[];

  beforeAll(() => {
    ({ planted, real } = lint([...REFUSED.map(([, file]) => file), ...ALLOWED.map(([, file]) => file)]));
  });

  it.each(REFUSED.map(([name, , message], index) => [name, message, index] as const))(
    'refuses %s',
    (_name, message, index) => {
      expect(planted[index]).toEqual([expect.stringMatching(message)]);
    },
  );

  it.each(ALLOWED.map(([name], index) => [name, REFUSED.length + index] as const))('passes %s', (_name, index) => {
    expect(planted[index]).toEqual([]);
  });

  it('passes every file of scripts/ and bench/ as they are', () => {
    expect(real).toEqual([]);
  });
});
