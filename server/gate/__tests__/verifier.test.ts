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
