/**
 * @jest-environment node
 *
 * `npm start`'s dev server answers only the portal's own Host names (plugins/dev-server-hosts). Whether
 * Docusaurus still applies the option is proved by tests/e2e/dev-server.spec.ts, which starts it.
 */
import devServerHosts from '../dev-server-hosts';

it('gives webpack-dev-server the names as it compares them, in the client compilation only', () => {
  const plugin = devServerHosts(['localhost', '127.0.0.1', '[::1]', 'portal.example.com'])();
  const configure = plugin.configureWebpack as (config: object, isServer: boolean) => object;
  expect(configure({}, true)).toEqual({});
  // webpack-dev-server takes an IPv6 literal's name without its brackets (url.parse's hostname).
  expect(configure({}, false)).toEqual({
    devServer: { allowedHosts: ['localhost', '127.0.0.1', '::1', 'portal.example.com'] },
  });
});
