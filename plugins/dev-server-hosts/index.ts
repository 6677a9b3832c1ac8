/**
 * `npm start`'s dev server answers only the portal's own `Host` names, against DNS rebinding: a page whose
 * name is re-pointed at 127.0.0.1 would otherwise read every page and chunk of the dev server (it has no
 * gate) and call `/mcp` through its proxy. Docusaurus sets webpack-dev-server's `allowedHosts: 'all'` with
 * no option to change it (`@docusaurus/core` 3.10.2, `lib/commands/start/webpack.js`), but merges a
 * plugin's `configureWebpack` `devServer` over its own (webpack-merge: a list replaces the string; the
 * undocumented merge of facebook/docusaurus#6107). With a list, webpack-dev-server answers 403 "Invalid
 * Host header" to any other name (IP literals, `localhost` and `*.localhost` always pass: a rebinding
 * attacker cannot hold them). Guard: tests/e2e/dev-server.spec.ts (plugins/README.md).
 */
import type { Plugin } from '@docusaurus/types';

/**
 * The plugin for the names `accepted` (config/env.ts `acceptedHostnames`).
 *
 * @param accepted - lower-case host names as a `Host` header spells them (`[::1]` in brackets).
 * @returns a Docusaurus plugin module (a function of the load context).
 */
export default function devServerHosts(accepted: readonly string[]): () => Plugin {
  // webpack-dev-server compares the name url.parse() gives, which drops an IPv6 literal's brackets.
  const allowedHosts = accepted.map((name) => (name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name));
  return () => ({
    name: 'dev-server-hosts',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return { devServer: { allowedHosts } } as object;
    },
  });
}
