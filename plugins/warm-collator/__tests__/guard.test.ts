/**
 * @jest-environment node
 *
 * The build fails, naming the plugin, when no script makes the warm-up call: a minifier that drops it as
 * side-effect free would otherwise leave the speed-up silently empty.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertWarmUpKept, WARM_UP_CALL } from '..';

function scripts(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-collator-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

it('passes when a script of the build makes the call', () => {
  expect(() => assertWarmUpKept(scripts({ 'main.js': `let t=()=>void ${WARM_UP_CALL};` }))).not.toThrow();
});

it('fails naming the plugin when the minifier left `void 0`', () => {
  expect(() => assertWarmUpKept(scripts({ 'main.js': 'let t=()=>void 0;' }))).toThrow(/^plugins\/warm-collator:/);
});
