/**
 * @jest-environment node
 *
 * utils-common's `require("tslib")` gets the helpers it calls and no more: the build fails, naming the plugin,
 * when it calls one ./helpers.mjs does not re-export (the page would break) or none (the speed-up is moot).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertHelpersCovered, helpersCalledIn, HELPERS, HELPERS_MODULE, replacesTslibFor } from '..';

function lib(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tslib-helpers-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const UTILS_COMMON = path.dirname(require.resolve('@docusaurus/utils-common'));

it('covers every helper the installed utils-common calls, and helpers.mjs re-exports them all', () => {
  expect(helpersCalledIn(UTILS_COMMON)).toEqual(HELPERS);
  expect(() => assertHelpersCovered(UTILS_COMMON)).not.toThrow();
  const helpers = fs.readFileSync(HELPERS_MODULE, 'utf8');
  for (const name of HELPERS) expect(helpers).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from 'tslib'`));
});

it('fails naming the plugin when utils-common calls a helper helpers.mjs lacks', () => {
  const dir = lib({ 'index.js': 'tslib_1.__importDefault(a); tslib_1.__exportStar(b, exports);' });
  expect(() => assertHelpersCovered(dir)).toThrow(/^plugins\/tslib-helpers: .* calls __exportStar from tslib/);
});

it('fails naming the plugin when utils-common calls no helper any more', () => {
  expect(() => assertHelpersCovered(lib({ 'index.js': 'exports.a = 1;' }))).toThrow(
    /^plugins\/tslib-helpers: .* remove the speed-up/,
  );
});

it('replaces tslib for utils-common’s compiled files only', () => {
  expect(replacesTslibFor(path.join(UTILS_COMMON, 'index.js'))).toBe(true);
  expect(replacesTslibFor('/site/node_modules/@aws-amplify/core/dist/cjs/index.js')).toBe(false);
  expect(replacesTslibFor(HELPERS_MODULE)).toBe(false);
});
