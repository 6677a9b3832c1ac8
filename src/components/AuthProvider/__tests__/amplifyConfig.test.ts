/**
 * @jest-environment node
 */
import { parseEnv } from '@site/config/env';
import { readAuthSettings, signInFlowFor, toAmplifyConfig } from '../amplifyConfig';

const local = parseEnv({}).auth;
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
      redirectSignIn: ['http://localhost:3000/'],
      redirectSignOut: ['http://localhost:3000/'],
      responseType: 'code',
    });
  });

  it('leaves OAuth out when no hosted-UI domain is configured', () => {
    expect(toAmplifyConfig(local).Auth?.Cognito.loginWith).not.toHaveProperty('oauth');
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
