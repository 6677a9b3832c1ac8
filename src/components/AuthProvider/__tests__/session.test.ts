import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
import { parseEnv } from '@site/config/env';
import { configure } from '../session';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth/cognito', () => ({ cognitoUserPoolsTokenProvider: { setKeyValueStorage: jest.fn() } }));

describe('session.configure', () => {
  const settings = parseEnv({}).auth;
  beforeAll(() => configure(settings));

  it('configures Amplify for the user pool once', () => {
    configure(settings);
    expect(Amplify.configure).toHaveBeenCalledTimes(1);
    expect(Amplify.configure).toHaveBeenCalledWith(
      expect.objectContaining({ Auth: { Cognito: expect.objectContaining({ userPoolId: 'us-east-1_LocalDev1' }) } }),
    );
  });

  it('keeps the tokens in cookies the server gate sees: Secure, SameSite=Strict, no longer than the refresh token', () => {
    const storage = jest.mocked(cognitoUserPoolsTokenProvider.setKeyValueStorage).mock.calls.at(-1)?.[0];
    expect(storage).toBeInstanceOf(CookieStorage);
    expect(storage).toMatchObject({ path: '/', expires: 30, secure: true, sameSite: 'strict' });
  });
});
