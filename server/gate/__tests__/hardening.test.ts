/**
 * @jest-environment node
 *
 * What the shared access decision must refuse before anyone is known: an `Authorization` header parsed
 * in linear time whatever its length, and tokens whose times the verifier must not accept.
 */
import { performance } from 'node:perf_hooks';
import { bearerToken, decide, type GateRules } from '../../../rules/access';
import { MAX_AUTHORIZATION_BYTES } from '../../../rules/requests';
import { CLOCK_SKEW_SECONDS, createAccessTokenVerifier } from '../verifier';
import { localAuth, localJwks, mintToken } from '../../../tests/support/gate';

let rules: GateRules;

beforeAll(async () => {
  rules = {
    publicPaths: new Set(['/login']),
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    signInRoute: '/login',
  };
});

describe('the Authorization header', () => {
  it('a 16 KB pathological header is answered in under 5 ms (it took about 350 ms)', async () => {
    const authorization = `Bearer${' '.repeat(16_000)}a b`;
    const request = { method: 'GET', target: '/llms.txt', authorization, accept: '*/*' };
    await decide(request, rules); // warm up
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      const decision = await decide(request, rules);
      times.push(performance.now() - start);
      expect(decision).toMatchObject({ pass: false, status: 401, access: 'bad-bearer' });
    }
    expect(Math.min(...times)).toBeLessThan(5);
  });

  it('a megabyte header is refused with 431 before it is parsed, in under 20 ms', async () => {
    const authorization = `Bearer ${'a '.repeat(512 * 1024)}`;
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const decision = await decide({ method: 'GET', target: '/llms.txt', authorization, accept: '*/*' }, rules);
      times.push(performance.now() - started);
      expect(decision).toEqual({ pass: false, status: 431, reason: 'authorization header too large' });
    }
    // The best of three: one run on a busy machine can take a garbage collection's pause.
    expect(Math.min(...times)).toBeLessThan(20);
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
