/**
 * @jest-environment node
 *
 * What the shared access decision must refuse before anyone is known: an `Authorization` header parsed
 * in linear time whatever its length, and tokens whose times the verifier must not accept.
 */
import { bearerToken, decide, type GateSettings } from '../../../rules/access';
import { MAX_AUTHORIZATION_BYTES } from '../../../rules/requests';
import { CLOCK_SKEW_SECONDS, createAccessTokenVerifier } from '../verifier';
import { localAuth, localJwks, mintToken } from '../../../tests/support/gate';
import { stringOperations } from '../../../tests/support/work';

let rules: GateSettings;

beforeAll(async () => {
  rules = {
    publicPaths: new Set(['/login']),
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    signInRoute: '/login',
  };
});

describe('the Authorization header', () => {
  it('a 16 KB pathological header (a backtracking pattern took about 350 ms) is read in a few passes, no pattern', async () => {
    const authorization = `Bearer${' '.repeat(16_000)}a b`;
    const request = { method: 'GET', target: '/llms.txt', authorization, accept: '*/*' };
    const work = await stringOperations(() => decide(request, rules));
    expect(work.result).toMatchObject({ pass: false, status: 401, access: 'bad-bearer' });
    // Trimming and slicing: each a pass over the header, none retried from each blank, and no regular
    // expression reads the run of blanks.
    expect(work.charsRead()).toBeLessThanOrEqual(8 * authorization.length);
    expect(work.longerThan(100).filter(({ regexp }) => regexp !== undefined)).toEqual([]);
  });

  it('a megabyte header is refused with 431 before it is parsed', async () => {
    const authorization = `Bearer ${'a '.repeat(512 * 1024)}`;
    const work = await stringOperations(() =>
      decide({ method: 'GET', target: '/llms.txt', authorization, accept: '*/*' }, rules),
    );
    expect(work.result).toEqual({ pass: false, status: 431, reason: 'authorization header too large' });
    // Its length is all that is looked at (as the Host check: rules/__tests__/hosts.test.ts).
    expect(work.longerThan(MAX_AUTHORIZATION_BYTES)).toEqual([]);
  });

  it('a header of MAX_AUTHORIZATION_BYTES is still read (and its bad token refused with 401), one byte more is not', async () => {
    const header = (bytes: number) => `Bearer ${'é'.repeat(4000)}${'a'.repeat(bytes - 'Bearer '.length - 8000)}`;
    const request = (authorization: string) => ({ method: 'GET', target: '/llms.txt', authorization, accept: '*/*' });
    expect(await decide(request(header(MAX_AUTHORIZATION_BYTES)), rules)).toMatchObject({
      status: 401,
      access: 'bad-bearer',
    });
    expect(await decide(request(`${header(MAX_AUTHORIZATION_BYTES)}a`), rules)).toMatchObject({ status: 431 });
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer   abc  ', 'abc'],
    ['  BEARER\tabc', 'abc'],
    ['Bearer', ''],
    ['Bearer   ', ''],
    ['Bearer a b', ''],
    ['Bearerabc', undefined],
    ['Basic dXNlcjpwYXNz', undefined],
    ['', undefined],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('token times the verifier refuses', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('a token without exp, which would never expire', async () => {
    const check = await rules.verifier.check(mintToken({ exp: undefined }));
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/exp/) });
  });

  it('a token without iat, or issued beyond the clock skew in the future', async () => {
    expect((await rules.verifier.check(mintToken({ iat: undefined }))).valid).toBe(false);
    const future = now() + CLOCK_SKEW_SECONDS + 30;
    const check = await rules.verifier.check(mintToken({ iat: future, exp: future + 3600 }));
    expect(check).toMatchObject({ valid: false, reason: expect.stringMatching(/future/) });
  });

  it('still accepts a token issued a few seconds ahead of this clock', async () => {
    expect((await rules.verifier.check(mintToken({ iat: now() + 5 }))).valid).toBe(true);
  });
});
