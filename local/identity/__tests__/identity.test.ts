/**
 * @jest-environment node
 *
 * The local identity service answers the operations Amplify v6 calls, over HTTP, the way
 * Amplify's clients send them.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { generate } from 'cognito-local/lib/services/totp';
import { startLocalIdentity, type LocalIdentity, type SeedUser } from '..';
import { INTERNAL_ERROR } from '../errors';
import { cognitoCall, type CognitoJson } from '../../../tests/support/cognito';

const POOL = 'us-east-1_TestPool1';
const CLIENT = 'testappclient0000000000001';
let identity: LocalIdentity;
let dataDir: string;

/** Sends one Cognito API call to `service` (default: this file's main instance), as Amplify does. */
const call = (target: string, body: object, service = identity) => cognitoCall(service.url, target, body);

const signIn = (username: string, password: string) =>
  call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

const start = (users: SeedUser[]) =>
  startLocalIdentity({ port: 0, dataDir, userPoolId: POOL, appClientId: CLIENT, logLevel: 'silent', users });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-test-'));
  identity = await start([
    {
      username: 'demo@example.com',
      password: 'DemoPassw0rd!',
      attributes: { email: 'demo@example.com', email_verified: 'true' },
    },
    {
      username: 'new@example.com',
      password: 'TempPassw0rd!',
      attributes: { email: 'new@example.com' },
      status: 'FORCE_CHANGE_PASSWORD',
    },
    {
      username: 'writer@example.com',
      password: 'WriterPassw0rd!',
      attributes: { email: 'writer@example.com', email_verified: 'true', name: 'Writer' },
    },
    {
      username: 'pending@example.com',
      password: 'Pending0rd!x',
      attributes: { email: 'pending@example.com' },
      status: 'UNCONFIRMED',
    },
  ]);
});

