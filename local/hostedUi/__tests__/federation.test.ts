/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import { CODE_LIFETIME_MS, CodeStore, federatedAttributes, federatedUsername, pkceMatches } from '../federation';

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');

describe('federated users, as Cognito names and fills them', () => {
  it('are named <ProviderName>_<sub>', () => {
    expect(federatedUsername('RegDataIdP', 'f3b1c2d4')).toBe('RegDataIdP_f3b1c2d4');
    expect(() => federatedUsername('RegDataIdP', '')).toThrow(/no sub/);
  });

  it('get the mapped email and an identities attribute naming the provider', () => {
    const attributes = federatedAttributes(
      'RegDataIdP',
      { sub: 'f3b1', email: 'sso.demo@example.com', email_verified: true },
      1_700_000_000_000,
    );
    expect(attributes.email).toBe('sso.demo@example.com');
    expect(attributes.email_verified).toBe('true');
    expect(JSON.parse(attributes.identities)).toEqual([
      {
        userId: 'f3b1',
        providerName: 'RegDataIdP',
        providerType: 'OIDC',
        issuer: null,
        primary: true,
        dateCreated: 1_700_000_000_000,
      },
    ]);
  });

  it('without an email claim get no email attribute', () => {
    expect(federatedAttributes('RegDataIdP', { sub: 'f3b1' }, 0)).not.toHaveProperty('email');
  });
});

describe('PKCE (RFC 7636, S256)', () => {
  it('accepts the verifier of the challenge (the RFC’s appendix B example) and nothing else', () => {
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches(`${verifier.slice(0, -1)}a`, challenge)).toBe(false);
    expect(pkceMatches(undefined, challenge)).toBe(false);
    expect(pkceMatches('short', challenge)).toBe(false);
  });
});

describe('authorization codes', () => {
  const grant = {
    username: 'RegDataIdP_f3b1',
    clientId: 'web',
    redirectUri: 'http://localhost:3000/login',
    codeChallenge: challenge,
    scope: 'openid email',
  };
  const redeemWith = { clientId: 'web', redirectUri: 'http://localhost:3000/login', codeVerifier: verifier };

  it('are redeemed once, by the right client, redirect URI and verifier', () => {
    const store = new CodeStore();
    const code = store.issue(grant, 0);
    expect(store.redeem(code, redeemWith, 1000)).toEqual(grant);
    expect(store.redeem(code, redeemWith, 1000)).toEqual({
      error: 'invalid_grant',
      reason: 'unknown or already used code',
    });
  });

  it.each([
    ['a tampered verifier', { ...redeemWith, codeVerifier: verifier.replace(/^d/, 'e') }, 0, /PKCE/],
    ['another client', { ...redeemWith, clientId: 'other' }, 0, /another client/],
    [
      'another redirect URI',
      { ...redeemWith, redirectUri: 'http://evil.example/cb' },
      0,
      /another client or redirect URI/,
    ],
    ['an expired code', redeemWith, CODE_LIFETIME_MS + 1, /expired/],
  ])('are refused with %s', (_name, request, at, reason) => {
    const store = new CodeStore();
    const code = store.issue(grant, 0);
    const result = store.redeem(code, request, at);
    expect(result).toEqual({ error: 'invalid_grant', reason: expect.stringMatching(reason) });
  });
});
