/**
 * @jest-environment node
 *
 * Each speed-up is one folder and one line of plugins/speedups.ts: its manifest names its folder and a
 * guard that exists, docusaurus.config.ts registers it only through the list, and plugins/README.md's table
 * is the one its manifests make (UPDATE_SPEEDUPS_TABLE=1 npx jest plugins/__tests__/speedups.test.ts writes it).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as speedups from '../speedups';
import { speedupTable, TABLE_MARKERS } from '../speedup';

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

it("plugins/README.md's table is the one the manifests make", () => {
  const file = path.join(ROOT, 'plugins/README.md');
  const readme = fs.readFileSync(file, 'utf8');
  const [begin, end] = TABLE_MARKERS;
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(stop).toBeGreaterThan(start);
  const table = speedupTable(list.map((speedup) => speedup.manifest));
  const written = readme.slice(start + begin.length, stop).trim();
  if (process.env.UPDATE_SPEEDUPS_TABLE === '1') {
    fs.writeFileSync(file, `${readme.slice(0, start + begin.length)}\n\n${table}\n\n${readme.slice(stop)}`);
    return;
  }
  // Prettier pads the cells; the rows and their words are what must match.
  const cells = (text: string) => text.replace(/ +/g, ' ').replace(/-{3,}/g, '---');
  expect(cells(written)).toBe(cells(table));
});
