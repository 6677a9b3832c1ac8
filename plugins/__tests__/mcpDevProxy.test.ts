/**
 * @jest-environment node
 *
 * `npm start` proxies `/mcp`, and AI tools' sign-in, to the MCP server beside the dev server (plugins/mcp-dev-proxy).
 * Docusaurus merges a plugin's `devServer` options into its dev server's, which it added without
 * documenting it (facebook/docusaurus#6107): this test fails, naming that, when core stops doing so.
 */
import fs from 'node:fs';
import path from 'node:path';
import mcpDevProxy from '../mcp-dev-proxy';

it("Docusaurus core still merges a plugin's devServer options into its dev server's", () => {
  const start = path.join(
    path.dirname(require.resolve('@docusaurus/core/package.json')),
    'lib/commands/start/webpack.js',
  );
  const source = fs.readFileSync(start, 'utf8');
  if (!/\[defaultDevServerConfig,\s*config\.devServer\]/.test(source)) {
    throw new Error(
      `${start} no longer merges config.devServer (a core internal): npm start cannot proxy /mcp through ` +
        'plugins/mcp-dev-proxy; start the MCP server on the site port another way (plugins/README.md).',
    );
  }
});

it('proxies the MCP endpoint, its metadata, the authorization server and reader insights to the given port, in the client compilation only', () => {
  const plugin = mcpDevProxy(3101)();
  const configure = plugin.configureWebpack as (config: object, isServer: boolean) => object;
  expect(configure({}, true)).toEqual({});
  expect(configure({}, false)).toEqual({
    devServer: {
      proxy: [
        {
          context: [
            '/mcp',
            '/.well-known/oauth-protected-resource/mcp',
            '/.well-known/oauth-protected-resource',
            '/oauth/',
            '/.well-known/oauth-authorization-server/oauth',
            '/insights/events',
          ],
          target: 'http://localhost:3101',
        },
      ],
    },
  });
});
