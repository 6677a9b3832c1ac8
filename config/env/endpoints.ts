/**
 * The addresses a build bakes into its pages and the ports a run listens on, each under the variable that sets it.
 */
import { SIGN_IN_ROUTE } from '../../rules/routes';
import type { PortalEnv } from './portalEnv';

/**
 * The addresses the built pages call, each under the variable that sets it: the site's own URL (SITE_URL,
 * or `http://localhost:<PORT>` when unset), the identity service (LOCAL_IDENTITY_PORT, local mode), the
 * hosted UI (HOSTED_UI_PORT locally, else COGNITO_OAUTH_DOMAIN), the OAuth redirect URLs when they are not
 * SITE_URL's sign-in page (COGNITO_REDIRECT_SIGN_IN, COGNITO_REDIRECT_SIGN_OUT), the sandbox API (SANDBOX_PORT,
 * local mode) and the provider's API (API_HOST). `docusaurus build` bakes them into every page, so
 * `npm run build` records them (postbuild/buildIdentity.ts) and `npm run serve` refuses to serve the pages with
 * other values (server/builtFor.ts), which they would call in vain.
 */
export function bakedEndpoints(env: PortalEnv): Record<string, string> {
  const { auth } = env;
  const endpoints: Record<string, string> = { SITE_URL: env.siteUrl };
  if (auth.userPoolEndpoint) endpoints.LOCAL_IDENTITY_PORT = auth.userPoolEndpoint;
  if (auth.oauth.domain)
    endpoints[env.localSso.enabled ? 'HOSTED_UI_PORT' : 'COGNITO_OAUTH_DOMAIN'] = auth.oauth.domain;
  const signIn = `${env.siteUrl}${SIGN_IN_ROUTE}`;
  for (const [variable, urls] of [
    ['COGNITO_REDIRECT_SIGN_IN', auth.oauth.redirectSignIn],
    ['COGNITO_REDIRECT_SIGN_OUT', auth.oauth.redirectSignOut],
  ] as const)
    if (urls.length !== 1 || urls[0] !== signIn) endpoints[variable] = urls.join(',');
  if (auth.mode === 'local') endpoints.SANDBOX_PORT = `http://localhost:${env.localSandbox.port}`;
  if (env.apiHost) endpoints.API_HOST = env.apiHost;
  return endpoints;
}

/**
 * The ports a run listens on, each with the variable that sets it: the site's (PORT) for `serve` and `start`,
 * the MCP server beside the dev server (MCP_DEV_PORT) for `start`, and in local mode the local services'
 * (LOCAL_IDENTITY_PORT, SANDBOX_PORT, HOSTED_UI_PORT, and IDP_PORT while single sign-on runs locally).
 */
export function portsOf(env: PortalEnv, use: 'serve' | 'start'): { variable: string; port: number }[] {
  const ports = [{ variable: 'PORT', port: env.sitePort }];
  if (use === 'start') ports.push({ variable: 'MCP_DEV_PORT', port: env.mcp.devPort });
  if (env.auth.mode !== 'local') return ports;
  ports.push(
    { variable: 'LOCAL_IDENTITY_PORT', port: env.localIdentity.port },
    { variable: 'SANDBOX_PORT', port: env.localSandbox.port },
    { variable: 'HOSTED_UI_PORT', port: env.localSso.hostedUiPort },
  );
  if (env.localSso.enabled) ports.push({ variable: 'IDP_PORT', port: env.localSso.idpPort });
  return ports;
}
