import React from 'react';
import { render, screen } from '@testing-library/react';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
import { parseEnv } from '@site/config/env';
import { mockSiteConfig } from '@site/tests/unit/mocks/useDocusaurusContext';
import AuthProvider, { CONFIG_ERROR_TEXT } from '..';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth/cognito', () => ({ cognitoUserPoolsTokenProvider: { setKeyValueStorage: jest.fn() } }));
jest.mock('@aws-amplify/ui-react', () => ({
  Authenticator: { Provider: ({ children }: { children: React.ReactNode }) => <>{children}</> },
}));

describe('AuthProvider', () => {
  beforeEach(() => jest.mocked(Amplify.configure).mockClear());

  it('shows the spec §8.2 configuration error instead of the site when the user pool is missing', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockSiteConfig.customFields = { productName: 'RegData' };
    render(
      <AuthProvider>
        <p>Site content</p>
      </AuthProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIG_ERROR_TEXT);
    expect(screen.queryByText('Site content')).not.toBeInTheDocument();
    expect(Amplify.configure).not.toHaveBeenCalled();
  });

  it('configures Amplify for the user pool and renders the site', () => {
    mockSiteConfig.customFields = { auth: parseEnv({}).auth, productName: 'RegData' };
    render(
      <AuthProvider>
        <p>Site content</p>
      </AuthProvider>,
    );
    expect(screen.getByText('Site content')).toBeInTheDocument();
    expect(Amplify.configure).toHaveBeenCalledWith(
      expect.objectContaining({ Auth: { Cognito: expect.objectContaining({ userPoolId: 'us-east-1_LocalDev1' }) } }),
    );
  });

  it('keeps the tokens in cookies with the spec §9 defaults, so the server gate sees them', () => {
    const storage = jest.mocked(cognitoUserPoolsTokenProvider.setKeyValueStorage).mock.calls.at(-1)?.[0];
    expect(storage).toBeInstanceOf(CookieStorage);
    expect(storage).toMatchObject({ path: '/', expires: 365, secure: true, sameSite: 'lax' });
  });
});
