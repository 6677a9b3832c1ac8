/**
 * Password sign-in at the local hosted UI's form, against cognito-local's pool, with the checks
 * `InitiateAuth` `USER_PASSWORD_AUTH` makes there and in ./shims.ts and ./adminShims.ts (cognito-local 5.3.0
 * `lib/targets/initiateAuth.js`: the stored password compared, the user's status, the pool's and the user's
 * MFA), and the TOTP code of the sign-in's second step (cognito-local's own `verify`, as `VerifySoftwareToken`).
 * What the user must still do is told only to someone who gave the right password, so an unknown user and a
 * wrong password look alike.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { verify } from 'cognito-local/lib/services/totp';
import type { Context } from 'cognito-local/lib/services/context';
import type { PasswordCheck } from '../hostedUi/app';

/** Whether two strings are equal, in a time that does not depend on where they differ. */
function sameSecret(given: string, stored: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/** Whether the user has a TOTP authenticator set up (`SOFTWARE_TOKEN_MFA`, verified). */
const hasTotp = (user: User) =>
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') && user.SoftwareTokenMfaConfiguration?.Verified;

/** Whether the user has any second factor (TOTP, or SMS through cognito-local's `MFAOptions`). */
const hasMfa = (user: User) => (user.UserMFASettingList ?? []).length > 0 || (user.MFAOptions ?? []).length > 0;

/**
 * Checks `username` and `password` against `userPool`, in this order: an unknown user, a wrong password and a
 * federated user (whose password no one knows) are `incorrect`; then a disabled user, a reset, a temporary
 * password to change, an unconfirmed account, and the second factor: TOTP is asked for next, SMS or an MFA
 * set-up (a pool whose MFA is `ON`, a user without any) are named, since the form does neither.
 *
 * @param username - the user's username or, when the pool allows it, an alias (cognito-local's
 *   `getUserByUsername`); the result names the pool's own username.
 */
export async function checkPassword(
  ctx: Context,
  userPool: UserPoolService,
  username: string,
  password: string,
): Promise<PasswordCheck> {
  const user = username ? await userPool.getUserByUsername(ctx, username) : null;
  if (!user || !sameSecret(password, user.Password) || user.UserStatus === 'EXTERNAL_PROVIDER') {
    return { result: 'incorrect' };
  }
  const named = { username: user.Username };
  if (user.Enabled === false) return { result: 'disabled', ...named };
  if (user.UserStatus === 'RESET_REQUIRED') return { result: 'reset-required', ...named };
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') return { result: 'new-password-required', ...named };
  if (user.UserStatus === 'UNCONFIRMED') return { result: 'unconfirmed', ...named };
  const mfa = userPool.options.MfaConfiguration;
  if (mfa === 'ON' && !hasMfa(user)) return { result: 'mfa-setup-required', ...named };
  if (mfa !== 'OFF' && hasMfa(user)) {
    return { result: hasTotp(user) ? 'totp-required' : 'sms-mfa-required', ...named };
  }
  return { result: 'signed-in', ...named };
}

/**
 * Whether `code` is the current TOTP code of `username`'s authenticator (cognito-local's `verify`: a 30-second
 * step, the one before and after accepted). False for an unknown user or one without TOTP.
 */
export async function checkTotp(
  ctx: Context,
  userPool: UserPoolService,
  username: string,
  code: string,
): Promise<boolean> {
  const user = await userPool.getUserByUsername(ctx, username);
  const secret = user?.SoftwareTokenMfaConfiguration?.Secret;
  if (!user || !hasTotp(user) || !secret || !/^\d{6}$/.test(code)) return false;
  return verify(secret, code);
}
