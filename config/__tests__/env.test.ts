/**
 * @jest-environment node
 */
import { ConfigError, LOCAL_APP_CLIENT_ID, LOCAL_USER_POOL_ID, parseEnv } from '../env';

describe('parseEnv', () => {
  it('runs against the local identity service when no user pool is configured (issue #2)', () => {
    const env = parseEnv({});
    expect(env.auth).toMatchObject({
      mode: 'local',
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_APP_CLIENT_ID,
      userPoolEndpoint: 'http://localhost:9229',
    });
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.tagline).toMatch(/transforming how the world consumes regulatory information/i);
  });

  it('follows LOCAL_IDENTITY_PORT for the endpoint Amplify calls', () => {
    expect(parseEnv({ LOCAL_IDENTITY_PORT: '9555' }).auth.userPoolEndpoint).toBe('http://localhost:9555');
  });

  it('uses a real user pool, without a custom endpoint, when COGNITO_USER_POOL_ID is set', () => {
    const env = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client123' });
    expect(env.auth.mode).toBe('cognito');
    expect(env.auth.region).toBe('eu-west-2');
    expect(env.auth.userPoolEndpoint).toBeUndefined();
  });

  it('names the missing variable when the app client id is absent', () => {
    expect(() => parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz' })).toThrow(/COGNITO_APP_CLIENT_ID/);
  });

  it.each([
    ['COGNITO_USER_POOL_ID', { COGNITO_USER_POOL_ID: 'not-a-pool', COGNITO_APP_CLIENT_ID: 'x' }],
    ['COGNITO_USER_POOL_ID', { COGNITO_USER_POOL_ID: LOCAL_USER_POOL_ID, COGNITO_APP_CLIENT_ID: 'x' }],
    ['SITE_URL', { SITE_URL: 'localhost:3000' }],
    ['API_HOST', { API_HOST: 'ftp://api.example.com' }],
    ['PORT', { PORT: '70000' }],
    ['COGNITO_REDIRECT_SIGN_IN', { COGNITO_REDIRECT_SIGN_IN: 'https://ok.example.com/,nope' }],
  ])('rejects a malformed %s with an error naming it', (name, env) => {
    let error: unknown;
    try {
      parseEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('names the TOTP issuer AWSCognito unless TOTP_ISSUER says otherwise (spec §2.3)', () => {
    expect(parseEnv({}).auth.totpIssuer).toBe('AWSCognito');
    expect(parseEnv({ TOTP_ISSUER: 'RegData' }).auth.totpIssuer).toBe('RegData');
  });

  it('keeps OAuth off until a hosted-UI domain is given, and strips its scheme', () => {
    expect(parseEnv({}).auth.oauth.domain).toBe('');
    const env = parseEnv({ COGNITO_OAUTH_DOMAIN: 'https://auth.example.com/', PRODUCT_NAME: 'Acme' });
    expect(env.auth.oauth).toMatchObject({ domain: 'auth.example.com', customProvider: 'Acme' });
    expect(env.auth.oauth.redirectSignIn).toEqual(['http://localhost:3000/']);
  });
});
