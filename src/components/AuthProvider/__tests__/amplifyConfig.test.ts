/**
 * @jest-environment node
 */
import { parseEnv } from '@site/config/env';
import { needsOAuthListener, signInFlowFor, toAmplifyConfig } from '../amplifyConfig';
import { readAuthSettings } from '../customFields';

const local = parseEnv({}).auth;
const localWithoutSso = parseEnv({ LOCAL_SSO: 'off' }).auth;
const cognito = parseEnv({
  COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
  COGNITO_APP_CLIENT_ID: 'webclient',
  COGNITO_OAUTH_DOMAIN: 'auth.example.com',
  COGNITO_CUSTOM_PROVIDER: 'AcmeIdP',
}).auth;

describe('toAmplifyConfig', () => {
  it('points Amplify at the local identity service only in local mode', () => {
    expect(toAmplifyConfig(local).Auth?.Cognito).toMatchObject({ userPoolEndpoint: 'http://localhost:9229' });
    expect(toAmplifyConfig(cognito).Auth?.Cognito).not.toHaveProperty('userPoolEndpoint');
  });

  it('configures the OAuth code flow with scopes email and openid (spec §3.2)', () => {
    expect(toAmplifyConfig(cognito).Auth?.Cognito.loginWith?.oauth).toEqual({
      domain: 'auth.example.com',
      scopes: ['email', 'openid'],
      redirectSignIn: ['http://localhost:3000/login'],
      redirectSignOut: ['http://localhost:3000/login'],
      responseType: 'code',
    });
  });

  it('leaves OAuth out when no hosted-UI domain is configured', () => {
    expect(toAmplifyConfig(localWithoutSso).Auth?.Cognito.loginWith).not.toHaveProperty('oauth');
  });

  it('sends the SSO button to the local hosted UI in local mode', () => {
    expect(toAmplifyConfig(local).Auth?.Cognito.loginWith?.oauth).toMatchObject({
      domain: 'localhost:9230',
      redirectSignIn: ['http://localhost:3000/login'],
    });
  });

  it('asks for a Username on the sign-in form', () => {
    expect(toAmplifyConfig(local).Auth?.Cognito.loginWith).toMatchObject({ username: true });
  });
});

describe('readAuthSettings', () => {
  it('returns null when the user pool or app client is missing (spec §8.2 configuration error)', () => {
    expect(readAuthSettings(undefined)).toBeNull();
    expect(readAuthSettings({ auth: { ...local, userPoolId: '' } })).toBeNull();
    expect(readAuthSettings({ auth: { ...local, userPoolClientId: '' } })).toBeNull();
    expect(readAuthSettings({ auth: local })).toBe(local);
  });
});

describe('signInFlowFor', () => {
  it('uses USER_PASSWORD_AUTH against cognito-local and SRP (the default) against Cognito', () => {
    expect(signInFlowFor(local)).toBe('USER_PASSWORD_AUTH');
    expect(signInFlowFor(cognito)).toBeUndefined();
  });
});

describe('needsOAuthListener (spec §2.3 SSO return)', () => {
  const withOAuth = parseEnv({ COGNITO_OAUTH_DOMAIN: 'auth.portal.test' }).auth;
  const key = `CognitoIdentityServiceProvider.${withOAuth.userPoolClientId}.inflightOAuth`;
  const storage = (value: string | null) => ({ getItem: (name: string) => (name === key ? value : null) });

  it('loads the listener when the identity provider has just redirected back, with a code or an error', () => {
    expect(needsOAuthListener(withOAuth, '?code=abc&state=xyz', storage(null))).toBe(true);
    expect(needsOAuthListener(withOAuth, '?error=access_denied&state=xyz', storage(null))).toBe(true);
  });

  it('loads the listener while Amplify has a redirect sign-in in flight', () => {
    expect(needsOAuthListener(withOAuth, '', storage('true'))).toBe(true);
  });

  it('skips it on every other page load, without OAuth, and when storage is refused', () => {
    expect(needsOAuthListener(withOAuth, '?lang=python', storage(null))).toBe(false);
    expect(needsOAuthListener(withOAuth, '?code=abc', storage(null))).toBe(false);
    expect(needsOAuthListener(localWithoutSso, '?code=abc&state=xyz', storage('true'))).toBe(false);
    const refused = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(needsOAuthListener(withOAuth, '', refused)).toBe(false);
  });
});
