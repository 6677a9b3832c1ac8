/**
 * Walks the local IdP's authorization code flow as a relying party and a browser would (run by flow.test.ts
 * in a tsx child process, since oidc-provider is ESM only): discovery, authorize and the login page reached
 * by navigations from another site, a wrong password, the right one posted by the IdP's own page, the
 * redirect with a code, and the token exchange; then what another site's page gets. Prints what it saw as
 * one JSON line.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CROSS_SITE_NAVIGATION,
  CROSS_SITE_SCRIPT,
  crossSiteFetch,
  FOREIGN,
  preflight,
  send,
  type Answer,
} from '../../__tests__/browser';
import { SSO_DEMO_PERSON } from '../default';
import { startLocalIdp, WRONG_CREDENTIALS } from '../index';

const PORTAL = 'http://localhost:3000';

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function main() {
  const port = await freePort();
  const client = {
    clientId: 'rp',
    clientSecret: 'rp-secret',
    redirectUri: 'https://localhost:9230/oauth2/idpresponse',
  };
  const idp = await startLocalIdp({ port, person: SSO_DEMO_PERSON, client, allowedOrigins: [PORTAL] });
  const jar = new Map<string, string>();
  /** One request of the browser, with its cookies; redirects are followed by the caller. */
  const request = async (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) => {
    const answer = await send(new URL(url, idp.issuer).toString(), {
      ...init,
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of answer.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    return answer;
  };
  /** A navigation from the portal through the hosted UI (cross-site), or from the IdP's own page. */
  const navigate = (url: string, site: 'cross-site' | 'same-origin' = 'cross-site') =>
    request(url, { headers: { ...CROSS_SITE_NAVIGATION, 'sec-fetch-site': site } });
  const seen: Record<string, unknown> = {};
  // The hosted UI's server reads it: no browser headers.
  const discovery = JSON.parse((await send(`${idp.issuer}/.well-known/openid-configuration`)).body);
  seen.issuer = discovery.issuer;
  const state = crypto.randomUUID();
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: 'rp',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: client.redirectUri,
    state,
  }).toString();
  let response: Answer = await navigate(authorize.toString());
  const interaction = response.headers.location!;
  seen.loginPage = (await navigate(interaction)).body.includes('name="password"');
  /** The login form posted by the page at `origin` (the IdP's own, or another site's). */
  const post = (password: string, origin = idp.issuer) =>
    request(`${interaction}/login`, {
      method: 'POST',
      headers: {
        ...CROSS_SITE_NAVIGATION,
        'sec-fetch-site': origin === idp.issuer ? 'same-origin' : 'cross-site',
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email: SSO_DEMO_PERSON.email, password }).toString(),
    });
  seen.wrongPassword = (await post('not-the-password')).body.includes(WRONG_CREDENTIALS);
  // Another site's page posting the person's credentials to sign them in there is refused.
  const foreignLogin = await post(SSO_DEMO_PERSON.password, FOREIGN);
  response = await post(SSO_DEMO_PERSON.password);
  // Follow the provider's redirects until it sends the browser back to the client.
  let location = response.headers.location!;
  while (!location.startsWith(client.redirectUri))
    location = (await navigate(location, 'same-origin')).headers.location!;
  const back = new URL(location);
  seen.stateKept = back.searchParams.get('state') === state;
  const token = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('rp:rp-secret').toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: client.redirectUri,
    }).toString(),
  });
  const tokens = await token.json();
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString());
  seen.idToken = { sub: claims.sub, email: claims.email, iss: claims.iss, aud: claims.aud };
  // Another site's page: a form post, a fetch of the token endpoint (a simple POST), a preflight, a script
  // load, a frame. Each gets 403 and no CORS grant.
  const foreign = [
    foreignLogin,
    await send(discovery.token_endpoint, {
      method: 'POST',
      headers: { ...crossSiteFetch(FOREIGN), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x',
    }),
    await send(discovery.token_endpoint, { method: 'OPTIONS', headers: preflight(FOREIGN, 'POST', 'authorization') }),
    await send(discovery.jwks_uri, { headers: CROSS_SITE_SCRIPT }),
    await send(authorize.toString(), { headers: { ...CROSS_SITE_NAVIGATION, 'sec-fetch-dest': 'iframe' } }),
  ];
  seen.foreign = foreign.map((a) => [a.status, a.headers['access-control-allow-origin'] ?? null, a.body.split(':')[0]]);
  // The portal's page gets oidc-provider's grant for its own origin.
  const portal = await send(`${idp.issuer}/.well-known/openid-configuration`, { headers: crossSiteFetch(PORTAL) });
  seen.portal = [portal.status, portal.headers['access-control-allow-origin']];
  // A page rebound to this machine by DNS asks with its own name in Host.
  seen.reboundStatus = await new Promise((resolve, reject) => {
    const headers = { host: `rebind.example:${port}` };
    const rebound = http.request({ host: '127.0.0.1', port, path: '/.well-known/openid-configuration', headers });
    rebound.on('response', (answer) => resolve(answer.resume().statusCode));
    rebound.on('error', reject);
    rebound.end();
  });
  await idp.close();
  console.log(JSON.stringify(seen));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
