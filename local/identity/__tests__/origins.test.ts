/**
 * @jest-environment node
 *
 * The local identity service answers the portal's pages and clients outside a browser, and no other site:
 * a page elsewhere can neither create a user (a simple POST needs no preflight) nor read the inbox's
 * temporary passwords, while `npm start` runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalIdentity, type LocalIdentity } from '..';
import { cognitoCall } from '../../../tests/support/cognito';
import {
  CROSS_SITE_NAVIGATION,
  CROSS_SITE_SCRIPT,
  crossSiteFetch,
  FOREIGN,
  preflight,
  send,
} from '../../__tests__/browser';

const POOL = 'us-east-1_TestPool1';
const CLIENT = 'testappclient0000000000001';
const PORTAL = 'http://localhost:3000';
const PORTAL_BY_IP = 'http://127.0.0.1:3000';
let identity: LocalIdentity;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-origins-test-'));
  identity = await startLocalIdentity({
    port: 0,
    dataDir,
    userPoolId: POOL,
    appClientId: CLIENT,
    logLevel: 'silent',
    allowedOrigins: [PORTAL, PORTAL_BY_IP],
    users: [{ username: 'demo@example.com', password: 'DemoPassw0rd!', attributes: { email: 'demo@example.com' } }],
  });
});

afterAll(async () => {
  await identity.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const exists = async (username: string) =>
  (await cognitoCall(identity.url, 'AdminGetUser', { UserPoolId: POOL, Username: username })).status === 200;

/**
 * `AdminCreateUser` as a form post or a no-preflight fetch sends it: a simple content type, the target in a
 * header, and a temporary password of the sender's choosing (no invitation sent), to sign in with.
 */
const createUser = (username: string, contentType: string, headers: Record<string, string> = {}) =>
  send(identity.url, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': contentType,
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
    },
    body: new URLSearchParams({
      UserPoolId: POOL,
      Username: username,
      TemporaryPassword: 'TempPassw0rd!',
      MessageAction: 'SUPPRESS',
    }).toString(),
  });

const expectRefused = (answer: { status: number; headers: Record<string, unknown>; body: string }) => {
  expect([answer.status, answer.headers['access-control-allow-origin'], answer.body]).toEqual([
    403,
    undefined,
    expect.stringMatching(/^Forbidden: the local identity service.* answers only /),
  ]);
};

describe('a page of another site', () => {
  it('gets its CORS preflight refused, with no grant', async () => {
    const answer = await send(identity.url, {
      method: 'OPTIONS',
      headers: preflight(FOREIGN, 'POST', 'content-type,x-amz-target,x-amz-user-agent'),
    });
    expectRefused(answer);
    expect(answer.body).toContain(PORTAL);
  });

  it('cannot create a user with a simple POST, which a browser sends without a preflight', async () => {
    for (const [username, contentType] of [
      ['text@example.com', 'text/plain'],
      ['form@example.com', 'application/x-www-form-urlencoded'],
    ]) {
      expectRefused(await createUser(username, contentType, crossSiteFetch(FOREIGN)));
      expect([username, await exists(username)]).toEqual([username, false]);
    }
    // The same form-encoded request from outside a browser does create the user: the refusal above is the origin's.
    expect((await createUser('form@example.com', 'application/x-www-form-urlencoded')).status).toBe(200);
    expect(await exists('form@example.com')).toBe(true);
  });

  it('cannot read or clear the inbox of temporary passwords', async () => {
    const invited = await cognitoCall(identity.url, 'AdminCreateUser', {
      UserPoolId: POOL,
      Username: 'invited@example.com',
      UserAttributes: [{ Name: 'email', Value: 'invited@example.com' }],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    expect(invited.status).toBe(200);
    const inbox = `${identity.url}/_local/messages`;
    for (const headers of [crossSiteFetch(FOREIGN), CROSS_SITE_SCRIPT]) {
      const answer = await send(inbox, { headers });
      expectRefused(answer);
      expect(answer.body).not.toContain('invited@example.com');
    }
    expectRefused(await send(inbox, { method: 'DELETE', headers: crossSiteFetch(FOREIGN) }));
    // Nor by another spelling of the path, which Express routes to the same inbox.
    expectRefused(await send(`${identity.url}/_LOCAL/messages`, { headers: crossSiteFetch(FOREIGN) }));
    expect(identity.inbox.list().map((m) => m.destination)).toContain('invited@example.com');
  });

  it('is refused a top-level navigation too: no sign-in flow passes through this service', async () => {
    expectRefused(await send(`${identity.url}/_local/messages`, { headers: CROSS_SITE_NAVIGATION }));
  });
});

describe("the portal's pages", () => {
  it('get the CORS grant for their own origin, on localhost and on 127.0.0.1, and sign in', async () => {
    for (const origin of [PORTAL, PORTAL_BY_IP]) {
      const allowed = await send(identity.url, {
        method: 'OPTIONS',
        headers: preflight(origin, 'POST', 'content-type,x-amz-target,x-amz-user-agent'),
      });
      expect([allowed.status, allowed.headers['access-control-allow-origin']]).toEqual([204, origin]);
      expect(allowed.headers.vary).toMatch(/Origin/);
      const signedIn = await send(identity.url, {
        method: 'POST',
        headers: {
          ...crossSiteFetch(origin),
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT,
          AuthParameters: { USERNAME: 'demo@example.com', PASSWORD: 'DemoPassw0rd!' },
        }),
      });
      expect([signedIn.status, signedIn.headers['access-control-allow-origin']]).toEqual([200, origin]);
      expect(JSON.parse(signedIn.body).AuthenticationResult.AccessToken).toEqual(expect.any(String));
    }
  });

  it('do not read the inbox either: it is for curl and scripts, which send no Origin', async () => {
    expectRefused(await send(`${identity.url}/_local/messages`, { headers: crossSiteFetch(PORTAL) }));
    const direct = await send(`${identity.url}/_local/messages`);
    expect([direct.status, direct.headers['access-control-allow-origin']]).toEqual([200, undefined]);
    expect(JSON.parse(direct.body)).toEqual(expect.any(Array));
  });
});
