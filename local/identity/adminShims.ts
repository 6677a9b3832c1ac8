/**
 * What an operator's commands (`npm run users`, scripts/users) need from the local identity service and
 * cognito-local 5.3.0 lacks or gets wrong, each as Cognito does it (Cognito API reference):
 * - `AdminCreateUser` gives a temporary password that meets the pool's password policy (cognito-local's has six
 *   characters), and with `MessageAction: "RESEND"` sends an invited user a new invitation with a new temporary
 *   password (cognito-local refuses it); a user who has already chosen a password gets
 *   `UnsupportedUserStateException`.
 * - `AdminUserGlobalSignOut` revokes every refresh token of the user.
 * - A disabled user is refused at sign-in and at refresh with `NotAuthorizedException` "User is disabled."
 *   (cognito-local signs them in), and an invited user's first sign-in needs the temporary password
 *   (cognito-local asks anyone who names the user for a new password).
 * - The invitation carries the portal's subject and body (rules/invitation.ts), kept in the inbox with the code.
 */
import { randomInt } from 'node:crypto';
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { MessageDelivery } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { attributeValue, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { renderInvitation, type InvitationTemplate } from '../../rules/invitation';

type Req = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Cognito's error for an operation the user's state does not allow (e.g. RESEND to a confirmed user). */
class UnsupportedUserStateError extends CognitoError {
  constructor(message: string) {
    super('UnsupportedUserStateException', message);
  }
}

/** The characters of a temporary password, by class; each class is used at least once. */
const PASSWORD_CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?'];

/** A temporary password of 12 characters with every class of the pool's policy (upper, lower, digit, symbol). */
export function temporaryPassword(): string {
  const all = PASSWORD_CLASSES.join('');
  const chars = [
    ...PASSWORD_CLASSES.map((chars) => chars[randomInt(chars.length)]),
    ...Array.from({ length: 8 }, () => all[randomInt(all.length)]),
  ];
  // Fisher–Yates, so the classes' characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * cognito-local's messages, with the portal's invitation (subject and rendered body) in the message an
 * `AdminCreateUser` delivers, as the pool's `InviteMessageTemplate` makes Cognito send it; every other message
 * as `messages` delivers it.
 *
 * @param delivery - the delivery `messages` uses (its sender is the inbox, ./messages.ts).
 */
export function invitingMessages(
  messages: Messages,
  delivery: MessageDelivery,
  invitation: InvitationTemplate,
): Messages {
  return {
    deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, details) {
      if (source !== 'AdminCreateUser') {
        return messages.deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, details);
      }
      return delivery.deliver(ctx, user, details, {
        __code: code,
        emailSubject: invitation.subject,
        emailMessage: renderInvitation(invitation, user.Username, code),
      });
    },
  };
}

/** The user `req` names in the pool `req.UserPoolId`. @throws {UserNotFoundError} when there is none. */
async function namedUser(services: Services, ctx: Context, req: Req): Promise<{ pool: UserPoolService; user: User }> {
  const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  return { pool, user };
}

/** `AdminCreateUser` with a policy-compliant temporary password and RESEND; `AdminUserGlobalSignOut`. */
export function adminShims(base: Router, services: Services): Record<string, Route> {
  return {
    AdminCreateUser: async (ctx, req: Req) => {
      if (req.MessageAction !== 'RESEND') {
        return base('AdminCreateUser')(ctx, {
          ...req,
          TemporaryPassword: req.TemporaryPassword ?? temporaryPassword(),
        });
      }
      const { pool, user } = await namedUser(services, ctx, req);
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
        throw new UnsupportedUserStateError('User is not in FORCE_CHANGE_PASSWORD state.');
      }
      const password = req.TemporaryPassword ?? temporaryPassword();
      const now = services.clock.get();
      const resent = { ...user, Password: password, UserLastModifiedDate: now };
      await pool.saveUser(ctx, resent);
      const email = attributeValue('email', user.Attributes);
      if (!email) throw new UserNotFoundError('User has no email address to send the invitation to.');
      await services.messages.deliver(
        ctx,
        'AdminCreateUser',
        null,
        req.UserPoolId,
        resent,
        password,
        req.ClientMetadata,
        {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: email,
        },
      );
      return {
        User: {
          Username: user.Username,
          Attributes: user.Attributes,
          Enabled: user.Enabled,
          UserStatus: user.UserStatus,
        },
      };
    },

    AdminUserGlobalSignOut: async (ctx, req: Req) => {
      const { pool, user } = await namedUser(services, ctx, req);
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
  };
}

/**
 * Refuses, as Cognito does, a disabled user at sign-in (`InitiateAuth` with a username) and at refresh (a
 * refresh token, through `InitiateAuth` or `GetTokensFromRefreshToken`), and an invited user's sign-in with a
 * password other than the temporary one.
 */
export function refusingDisabled(route: Route, services: Services): Route {
  return async (ctx: Context, req: Req) => {
    const refreshToken: unknown = req.RefreshToken ?? req.AuthParameters?.REFRESH_TOKEN;
    const username: unknown = req.AuthParameters?.USERNAME;
    if (typeof req.ClientId === 'string' && (typeof refreshToken === 'string' || typeof username === 'string')) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user =
        typeof refreshToken === 'string'
          ? await pool.getUserByRefreshToken(ctx, refreshToken)
          : await pool.getUserByUsername(ctx, username as string);
      if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      const password: unknown = req.AuthParameters?.PASSWORD;
      if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && typeof password === 'string' && password !== user.Password) {
        throw new NotAuthorizedError('Incorrect username or password.');
      }
    }
    return route(ctx, req);
  };
}
