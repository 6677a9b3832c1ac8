/**
 * @jest-environment node
 *
 * The bench's anchors get our route-tree plugin, so their first-load figures are read the
 * way ours are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withRouteTreePlugin } from '../anchors';
import { STAND_INS } from '..';

const plain = `const config = {\n  presets: [\n    ['classic', {}],\n  ],\n};`;
const stock = `const config = {\n  plugins: [['docusaurus-plugin-openapi-docs', {}]],\n  presets: [\n    ['classic', {}],\n  ],\n};`;

it('adds the plugin to a config without plugins, and first to one with plugins, once', () => {
  const withPlugin = withRouteTreePlugin(plain, '/repo/plugins/route-tree/index.ts');
  expect(withPlugin).toContain(`plugins: ["/repo/plugins/route-tree/index.ts"],\n  presets: [`);
  expect(withRouteTreePlugin(withPlugin, '/repo/plugins/route-tree/index.ts')).toBe(withPlugin);
  expect(withRouteTreePlugin(stock, '/p.ts')).toContain(`plugins: ["/p.ts", ['docusaurus-plugin-openapi-docs', {}]],`);
});

it('replaces a copy of the plugin from another checkout instead of adding a second one', () => {
  const fromOther = withRouteTreePlugin(plain, '/other/plugins/route-tree/index.ts');
  const ours = withRouteTreePlugin(fromOther, '/repo/plugins/route-tree/index.ts');
  expect(ours).toContain(`plugins: ["/repo/plugins/route-tree/index.ts"],\n  presets: [`);
  expect(ours).not.toContain('/other/');
  const stockFromOther = withRouteTreePlugin(stock, '/other/plugins/route-tree/index.ts');
  expect(withRouteTreePlugin(stockFromOther, '/repo/plugins/route-tree/index.ts')).toContain(
    `plugins: ["/repo/plugins/route-tree/index.ts", ['docusaurus-plugin-openapi-docs', {}]],`,
  );
});

describe('the anchors build our docs', () => {
  it('every component of ours that a doc imports has a stand-in, or the anchors cannot build them', () => {
    const docs = path.resolve(__dirname, '../../../docs');
    const imported = new Set(
      fs
        .readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.mdx?$/.test(file))
        .flatMap((file) => [...fs.readFileSync(path.join(docs, file), 'utf8').matchAll(/from '@site\/([^']+)'/g)])
        .map((match) => `${match[1]}/index.tsx`),
    );
    expect([...imported].filter((file) => !(file in STAND_INS))).toEqual([]);
  });
});
