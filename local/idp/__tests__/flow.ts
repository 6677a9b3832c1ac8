/**
 * Walks the local IdP's authorization code flow as a relying party would (run by flow.test.ts in a tsx
 * child process, since oidc-provider is ESM only): discovery, authorize, login page, a wrong password, the
 * right one, the redirect with a code, and the token exchange. Prints what it saw as one JSON line.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSO_DEMO_PERSON } from '../default';
import { startLocalIdp, WRONG_CREDENTIALS } from '../index';

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
  const idp = await startLocalIdp({ port, person: SSO_DEMO_PERSON, client });
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, idp.issuer), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    return response;
  };
  const seen: Record<string, unknown> = {};
  const discovery = await (await request('/.well-known/openid-configuration')).json();
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
  let response = await request(authorize.toString());
  const interaction = response.headers.get('location')!;
  seen.loginPage = (await (await request(interaction)).text()).includes('name="password"');
  const post = (password: string) =>
    request(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: SSO_DEMO_PERSON.email, password }).toString(),
    });
  seen.wrongPassword = (await (await post('not-the-password')).text()).includes(WRONG_CREDENTIALS);
  response = await post(SSO_DEMO_PERSON.password);
  // Follow the provider's redirects until it sends the browser back to the client.
  let location = response.headers.get('location')!;
  while (!location.startsWith(client.redirectUri)) location = (await request(location)).headers.get('location')!;
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
