import React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Authenticator, type AuthenticatorProps } from '@aws-amplify/ui-react';
import { confirmResetPassword, resetPassword, signIn, signInWithRedirect } from 'aws-amplify/auth';
import { parseEnv } from '@site/config/env';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { portalAuth } from '@site/tests/unit/mocks/portalAuth';
import { takeNext } from '@site/src/components/SignInRedirect/pendingNext';
import SignInAuthenticator, { PASSWORD_RESET_DONE } from '../Form';

jest.mock('@site/src/components/AuthProvider', () => ({ usePortalAuth: jest.fn() }));
jest.mock('aws-amplify/auth', () => ({
  signIn: jest.fn(),
  signInWithRedirect: jest.fn(),
  resetPassword: jest.fn(),
  confirmResetPassword: jest.fn(),
}));
jest.mock('@docusaurus/theme-common', () => ({ useColorMode: () => ({ colorMode: 'light' }) }));
jest.mock('@aws-amplify/ui-react', () => {
  const actual = jest.requireActual('@aws-amplify/ui-react');
  const MockAuthenticator = Object.assign(
    jest.fn((props: AuthenticatorProps) => {
      const { Header, Footer } = props.components?.SignIn ?? {};
      // Like the real one, it renders its children once its flow has reached `authenticated`.
      if (mockAuthenticatorRoute.value === 'authenticated') return <>{props.children}</>;
      return (
        <div data-testid="authenticator">
          {Header ? <Header /> : null}
          {Footer ? <Footer /> : null}
        </div>
      );
    }),
    {
      Provider: ({ children }: { children: React.ReactNode }) => <>{children}</>,
      SignIn: { Footer: () => <button type="button">Forgot your password?</button> },
    },
  );
  return { ...actual, Authenticator: MockAuthenticator };
});

const mockAuthenticatorRoute = { value: 'signIn' };
const completeSignIn = jest.fn();

function renderForm(env: Record<string, string> = {}) {
  jest
    .mocked(usePortalAuth)
    .mockReturnValue(portalAuth('unauthenticated', { settings: parseEnv(env).auth, completeSignIn }));
  return render(<SignInAuthenticator />);
}

const lastProps = () => jest.mocked(Authenticator).mock.calls.at(-1)![0] as AuthenticatorProps;

describe('SignInForm (spec §2.3)', () => {
  beforeEach(() => {
    jest.mocked(Authenticator).mockClear();
    completeSignIn.mockClear();
    mockAuthenticatorRoute.value = 'signIn';
  });

  it('opens the gate only once the Authenticator has finished every step (spec §4)', () => {
    renderForm();
    expect(completeSignIn).not.toHaveBeenCalled();
    mockAuthenticatorRoute.value = 'authenticated';
    renderForm();
    expect(completeSignIn).toHaveBeenCalledTimes(1);
  });

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
    expect(lastProps().services?.handleSignIn).toBeUndefined();
  });

  it('says the password has been reset when the reset went through, and not before or after a failed one', async () => {
    renderForm();
    const services = lastProps().services!;
    const reset = { username: 'forgot@example.com', confirmationCode: '123456', newPassword: 'N3w-Passw0rd!' };
    jest.mocked(confirmResetPassword).mockRejectedValueOnce(new Error('Invalid verification code provided'));
    await act(async () => {
      await expect((services.handleForgotPasswordSubmit as typeof confirmResetPassword)(reset)).rejects.toThrow();
    });
    expect(screen.queryByText(PASSWORD_RESET_DONE)).toBeNull();

    jest.mocked(confirmResetPassword).mockResolvedValueOnce(undefined);
    await act(() => (services.handleForgotPasswordSubmit as typeof confirmResetPassword)(reset));
    expect(confirmResetPassword).toHaveBeenLastCalledWith(reset);
    expect(screen.getByText(PASSWORD_RESET_DONE)).toBeInTheDocument();

    // Asking for another reset takes it away.
    jest.mocked(resetPassword).mockResolvedValueOnce({} as never);
    await act(() => (services.handleForgotPassword as typeof resetPassword)({ username: 'forgot@example.com' }));
    expect(screen.queryByText(PASSWORD_RESET_DONE)).toBeNull();
  });

  it('starts the federated sign-in with the custom provider, and shows why when it cannot', async () => {
    jest.mocked(signInWithRedirect).mockRejectedValueOnce(new Error('The identity provider is unreachable'));
    renderForm({ COGNITO_CUSTOM_PROVIDER: 'AcmeIdP', COGNITO_OAUTH_DOMAIN: 'auth.portal.test' });
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(signInWithRedirect).toHaveBeenCalledWith({ provider: { custom: 'AcmeIdP' } });
    expect(await screen.findByText('The identity provider is unreachable')).toBeInTheDocument();
  });

  it('keeps the page the visitor started from for the return from the identity provider', async () => {
    jest.mocked(signInWithRedirect).mockResolvedValue(undefined);
    window.history.replaceState(null, '', '/login?next=%2Fdocs%2Fservices%2Finterrogator%3Flang%3Dpython');
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(signInWithRedirect).toHaveBeenCalledWith({ provider: { custom: 'RegData' } });
    expect(takeNext(window.sessionStorage, Date.now())).toBe('/docs/services/interrogator?lang=python');
    // Where the form shows in place of the page (no gate in front, e.g. the dev server): this page.
    window.history.replaceState(null, '', '/blog/welcome?x=1#top');
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(takeNext(window.sessionStorage, Date.now())).toBe('/blog/welcome?x=1#top');
    window.history.replaceState(null, '', '/');
  });

  it('shows why a federated sign-in came back refused, until dismissed', async () => {
    const clearSsoError = jest.fn();
    jest.mocked(usePortalAuth).mockReturnValue(
      portalAuth('unauthenticated', {
        ssoError: 'Single sign-on did not complete: invalid_grant. Try again.',
        clearSsoError,
      }),
    );
    render(<SignInAuthenticator />);
    expect(screen.getByText('Single sign-on did not complete: invalid_grant. Try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(clearSsoError).toHaveBeenCalled();
  });

  it('says single sign-on is not set up, and how to set it up locally, instead of a raw library error', async () => {
    jest.mocked(signInWithRedirect).mockClear();
    renderForm({ COGNITO_CUSTOM_PROVIDER: 'AcmeIdP', LOCAL_SSO: 'off' });
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(signInWithRedirect).not.toHaveBeenCalled();
    expect(
      await screen.findByText(
        /^Single sign-on is not set up for this portal\. To try it locally, unset LOCAL_SSO \(it is off\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/oauth param not configured/)).toBeNull();
  });

  it('tells a deployment without OAuth settings to use the password form', async () => {
    renderForm({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient' });
    await userEvent.click(screen.getByRole('button', { name: 'RegData SSO' }));
    expect(
      await screen.findByText(/^Single sign-on is not set up for this portal\. Sign in with your username/),
    ).toBeInTheDocument();
  });
});
