/**
 * @jest-environment node
 */
import { LOCAL_MCP_CLIENT_ID } from '../../../config/env';
import { createAccessTokenVerifier } from '../verifier';
import { localAuth, localJwks, mintToken } from '../../../tests/support/gate';

describe('access token verifier', () => {
  afterEach(() => jest.restoreAllMocks());

  it('remembers a verified token only until it expires', async () => {
    const verifier = await createAccessTokenVerifier(localAuth, { jwks: localJwks });
    const now = Date.now();
    const token = mintToken({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60 });
    expect((await verifier.check(token)).valid).toBe(true);
    expect((await verifier.check(token)).valid).toBe(true);
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    const later = await verifier.check(token);
    expect(later).toMatchObject({ valid: false, expired: true });
  });

  it('never remembers a refused token', async () => {
    const verifier = await createAccessTokenVerifier(localAuth, { jwks: localJwks });
    const token = mintToken({ client_id: 'someotherappclient00000001' });
    expect((await verifier.check(token)).valid).toBe(false);
    expect((await verifier.check(token)).valid).toBe(false);
  });

  it("refuses the MCP app client's tokens at the gate, and passes them where they are named (the sandbox)", async () => {
    const token = mintToken({ client_id: LOCAL_MCP_CLIENT_ID });
    const gate = await createAccessTokenVerifier(localAuth, { jwks: localJwks });
    expect(await gate.check(token)).toMatchObject({ valid: false });
    const sandbox = await createAccessTokenVerifier(localAuth, {
      jwks: localJwks,
      moreClientIds: [LOCAL_MCP_CLIENT_ID],
    });
    expect((await sandbox.check(token)).valid).toBe(true);
    expect((await sandbox.check(mintToken())).valid).toBe(true);
  });
});

describe('a readers group (COGNITO_READERS_GROUP)', () => {
  const auth = { ...localAuth, readersGroup: 'portal-reviewers' };

  it('passes a token whose cognito:groups claim names it, and refuses the others as outside the group', async () => {
    const verifier = await createAccessTokenVerifier(auth, { jwks: localJwks });
    const member = mintToken({ 'cognito:groups': ['writers', 'portal-reviewers'] });
    expect((await verifier.check(member)).valid).toBe(true);
    for (const claims of [{}, { 'cognito:groups': ['writers'] }, { 'cognito:groups': 'portal-reviewers-old' }]) {
      expect([claims, await verifier.check(mintToken(claims))]).toEqual([
        claims,
        expect.objectContaining({ valid: false, expired: false, outsideGroup: true }),
      ]);
    }
  });

  it('a forged or expired token is refused for what it is, not as outside the group', async () => {
    const verifier = await createAccessTokenVerifier(auth, { jwks: localJwks });
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await verifier.check(mintToken({ 'cognito:groups': ['writers'], iat: past - 3600, exp: past }));
    expect(expired).toMatchObject({ valid: false, expired: true });
    expect(expired).not.toHaveProperty('outsideGroup');
  });

  it('without one, every user of the pool passes', async () => {
    const verifier = await createAccessTokenVerifier(localAuth, { jwks: localJwks });
    expect((await verifier.check(mintToken())).valid).toBe(true);
  });
});
