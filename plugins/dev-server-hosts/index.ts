/**
 * `npm start`'s dev server answers only the portal's own `Host` names, against DNS rebinding: a page whose
 * name is re-pointed at 127.0.0.1 would otherwise read every page and chunk of the dev server (it has no
 * gate; the sign-in is the browser's) and call `/mcp` through its proxy. Docusaurus' dev server config
 * sets webpack-dev-server's `allowedHosts: 'all'` and offers no option or CLI flag to change it
 * (`@docusaurus/core` 3.10.2, `lib/commands/start/webpack.js`); a plugin's `configureWebpack` may return
 * `devServer` options, which core merges over its own (webpack-merge: a list replaces the string), the
 * same undocumented merge plugins/mcp-dev-proxy uses (facebook/docusaurus#6107). The production build
 * has no dev server and ignores the option.
 *
 * With a list, webpack-dev-server answers 403 "Invalid Host header" to any other name; it also always
 * lets through IP literals, `localhost` and `*.localhost`, names a rebinding attacker cannot hold.
 * Guard: tests/e2e/dev-server-hosts.spec.ts starts `docusaurus start` and fails naming this plugin when
 * `Host: rebind.example` gets anything else (plugins/README.md).
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
