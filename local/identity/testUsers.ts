/**
 * Users the local identity service seeds besides the demo user, one for each sign-in path of spec §4,
 * so a developer or a test can walk every view of the sign-in widget. Local service only.
 */
import type { SeedUser } from './seed';

/** Password of every seeded test user (local identity service only). */
export const TEST_PASSWORD = 'Passw0rd!Local';

/** A base32 TOTP secret for `totp@example.com`; codes come from any authenticator app or otplib. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Phone number of `sms@example.com`; its codes appear in the inbox with medium `SMS`. */
export const TEST_SMS_PHONE = '+14155550199';

/** Username → the path it exercises. */
export const TEST_USERS = {
  /** Forgot password → code from the inbox → new password. */
  forgot: 'forgot@example.com',
  /** Created by an administrator with a temporary password: NEW_PASSWORD_REQUIRED → forced change. */
  newPassword: 'new-password@example.com',
  /**
   * The same path for the accessibility suite, which opens the Change Password view and leaves it: the
   * end-to-end suite completes the change for `newPassword` while it runs beside it on one identity service.
   */
  newPasswordView: 'new-password-view@example.com',
  /** Signed up but never confirmed: CONFIRM_SIGN_UP → code → confirmed. */
  unconfirmed: 'unconfirmed@example.com',
  /** Neither email nor phone verified: attribute verification after sign-in (masked values, Skip). */
  unverified: 'unverified@example.com',
  /** TOTP MFA enabled: a confirm-sign-in step with the authenticator code. */
  totp: 'totp@example.com',
  /** SMS MFA (the legacy `MFAOptions` entry cognito-local needs): a confirm step with the texted code. */
  sms: 'sms@example.com',
  /** Signs in like anyone, but the local sandbox API answers `403` (spec §6, §8.1): no API access. */
  noAccess: 'no-access@example.com',
} as const;

/** Usernames the local sandbox API refuses with `403` (spec §6: an authenticated caller without permission). */
export const NO_API_ACCESS: readonly string[] = [TEST_USERS.noAccess];

/**
 * New accounts with a temporary password ({@link TEST_PASSWORD}), one per language of Tokens for scripts'
 * samples: Cognito asks for a new password once per account, and the guides' test signs each language in
 * as a new account once per run (its identity data is fresh each run). Tokens for scripts names them for
 * a reader trying the page locally.
 */
export const GUIDE_NEW_ACCOUNTS: SeedUser[] = ['curl', 'python', 'typescript'].map((language) => ({
  username: `new-password-${language}@example.com`,
  password: TEST_PASSWORD,
  attributes: { email: `new-password-${language}@example.com`, email_verified: 'true' },
  status: 'FORCE_CHANGE_PASSWORD',
}));

/**
 * The account with an authenticator ({@link TEST_TOTP_SECRET}) that the guides' test signs Tokens for
 * scripts in as, answering `SOFTWARE_TOKEN_MFA` in each language: one serves them all, since a code can be
 * answered again.
 */
export const GUIDE_TOTP_ACCOUNT: SeedUser = {
  username: TEST_USERS.totp,
  password: TEST_PASSWORD,
  attributes: { email: TEST_USERS.totp, email_verified: 'true' },
  mfa: { totpSecret: TEST_TOTP_SECRET },
};

/** The seed records of {@link TEST_USERS} and {@link GUIDE_NEW_ACCOUNTS}. */
export function testUsers(): SeedUser[] {
  return [
    ...GUIDE_NEW_ACCOUNTS,
    {
      username: TEST_USERS.forgot,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.forgot, email_verified: 'true' },
    },
    {
      username: TEST_USERS.newPassword,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.newPassword, email_verified: 'true' },
      status: 'FORCE_CHANGE_PASSWORD',
    },
    {
      username: TEST_USERS.newPasswordView,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.newPasswordView, email_verified: 'true' },
      status: 'FORCE_CHANGE_PASSWORD',
    },
    {
      username: TEST_USERS.unconfirmed,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.unconfirmed },
      status: 'UNCONFIRMED',
    },
    {
      username: TEST_USERS.unverified,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.unverified, phone_number: '+14155550123' },
    },
    GUIDE_TOTP_ACCOUNT,
    {
      username: TEST_USERS.sms,
      password: TEST_PASSWORD,
      attributes: {
        email: TEST_USERS.sms,
        email_verified: 'true',
        phone_number: TEST_SMS_PHONE,
        phone_number_verified: 'true',
      },
      mfa: { sms: true },
    },
    {
      username: TEST_USERS.noAccess,
      password: TEST_PASSWORD,
      attributes: { email: TEST_USERS.noAccess, email_verified: 'true' },
    },
  ];
}
