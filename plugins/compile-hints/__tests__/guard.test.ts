/**
 * @jest-environment node
 *
 * The build fails, naming the plugin, when the entry script does not start with V8's compile hint, or is
 * no longer where the plugin looks for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertCompileHint, COMPILE_HINT, MAIN_SCRIPT } from '..';

function scripts(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

it('passes when main.js starts with the hint', () => {
  expect(() =>
    assertCompileHint(scripts({ 'main.1bcd9426.js': `${COMPILE_HINT}\n(self.x=1)`, 'runtime~main.bb7a3e60.js': 'x' })),
  ).not.toThrow();
});

it('fails naming the plugin when main.js lacks the hint, or has it after other text', () => {
  expect(() => assertCompileHint(scripts({ 'main.1bcd9426.js': '(self.x=1)' }))).toThrow(
    /^plugins\/compile-hints: main\.1bcd9426\.js does not start with/,
  );
  expect(() => assertCompileHint(scripts({ 'main.1bcd9426.js': `/*! license */\n${COMPILE_HINT}\n` }))).toThrow(
    /^plugins\/compile-hints: main\.1bcd9426\.js does not start with/,
  );
});

it('fails naming the plugin when there is no main.js', () => {
  expect(() => assertCompileHint(scripts({ 'entry.1bcd9426.js': COMPILE_HINT }))).toThrow(
    /^plugins\/compile-hints: no main\.\*\.js/,
  );
});

it('marks the entry script only, not the runtime or a route chunk', () => {
  expect(MAIN_SCRIPT.test('assets/js/main.1bcd9426.js')).toBe(true);
  expect(MAIN_SCRIPT.test('assets/js/runtime~main.bb7a3e60.js')).toBe(false);
  expect(MAIN_SCRIPT.test('assets/js/4c5e977b.b784d1f8.js')).toBe(false);
  expect(MAIN_SCRIPT.test('assets/js/main.1bcd9426.js.LICENSE.txt')).toBe(false);
});
