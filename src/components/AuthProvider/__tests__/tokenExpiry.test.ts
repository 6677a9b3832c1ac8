/**
 * @jest-environment node
 */
import { accessTokenExpiry, renewDelay, RENEW_BEFORE_MS } from '../tokenExpiry';

const CLIENT = 'portallocalappclient000001';
const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
const cookieHeader = (user: string, token: string) =>
  [
    `${encodeURIComponent(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`)}=${encodeURIComponent(user)}`,
    `${encodeURIComponent(`CognitoIdentityServiceProvider.${CLIENT}.${user}.accessToken`)}=${token}`,
    'theme=dark',
  ].join('; ');

describe('accessTokenExpiry', () => {
  it("reads the access token's exp of the last signed-in user from Amplify's cookies, in ms", () => {
    expect(accessTokenExpiry(cookieHeader('demo@example.com', jwt({ exp: 1_800_000_000 })), CLIENT)).toBe(
      1_800_000_000_000,
    );
  });

  it('is null without a session, for another app client, or for a token it cannot read', () => {
    expect(accessTokenExpiry('theme=dark', CLIENT)).toBeNull();
    expect(accessTokenExpiry(cookieHeader('demo', jwt({ exp: 1 })), 'otherclient')).toBeNull();
    expect(accessTokenExpiry(cookieHeader('demo', 'not-a-jwt'), CLIENT)).toBeNull();
    expect(accessTokenExpiry(cookieHeader('demo', jwt({ sub: 'x' })), CLIENT)).toBeNull();
  });
});

describe('renewDelay', () => {
  it("asks for the session just inside Amplify's refresh tolerance, and at once when already late", () => {
    expect(renewDelay(100_000, 40_000)).toBe(60_000 - RENEW_BEFORE_MS);
    expect(renewDelay(100_000, 99_000)).toBe(0);
  });
});
