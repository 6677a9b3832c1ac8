/**
 * Operations Amplify v6 calls that cognito-local 5.3.0 lacks or gets wrong, added in front of its
 * router. Each shim reuses cognito-local's own services and targets.
 */
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import {
  CodeMismatchError,
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { attributeValue, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { generateSecret, verify as verifyTotp } from 'cognito-local/lib/services/totp';
import { randomUUID } from 'node:crypto';
import { adminShims, refusingDisabled } from './adminShims';
import { INCORRECT_USERNAME_OR_PASSWORD } from './errors';
import { UNAUTHORIZED_ATTRIBUTE_MESSAGE } from '../../rules/userAttributes';

type Req = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Wraps cognito-local's router with the shims below.
 *
 * - `GetTokensFromRefreshToken`: Amplify ≥ 6.15 refreshes tokens only through it; mapped onto
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH`.
 * - `GlobalSignOut`: revokes every refresh token of the user (spec §4 "Sign-out: global or local").
 * - `ResendConfirmationCode`: a new sign-up code, delivered like SignUp's (spec §4 "resend possible").
 * - `InitiateAuth`: a wrong password and an unknown username both answer `NotAuthorizedException` "Incorrect
 *   username or password.", as a Cognito pool that prevents user existence errors does, instead of
 *   cognito-local's `InvalidPasswordException` and "User not authorized" (spec §8.2 service errors), which
 *   would tell who has an account.
 * - `ConfirmSignUp`: marks the email verified when the pool auto-verifies email, as Cognito does (the
 *   code went to that address), so a confirmed user is not asked to verify it again.
 * - TOTP set-up at sign-in (`MFA_SETUP`), which cognito-local refuses: in a pool whose MFA is `ON`, a
 *   user without MFA who gives the right password gets the `MFA_SETUP` challenge, then
 *   `AssociateSoftwareToken` and `VerifySoftwareToken` work with the challenge's `Session`, and
 *   `RespondToAuthChallenge` with `MFA_SETUP` issues the tokens, as Cognito does.
 * - `RespondToAuthChallenge`: stores the refresh token it issues, so a session that began with a
 *   challenge (new password, MFA) can be refreshed.
 * - `UpdateUserAttributes` and `DeleteUserAttributes`: an attribute the app client may not write is refused, as
 *   Cognito does (cognito-local writes any).
 * - The operators' admin operations, and a disabled user refused at sign-in and refresh (./adminShims.ts).
 */
export function withShims(base: Router, services: Services): Router {
  const setups = mfaSetups(services);
  const shims: Record<string, Route> = {
    ...accountShims(base, services),
    ...writeAttributeShims(base, services),
    ...adminShims(base, services),
    ...mfaSetupShims(base, services, setups),
    RespondToAuthChallenge: respondToAuthChallenge(base, services, setups),
  };
  return (target) => {
    const shimmed = shims[target] ?? base(target);
    const route =
      target === 'InitiateAuth' || target === 'GetTokensFromRefreshToken'
        ? refusingDisabled(shimmed, services)
        : shimmed;
    return target === 'InitiateAuth' || target === 'RespondToAuthChallenge' ? withTokenDetails(route, services) : route;
  };
}

/** Seconds in one unit of an app client's token validity (Cognito's `TokenValidityUnits`). */
const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

/**
 * Adds what Cognito's answers hold and cognito-local's lack to an `AuthenticationResult`: `ExpiresIn` (the
 * access token's lifetime in seconds, from the app client's `AccessTokenValidity`, an hour by default) and
 * `TokenType: "Bearer"` (Cognito API reference, `AuthenticationResultType`). Scripts read `ExpiresIn` to
 * refresh in time (docs/api/tokens.mdx).
 */
function withTokenDetails(route: Route, services: Services): Route {
  return async (ctx: Context, req: Req) => {
    const result = await route(ctx, req);
    const tokens = result?.AuthenticationResult;
    if (tokens && tokens.ExpiresIn === undefined) {
      const client = await services.cognito.getAppClient(ctx, req.ClientId);
      const unit = UNIT_SECONDS[client?.TokenValidityUnits?.AccessToken ?? 'hours'] ?? 3600;
      tokens.ExpiresIn = (client?.AccessTokenValidity ?? 1) * unit;
      tokens.TokenType = 'Bearer';
    }
    return result;
  };
}

/** The MFA_SETUP challenges in progress, and who each one is for. */
interface MfaSetups {
  /** Open MFA_SETUP challenges: session → who is setting up. */
  sessions: Map<string, { clientId: string; username: string }>;
  /** The user pool and user of an open challenge's session, or `undefined` when it is not one. */
  setupUser(
    ctx: Context,
    session: unknown,
  ): Promise<{ clientId: string; username: string; userPool: UserPoolService; user: User } | undefined>;
}

/** Starts the record of MFA_SETUP challenges for one identity service. */
function mfaSetups(services: Services): MfaSetups {
  const sessions = new Map<string, { clientId: string; username: string }>();
  return {
    sessions,
    async setupUser(ctx, session) {
      const setup = typeof session === 'string' ? sessions.get(session) : undefined;
      if (!setup) return undefined;
      const userPool = await services.cognito.getUserPoolForClientId(ctx, setup.clientId);
      const user = await userPool.getUserByUsername(ctx, setup.username);
      if (!user) throw new NotAuthorizedError();
      return { ...setup, userPool, user };
    },
  };
}

/** Whether a user has set up any second factor. */
const hasMfa = (user: User) => (user.UserMFASettingList ?? []).length > 0 || (user.MFAOptions ?? []).length > 0;

/** Refresh, global sign-out, a resent sign-up code, and sign-up confirmation that verifies the email. */
function accountShims(base: Router, services: Services): Record<string, Route> {
  return {
    GetTokensFromRefreshToken: (ctx, req: Req) =>
      base('InitiateAuth')(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
        ClientMetadata: req.ClientMetadata,
      }),

    GlobalSignOut: async (ctx, req: Req) => {
      const claims = decodeAccessToken(req.AccessToken);
      const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
      const user = await userPool.getUserByUsername(ctx, claims.username);
      if (!user) throw new NotAuthorizedError();
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },

    ResendConfirmationCode: async (ctx, req: Req) => {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError();
      const details = deliveryDetailsFor(user.Attributes);
      const code = services.otp();
      await userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
      await services.messages.deliver(
        ctx,
        'ResendCode',
        req.ClientId,
        userPool.options.Id,
        user,
        code,
        req.ClientMetadata,
        details,
      );
      return { CodeDeliveryDetails: details };
    },

    ConfirmSignUp: async (ctx, req: Req) => {
      const result = await base('ConfirmSignUp')(ctx, req);
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      const email = user && attributeValue('email', user.Attributes);
      if (user && email && userPool.options.AutoVerifiedAttributes?.includes('email')) {
        const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
        await userPool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return result;
    },
  };
}

/**
 * A customer's own writes of their attributes (`UpdateUserAttributes`, `DeleteUserAttributes`), refused with
 * Cognito's `NotAuthorizedException` when they name an attribute outside the `WriteAttributes` of the app client
 * that issued the access token (./seed.ts gives every client rules/userAttributes.ts's list). A client without a
 * list writes every attribute, as in Cognito.
 */
function writeAttributeShims(base: Router, services: Services): Record<string, Route> {
  const guarded =
    (target: string, names: (req: Req) => unknown[]): Route =>
    async (ctx, req: Req) => {
      const client = await services.cognito.getAppClient(ctx, decodeAccessToken(req.AccessToken).client_id);
      const writable = client?.WriteAttributes ?? [];
      if (writable.length > 0 && names(req).some((name) => !writable.includes(String(name)))) {
        throw new NotAuthorizedError(UNAUTHORIZED_ATTRIBUTE_MESSAGE);
      }
      return base(target)(ctx, req);
    };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  return {
    UpdateUserAttributes: guarded('UpdateUserAttributes', (req) =>
      list(req.UserAttributes).map((attribute) => (attribute as { Name?: unknown } | null)?.Name),
    ),
    DeleteUserAttributes: guarded('DeleteUserAttributes', (req) => list(req.UserAttributeNames)),
  };
}

/** Sign-in that starts MFA_SETUP (with the wrong-password message Cognito gives), and the TOTP set-up. */
function mfaSetupShims(base: Router, services: Services, mfa: MfaSetups): Record<string, Route> {
  return {
    InitiateAuth: async (ctx, req: Req) => {
      if (req.AuthFlow === 'USER_PASSWORD_AUTH') {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await userPool.getUserByUsername(ctx, req.AuthParameters?.USERNAME ?? '');
        // No account answers as a wrong password does: the answer must not tell who has one.
        if (!user) throw new NotAuthorizedError(INCORRECT_USERNAME_OR_PASSWORD);
        if (
          userPool.options.MfaConfiguration === 'ON' &&
          user.UserStatus === 'CONFIRMED' &&
          user.Password === req.AuthParameters?.PASSWORD &&
          !hasMfa(user)
        ) {
          const session = randomUUID();
          mfa.sessions.set(session, { clientId: req.ClientId, username: user.Username });
          return {
            ChallengeName: 'MFA_SETUP',
            Session: session,
            ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
          };
        }
      }
      try {
        return await base('InitiateAuth')(ctx, req);
      } catch (error) {
        if (error instanceof InvalidPasswordError) throw new NotAuthorizedError(INCORRECT_USERNAME_OR_PASSWORD);
        throw error;
      }
    },

    AssociateSoftwareToken: async (ctx, req: Req) => {
      const setup = await mfa.setupUser(ctx, req.Session);
      if (!setup) return base('AssociateSoftwareToken')(ctx, req);
      const secret = generateSecret();
      await setup.userPool.saveUser(ctx, {
        ...setup.user,
        SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
      });
      return { SecretCode: secret, Session: req.Session };
    },

    VerifySoftwareToken: async (ctx, req: Req) => {
      const setup = await mfa.setupUser(ctx, req.Session);
      if (!setup) return base('VerifySoftwareToken')(ctx, req);
      const secret = setup.user.SoftwareTokenMfaConfiguration?.Secret;
      if (!secret || !verifyTotp(secret, String(req.UserCode ?? ''))) throw new CodeMismatchError();
      await setup.userPool.saveUser(ctx, {
        ...setup.user,
        SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true },
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      });
      return { Status: 'SUCCESS', Session: req.Session };
    },
  };
}

/** Finishes MFA_SETUP with tokens, and stores the refresh token of any other challenge's answer. */
function respondToAuthChallenge(base: Router, services: Services, mfa: MfaSetups): Route {
  return async (ctx: Context, req: Req) => {
    if (req.ChallengeName === 'MFA_SETUP') {
      const setup = await mfa.setupUser(ctx, req.Session);
      if (!setup || !hasMfa(setup.user)) throw new NotAuthorizedError();
      mfa.sessions.delete(req.Session);
      const appClient = await services.cognito.getAppClient(ctx, req.ClientId);
      if (!appClient) throw new NotAuthorizedError();
      const groups = await setup.userPool.listUserGroupMembership(ctx, setup.user);
      const tokens = await services.tokenGenerator.generate(
        ctx,
        setup.user,
        groups,
        appClient,
        req.ClientMetadata,
        'Authentication',
      );
      await setup.userPool.storeRefreshToken(ctx, tokens.RefreshToken, setup.user);
      return {
        ChallengeParameters: {},
        AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' },
      };
    }
    const result = await base('RespondToAuthChallenge')(ctx, req);
    const refreshToken: string | undefined = result?.AuthenticationResult?.RefreshToken;
    const username: string | undefined = req.ChallengeResponses?.USERNAME;
    if (refreshToken && username) {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
    }
    return result;
  };
}

/** Reads the claims of an access token; like cognito-local's own targets, it trusts the signature. */
function decodeAccessToken(token: unknown): { client_id: string; username: string } {
  let claims: Record<string, unknown>;
  try {
    claims = decomposeUnverifiedJwt(token).payload;
  } catch {
    throw new NotAuthorizedError();
  }
  if (claims.token_use !== 'access') throw new NotAuthorizedError();
  return { client_id: String(claims.client_id), username: String(claims.username) };
}

function deliveryDetailsFor(attributes: Parameters<typeof attributeValue>[1]): DeliveryDetails {
  const email = attributeValue('email', attributes);
  if (email) return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
  const phone = attributeValue('phone_number', attributes);
  if (phone) return { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone };
  throw new InvalidParameterError('User has no attribute matching desired delivery mediums');
}