afterAll(async () => {
  await identity.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('local identity service', () => {
  it('signs the demo user in with USER_PASSWORD_AUTH and issues tokens of the configured pool', async () => {
    const { status, json } = await signIn('demo@example.com', 'DemoPassw0rd!');
    expect(status).toBe(200);
    const access = decomposeUnverifiedJwt(json.AuthenticationResult.AccessToken).payload;
    expect(access).toMatchObject({ iss: identity.issuer, client_id: CLIENT, token_use: 'access' });
    expect(identity.issuer).toBe(`${identity.url}/${POOL}`);
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    const { status, json } = await signIn('demo@example.com', 'wrong-password');
    expect(status).toBe(400);
    expect(json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('answers an unknown username exactly as a wrong password, as a pool preventing user existence errors does', async () => {
    const unknown = await signIn('nobody@example.com', 'DemoPassw0rd!');
    const wrong = await signIn('demo@example.com', 'wrong-password');
    expect(unknown).toEqual(wrong);
    expect(unknown.json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('publishes its signing key at the pool JWKS address', async () => {
    const jwks = await (await fetch(`${identity.issuer}/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', kid: 'CognitoLocal' });
  });

  it('refreshes tokens through GetTokensFromRefreshToken (Amplify ≥ 6.15)', async () => {
    const { json } = await signIn('demo@example.com', 'DemoPassw0rd!');
    const refreshed = await call('GetTokensFromRefreshToken', {
      ClientId: CLIENT,
      RefreshToken: json.AuthenticationResult.RefreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.AuthenticationResult.AccessToken).toEqual(expect.any(String));
  });

  it('revokes every refresh token of the user on GlobalSignOut', async () => {
    const { json } = await signIn('demo@example.com', 'DemoPassw0rd!');
    const { AccessToken, RefreshToken } = json.AuthenticationResult;
    expect((await call('GlobalSignOut', { AccessToken })).status).toBe(200);
    const refreshed = await call('GetTokensFromRefreshToken', { ClientId: CLIENT, RefreshToken });
    expect(refreshed.status).toBe(400);
    expect(refreshed.json.__type).toBe('NotAuthorizedException');
  });

  it('keeps the refresh token issued after a new-password challenge, so that session can be refreshed', async () => {
    const challenge = await signIn('new@example.com', 'TempPassw0rd!');
    expect(challenge.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await call('RespondToAuthChallenge', {
      ClientId: CLIENT,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.json.Session,
      ChallengeResponses: { USERNAME: 'new@example.com', NEW_PASSWORD: 'NewPassw0rd!!' },
    });
    expect(answered.status).toBe(200);
    const refreshed = await call('GetTokensFromRefreshToken', {
      ClientId: CLIENT,
      RefreshToken: answered.json.AuthenticationResult.RefreshToken,
    });
    expect(refreshed.status).toBe(200);
  });

  it('lets a customer write only their email, which takes effect once they enter the code sent to it', async () => {
    const { AccessToken } = (await signIn('writer@example.com', 'WriterPassw0rd!')).json.AuthenticationResult;
    const attributes = async () =>
      Object.fromEntries(
        (await call('GetUser', { AccessToken })).json.UserAttributes.map((a: { Name: string; Value: string }) => [
          a.Name,
          a.Value,
        ]),
      );
    const refused = { __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };
    for (const UserAttributes of [
      [{ Name: 'name', Value: '\u001b]8;;https://evil\u0007click\u001b]8;;\u0007' }],
      [{ Name: 'email_verified', Value: 'false' }],
      [
        { Name: 'email', Value: 'w2@example.com' },
        { Name: 'phone_number', Value: '+15555550100' },
      ],
    ]) {
      expect(await call('UpdateUserAttributes', { AccessToken, UserAttributes })).toEqual({
        status: 400,
        json: refused,
      });
    }
    expect(await call('DeleteUserAttributes', { AccessToken, UserAttributeNames: ['name'] })).toEqual({
      status: 400,
      json: refused,
    });
    expect(await attributes()).toMatchObject({ email: 'writer@example.com', name: 'Writer' });
    expect(await attributes()).not.toHaveProperty('phone_number');

    const changed = await call('UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'email', Value: 'writer.new@example.com' }],
    });
    expect(changed.json.CodeDeliveryDetailsList).toHaveLength(1);
    // The old address stays in use until the code is entered (AttributesRequireVerificationBeforeUpdate).
    expect(await attributes()).toMatchObject({ email: 'writer@example.com', email_verified: 'true' });
    const code = identity.inbox.list().at(-1)?.code;
    expect((await call('VerifyUserAttribute', { AccessToken, AttributeName: 'email', Code: code })).status).toBe(200);
    expect(await attributes()).toMatchObject({ email: 'writer.new@example.com', email_verified: 'true' });
  });

  it('resends a sign-up code and lists it at /_local/messages', async () => {
    const resent = await call('ResendConfirmationCode', { ClientId: CLIENT, Username: 'pending@example.com' });
    expect(resent.json.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: 'pending@example.com',
    });
    const messages = await (await fetch(`${identity.url}/_local/messages`)).json();
    const code = messages.at(-1).code;
    expect(messages.at(-1)).toMatchObject({ destination: 'pending@example.com', medium: 'EMAIL' });
    const confirmed = await call('ConfirmSignUp', {
      ClientId: CLIENT,
      Username: 'pending@example.com',
      ConfirmationCode: code,
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn('pending@example.com', 'Pending0rd!x')).status).toBe(200);
    // Like Cognito with auto-verified email: the code went to that address, so it is now verified.
    const user = await call('AdminGetUser', { UserPoolId: POOL, Username: 'pending@example.com' });
    expect(user.json.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('answers a page rebound to this machine by DNS with 421: no inbox, no pool operation', async () => {
    const { port } = new URL(identity.url);
    const send = (host: string, method: string, target: string, body = '') =>
      new Promise<{ status?: number; body: string }>((resolve, reject) => {
        const headers = {
          host,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
        };
        const request = http.request({ host: '127.0.0.1', port, method, path: target, headers }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: text }));
        });
        request.on('error', reject);
        request.end(body);
      });
    const adminGetUser = JSON.stringify({ UserPoolId: POOL, Username: 'demo@example.com' });
    for (const [method, target, body] of [
      ['GET', '/_local/messages', ''],
      ['POST', '/', adminGetUser],
    ]) {
      const rebound = await send(`rebind.example:${port}`, method, target, body);
      expect([target, rebound.status, rebound.body]).toEqual([target, 421, expect.stringMatching(/^Misdirected/)]);
      expect([target, (await send(`localhost:${port}`, method, target, body)).status]).toEqual([target, 200]);
    }
  });

  it('answers UserNotFoundException when resending for an unknown user', async () => {
    const resent = await call('ResendConfirmationCode', { ClientId: CLIENT, Username: 'nobody@example.com' });
    expect(resent.json.__type).toBe('UserNotFoundException');
  });

  it('keeps existing users when started again on the same data', async () => {
    await identity.close();
    identity = await start([{ username: 'new@example.com', password: 'TempPassw0rd!' }]);
    expect((await signIn('new@example.com', 'NewPassw0rd!!')).status).toBe(200);
  });

  it('gives a data folder written before the write rules the same rules when started again', async () => {
    await identity.close();
    const edit = (file: string, change: (data: CognitoJson) => void) => {
      const data = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));
      change(data);
      fs.writeFileSync(path.join(dataDir, file), JSON.stringify(data));
    };
    edit('clients.json', (data) => delete data.Clients[CLIENT].WriteAttributes);
    edit(`${POOL}.json`, (data) => delete data.Options.UserAttributeUpdateSettings);
    identity = await start([]);
    const { AccessToken } = (await signIn('new@example.com', 'NewPassw0rd!!')).json.AuthenticationResult;
    const named = await call('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'name', Value: 'x' }] });
    expect(named.json.__type).toBe('NotAuthorizedException');
    const moved = [{ Name: 'email', Value: 'moved@example.com' }];
    expect((await call('UpdateUserAttributes', { AccessToken, UserAttributes: moved })).status).toBe(200);
    const user = await call('AdminGetUser', { UserPoolId: POOL, Username: 'new@example.com' });
    expect(user.json.UserAttributes).toContainEqual({ Name: 'email', Value: 'new@example.com' });
  });
  it("adds the MCP app client to a data folder written before it, and follows the portal's callback URLs", async () => {
    const MCP = 'testmcpclient0000000000001';
    const startWithMcp = async (callbackUrls: string[]) => {
      await identity.close();
      identity = await startLocalIdentity({
        port: 0,
        dataDir,
        userPoolId: POOL,
        appClientId: CLIENT,
        logLevel: 'silent',
        users: [],
        mcpClient: { clientId: MCP, callbackUrls },
      });
      return (await call('DescribeUserPoolClient', { UserPoolId: POOL, ClientId: MCP })).json.UserPoolClient;
    };
    const added = await startWithMcp(['http://localhost:3000/oauth/callback']);
    expect(added).toMatchObject({
      CallbackURLs: ['http://localhost:3000/oauth/callback'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['email', 'openid'],
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      WriteAttributes: ['email'],
    });
    expect(added.ClientSecret).toBeUndefined();
    // The site moved to another port: the client's callback URLs follow it.
    const moved = await startWithMcp(['http://localhost:4000/oauth/callback']);
    expect(moved.CallbackURLs).toEqual(['http://localhost:4000/oauth/callback']);
  });
});

describe('local identity service in a pool that requires MFA', () => {
  let mfaIdentity: LocalIdentity;
  let mfaDir: string;
  const mfaCall = (target: string, body: object) => call(target, body, mfaIdentity);
  const mfaSignIn = () =>
    mfaCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT,
      AuthParameters: { USERNAME: 'setup@example.com', PASSWORD: 'SetupPassw0rd!' },
    });

  beforeAll(async () => {
    mfaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-mfa-test-'));
    mfaIdentity = await startLocalIdentity({
      port: 0,
      dataDir: mfaDir,
      userPoolId: POOL,
      appClientId: CLIENT,
      logLevel: 'silent',
      mfa: 'ON',
      users: [
        { username: 'setup@example.com', password: 'SetupPassw0rd!', attributes: { email: 'setup@example.com' } },
      ],
    });
  });

  afterAll(async () => {
    await mfaIdentity.close();
    fs.rmSync(mfaDir, { recursive: true, force: true });
  });

  it('asks a user without MFA to set up TOTP at sign-in, then asks for the TOTP code next time', async () => {
    const challenge = await mfaSignIn();
    expect(challenge.json).toMatchObject({ ChallengeName: 'MFA_SETUP', Session: expect.any(String) });
    const { Session } = challenge.json;

    const associated = await mfaCall('AssociateSoftwareToken', { Session });
    expect(associated.json.SecretCode).toMatch(/^[A-Z2-7]+=*$/);
    const wrong = await mfaCall('VerifySoftwareToken', { Session, UserCode: '000000' });
    expect(wrong.json.__type).toBe('CodeMismatchException');
    const verified = await mfaCall('VerifySoftwareToken', { Session, UserCode: generate(associated.json.SecretCode) });
    expect(verified.json.Status).toBe('SUCCESS');

    const answered = await mfaCall('RespondToAuthChallenge', {
      ClientId: CLIENT,
      ChallengeName: 'MFA_SETUP',
      Session,
      ChallengeResponses: { USERNAME: 'setup@example.com' },
    });
    expect(answered.json.AuthenticationResult.AccessToken).toEqual(expect.any(String));

    expect((await mfaSignIn()).json.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('federated users for the local hosted UI', () => {
  it('are created as <Provider>_<sub>, updated on the next sign-in, and get tokens the gate accepts', async () => {
    const { JwtRsaVerifier } = await import('aws-jwt-verify');
    const { LOCAL_JWKS } = await import('../jwks');
    await identity.pool.upsertFederatedUser('RegDataIdP_f3b1', { email: 'old@example.com', identities: '[]' });
    await identity.pool.upsertFederatedUser('RegDataIdP_f3b1', { email: 'sso.demo@example.com' });
    const tokens = await identity.pool.tokensFor('RegDataIdP_f3b1', CLIENT);
    const verifier = JwtRsaVerifier.create({ issuer: identity.issuer, audience: null });
    verifier.cacheJwks(LOCAL_JWKS);
    const access = await verifier.verify(tokens.accessToken);
    expect(access).toMatchObject({ token_use: 'access', client_id: CLIENT, username: 'RegDataIdP_f3b1' });
    const id = await verifier.verify(tokens.idToken);
    expect(id).toMatchObject({ token_use: 'id', email: 'sso.demo@example.com', 'cognito:username': 'RegDataIdP_f3b1' });
  });

  it('refuses tokens for a user or client the pool does not have', async () => {
    await expect(identity.pool.tokensFor('RegDataIdP_nobody', CLIENT)).rejects.toThrow(/no user/);
    await identity.pool.upsertFederatedUser('RegDataIdP_f3b2', { email: 'x@example.com' });
    await expect(identity.pool.tokensFor('RegDataIdP_f3b2', 'otherclient')).rejects.toThrow(/no app client/);
  });
});

describe("error answers name no path of the service's disk", () => {
  /** What would betray the machine: the data folder, the project folder, a stack frame. */
  const expectNoPath = (body: string, folder: string) => {
    expect(body).not.toContain(folder);
    expect(body).not.toContain(path.resolve(__dirname, '../../..'));
    expect(body).not.toMatch(/node_modules|\n {4}at /);
  };

  it('answers a body it cannot parse with the parser message, not the stack trace', async () => {
    for (const body of ['{not json', JSON.stringify({ padding: 'x'.repeat(200_000) })]) {
      const response = await fetch(identity.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body,
      });
      expect([400, 413]).toContain(response.status);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
      expectNoPath(text, dataDir);
    }
  });

  it('answers a failure of its data files with InternalErrorException, not the file error', async () => {
    const lostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-test-lost-'));
    const lost = await startLocalIdentity({
      port: 0,
      dataDir: lostDir,
      userPoolId: POOL,
      appClientId: CLIENT,
      logLevel: 'silent',
      users: [],
    });
    try {
      fs.rmSync(lostDir, { recursive: true, force: true });
      const signUp = await call(
        'SignUp',
        {
          ClientId: CLIENT,
          Username: 'later@example.com',
          Password: 'LaterPassw0rd!',
          UserAttributes: [{ Name: 'email', Value: 'later@example.com' }],
        },
        lost,
      );
      expect(signUp).toEqual({ status: 500, json: INTERNAL_ERROR });
      expectNoPath(JSON.stringify(signUp.json), lostDir);
    } finally {
      await lost.close();
    }
  });

  it('answers a broken OAuth request with InternalErrorException, not the stack trace', async () => {
    const response = await fetch(`${identity.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await response.text();
    expect([response.status, JSON.parse(text)]).toEqual([500, INTERNAL_ERROR]);
    expectNoPath(text, dataDir);
  });
});
