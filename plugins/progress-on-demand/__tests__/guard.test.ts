/**
 * @jest-environment node
 *
 * The build fails, naming the plugin, when `main.js` still holds nprogress (the replacement stopped matching)
 * or no script does (the progress bar is gone); only client-modules.js's import is replaced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertProgressBarDeferred, NPROGRESS_MARK, replacesRequest } from '..';

function scripts(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'progress-on-demand-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const NPROGRESS = `var a={minimum:.08,${NPROGRESS_MARK}200};`;

it('passes when a chunk other than main.js holds nprogress', () => {
  expect(() =>
    assertProgressBarDeferred(scripts({ 'main.abc.js': 'x', 'progress-bar.def.js': NPROGRESS })),
  ).not.toThrow();
});

it('fails naming the plugin when main.js still holds nprogress', () => {
  expect(() => assertProgressBarDeferred(scripts({ 'main.abc.js': NPROGRESS }))).toThrow(
    /^plugins\/progress-on-demand: main\.abc\.js still holds nprogress/,
  );
});

it('fails naming the plugin when no script holds nprogress', () => {
  expect(() => assertProgressBarDeferred(scripts({ 'main.abc.js': 'x' }))).toThrow(
    /^plugins\/progress-on-demand: no script/,
  );
});

it('replaces the client module for client-modules.js only, not the on-demand import of it', () => {
  const module = '/site/node_modules/@docusaurus/theme-classic/lib/nprogress';
  expect(replacesRequest(module, '/site/.docusaurus/client-modules.js')).toBe(true);
  expect(
    replacesRequest('@docusaurus/theme-classic/lib/nprogress', '/site/plugins/progress-on-demand/client/index.ts'),
  ).toBe(false);
  expect(
    replacesRequest(
      '/site/node_modules/@docusaurus/theme-classic/lib/prism-include-languages',
      '/site/.docusaurus/client-modules.js',
    ),
  ).toBe(false);
});
