/**
 * @jest-environment node
 *
 * The bench's anchors get our route-tree plugin, so their first-load figures are read the
 * way ours are.
 */
import { withRouteTreePlugin } from '../anchors';

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
