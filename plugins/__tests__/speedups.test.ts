/**
 * @jest-environment node
 *
 * Each speed-up is one folder and one line of plugins/speedups.ts: its manifest names its folder and a
 * guard that exists, docusaurus.config.ts registers it only through the list, and `npm run -s speedups`
 * prints one row for each.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as speedups from '../speedups';
import { speedupTable } from '../speedup';

const ROOT = path.resolve(__dirname, '../..');
const list = Object.values(speedups);

it.each(list.map((speedup) => [speedup.manifest.folder, speedup] as const))(
  '%s: its manifest names its folder, a plugin or a page step, and a guard that exists',
  (folder, speedup) => {
    expect(fs.existsSync(path.join(ROOT, 'plugins', folder, 'speedup.ts'))).toBe(true);
    expect(typeof speedup.plugin === 'function' || typeof speedup.pageStep?.apply === 'function').toBe(true);
    const guardFile = /`([\w./-]+\.(?:ts|tsx|mjs))`/.exec(speedup.manifest.guard)?.[1];
    if (guardFile) expect(fs.existsSync(path.join(ROOT, guardFile))).toBe(true);
    else expect(speedup.manifest.guard).toMatch(/build|postBuild/);
  },
);

it('docusaurus.config.ts registers the speed-ups through the list only', () => {
  const config = fs.readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
  for (const { manifest } of list) expect(config).not.toContain(`./plugins/${manifest.folder}'`);
  expect(config).toContain("import * as speedups from './plugins/speedups'");
});

it('the table of speed-ups has one row per manifest', () => {
  const table = speedupTable(list.map((speedup) => speedup.manifest)).split('\n');
  expect(table).toHaveLength(list.length + 2);
  for (const { manifest } of list) {
    const row = table.find((line) => line.startsWith(`| \`plugins/${manifest.folder}\``));
    expect(row).toBeDefined();
    for (const wrap of manifest.themeWraps ?? []) expect(row).toContain(`wraps \`${wrap.component}\``);
  }
});
