import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Authenticator, type AuthenticatorProps } from '@aws-amplify/ui-react';
import { signIn, signInWithRedirect } from 'aws-amplify/auth';
import { parseEnv } from '@site/config/env';
import { mockSiteConfig } from '@site/tests/unit/mocks/useDocusaurusContext';
import AuthProvider from '@site/src/components/AuthProvider';
import SignInForm from '..';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({ signIn: jest.fn(), signInWithRedirect: jest.fn() }));
jest.mock('@aws-amplify/ui-react', () => {
  const actual = jest.requireActual('@aws-amplify/ui-react');
  const MockAuthenticator = Object.assign(
    jest.fn((props: AuthenticatorProps) => {
      const Footer = props.components?.SignIn?.Footer;
      return <div data-testid="authenticator">{Footer ? <Footer /> : null}</div>;
    }),
    {
      Provider: ({ children }: { children: React.ReactNode }) => <>{children}</>,
      SignIn: { Footer: () => <button type="button">Forgot your password?</button> },
    },
  );
  return { ...actual, Authenticator: MockAuthenticator };
});

function renderForm(env: Record<string, string> = {}) {
  mockSiteConfig.customFields = { auth: parseEnv(env).auth, productName: 'RegData' };
  return render(
    <AuthProvider>
      <SignInForm />
    </AuthProvider>,
  );
}

const lastProps = () => jest.mocked(Authenticator).mock.calls.at(-1)![0] as AuthenticatorProps;

describe('SignInForm (spec §2.3)', () => {
  beforeEach(() => jest.mocked(Authenticator).mockClear());

  it('hides sign-up and keeps "Forgot your password?" beside the SSO button', () => {
    renderForm();
    expect(lastProps().hideSignUp).toBe(true);
    expect(lastProps().formFields).toEqual({ setupTotp: { QR: { totpIssuer: 'AWSCognito' } } });
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RegData SSO' })).toBeInTheDocument();
  });

  it('signs in with USER_PASSWORD_AUTH against the local identity service', async () => {
    renderForm();
    await (lastProps().services!.handleSignIn as typeof signIn)({ username: 'demo@example.com', password: 'pw' });
    expect(signIn).toHaveBeenCalledWith({
      username: 'demo@example.com',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it("keeps Amplify's default SRP sign-in against a real user pool", () => {
    renderForm({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient' });
    expect(lastProps().services).toBeUndefined();
  });

  it('starts the federated sign-in with the custom provider, and shows why when it cannot', async () => {
    jest.mocked(signInWithRedirect).mockRejectedValueOnce(new Error('oauth param not configured'));
    renderForm({ COGNITO_CUSTOM_PROVIDER: 'AcmeIdP' });
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(signInWithRedirect).toHaveBeenCalledWith({ provider: { custom: 'AcmeIdP' } });
    expect(await screen.findByText('oauth param not configured')).toBeInTheDocument();
  });
});
