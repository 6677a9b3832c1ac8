/**
 * The password messages of spec §5.2 as the sign-in widget shows them under the field, with this
 * portal's password policy: the real Authenticator (Amplify UI) in the reset-password view; only
 * Amplify's `resetPassword` call is replaced.
 */
import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Amplify } from 'aws-amplify';
import { Authenticator } from '@aws-amplify/ui-react';
import { resetPassword } from 'aws-amplify/auth';
import { parseEnv } from '@site/config/env';
import { toAmplifyConfig } from '@site/src/components/AuthProvider/amplifyConfig';

jest.mock('aws-amplify/auth', () => ({
  ...jest.requireActual('aws-amplify/auth'),
  getCurrentUser: jest.fn().mockRejectedValue(new Error('signed out')),
  resetPassword: jest.fn(),
}));

beforeAll(() => {
  // A Cognito-mode configuration: same default policy, without the local endpoint's console warning.
  Amplify.configure(
    toAmplifyConfig(parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'webclient' }).auth),
  );
});

async function openConfirmResetPassword() {
  jest.mocked(resetPassword).mockResolvedValue({
    isPasswordReset: false,
    nextStep: {
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'f***@e***', attributeName: 'email' },
    },
  });
  render(<Authenticator initialState="forgotPassword" hideSignUp />);
  await userEvent.type(await screen.findByLabelText('Enter your username'), 'forgot@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return {
    password: await screen.findByLabelText('New Password'),
    confirm: screen.getByLabelText('Confirm Password'),
  };
}

describe('password messages under the field (spec §5.2)', () => {
  it('lists every rule the new password breaks', async () => {
    const { password } = await openConfirmResetPassword();
    await userEvent.type(password, 'short');
    await userEvent.tab();
    for (const message of [
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Password must have lower case letters')).not.toBeInTheDocument();
  });

  it('says "Your passwords must match" when the confirmation differs, and not once they match', async () => {
    const { password, confirm } = await openConfirmResetPassword();
    await userEvent.type(password, 'Passw0rd!one');
    await userEvent.type(confirm, 'Passw0rd!two');
    await userEvent.tab();
    expect(await screen.findByText('Your passwords must match')).toBeInTheDocument();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Passw0rd!one');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('Your passwords must match')).not.toBeInTheDocument());
  });
});
