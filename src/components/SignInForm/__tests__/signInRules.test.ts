/**
 * @jest-environment node
 *
 * The sign-in widget's rules with this portal's configuration (spec §2.3 masking, §5.2 password policy).
 * The rules are Amplify UI's; these tests pin what our users see. The password messages and "Your
 * passwords must match" are checked in the rendered view (passwordMessages.test.tsx) and end to end.
 */
import { censorEmail, censorPhoneNumber } from '@aws-amplify/ui';
import { parseEnv } from '@site/config/env';
import { toAmplifyConfig } from '@site/src/components/AuthProvider/amplifyConfig';

describe('masking of unverified contacts (spec §2.3)', () => {
  it('stars the email local part except its first and last character', () => {
    expect(censorEmail('unverified@example.com')).toBe('u********d@example.com');
  });

  it('stars all but the last 4 digits of a phone number', () => {
    expect(censorPhoneNumber('+14155550123')).toBe('********0123');
  });
});

describe('password policy given to the sign-in views (spec §5.2)', () => {
  it('defaults to at least 8 characters with all four character rules', () => {
    expect(toAmplifyConfig(parseEnv({}).auth).Auth!.Cognito.passwordFormat).toEqual({
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumbers: true,
      requireSpecialCharacters: true,
    });
  });

  it('follows COGNITO_PASSWORD_MIN_LENGTH and refuses a length Cognito does not allow', () => {
    const longer = toAmplifyConfig(parseEnv({ COGNITO_PASSWORD_MIN_LENGTH: '12' }).auth).Auth!.Cognito;
    expect(longer.passwordFormat).toMatchObject({ minLength: 12 });
    expect(() => parseEnv({ COGNITO_PASSWORD_MIN_LENGTH: '4' })).toThrow(/COGNITO_PASSWORD_MIN_LENGTH/);
  });
});
