/**
 * @jest-environment node
 */
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
});
