/**
 * Creates the local user pool, app clients and users when they are missing (idempotent), with the
 * fixed ids the site is configured with (config/env.ts). What customers may change of their own account
 * (rules/userAttributes.ts) is set on the pool and every app client, and the MCP app client's callback URLs on
 * it, also when they already exist (a data folder written before them, or a site on another port).
 */
import { randomUUID } from 'node:crypto';
import type { CognitoService } from 'cognito-local/lib/services';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Clock } from 'cognito-local/lib/services/clock';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { CUSTOMER_WRITABLE_ATTRIBUTES, VERIFIED_BEFORE_UPDATE } from '../../rules/userAttributes';

/** A user to create on start. */
export interface SeedUser {
  username: string;
  password: string;
  /** Extra attributes, e.g. `{ email: 'x@example.com', email_verified: 'true' }`. */
  attributes?: Record<string, string>;
  /** Cognito user status (default `CONFIRMED`). */
  status?: User['UserStatus'];
  /** MFA already set up: TOTP with this base32 secret, or SMS to the user's phone_number. */
  mfa?: { totpSecret: string } | { sms: true };
}

/** What {@link seed} creates. */
export interface SeedPlan {
  userPoolId: string;
  appClientId: string;
  users: SeedUser[];
  /** MFA of the pool when it is created (default `OPTIONAL`). */
  mfa?: 'OPTIONAL' | 'ON';
  /**
   * A second app client for scripts (what COGNITO_SCRIPTS_CLIENT_ID names in a deploy): password sign-in and
   * refresh, with its own access-token lifetime in seconds, so a test sees a token expire in seconds.
   */
  scriptsClient?: { clientId: string; accessTokenSeconds: number };
  /**
   * The app client the portal's authorization server signs readers in with for MCP clients (config/env.ts
   * `LOCAL_MCP_CLIENT_ID`): the hosted UI's code flow to `callbackUrls` (each `<site origin>/oauth/callback`,
   * rules/mcp.ts `MCP_OAUTH_CALLBACK_PATH`), and refresh; no client secret, no password flow of its own.
   */
  mcpClient?: { clientId: string; callbackUrls: string[] };
}

/** The pool's update settings: a customer's new email waits for its code, as in the identity stack. */
const UPDATE_SETTINGS = { AttributesRequireVerificationBeforeUpdate: [...VERIFIED_BEFORE_UPDATE] };

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Saves `client` with {@link CUSTOMER_WRITABLE_ATTRIBUTES} when the pool lacks it; gives an existing one that list
 * when it has another or none (a data folder written before the rule), and `client`'s `CallbackURLs` when it has
 * them and the existing one has others, leaving the rest of it as it is.
 */
async function ensureAppClient(
  ctx: Context,
  cognito: CognitoService,
  userPool: UserPoolService,
  client: Omit<AppClient, 'WriteAttributes'>,
): Promise<void> {
  const writable = [...CUSTOMER_WRITABLE_ATTRIBUTES];
  const existing = await cognito.getAppClient(ctx, client.ClientId);
  if (!existing) {
    await userPool.saveAppClient(ctx, { ...client, WriteAttributes: writable });
    return;
  }
  const callbacks = client.CallbackURLs;
  const stale = callbacks !== undefined && !sameList(existing.CallbackURLs, callbacks);
  if (stale || !sameList(existing.WriteAttributes, writable)) {
    await userPool.saveAppClient(ctx, {
      ...existing,
      WriteAttributes: writable,
      ...(stale ? { CallbackURLs: callbacks, LastModifiedDate: client.LastModifiedDate } : {}),
    });
  }
}

/** The pool `plan` names, created when missing, with {@link UPDATE_SETTINGS} also when it exists. */
async function ensureUserPool(
  ctx: Context,
  cognito: CognitoService,
  clock: Clock,
  plan: SeedPlan,
): Promise<UserPoolService> {
  const existing = await cognito.listUserPools(ctx);
  if (!existing.some((pool) => pool.Id === plan.userPoolId)) {
    await cognito.createUserPool(ctx, {
      Id: plan.userPoolId,
      Name: 'portal-local',
      // Spec §5.2: minimum length defaults to 8; the character rules are shown when the pool has them.
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: UPDATE_SETTINGS,
      MfaConfiguration: plan.mfa ?? 'OPTIONAL',
      CreationDate: clock.get(),
      LastModifiedDate: clock.get(),
    });
  }
  const userPool = await cognito.getUserPool(ctx, plan.userPoolId);
  const settings = userPool.options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate;
  if (!sameList(settings, UPDATE_SETTINGS.AttributesRequireVerificationBeforeUpdate)) {
    await userPool.updateOptions(ctx, { ...userPool.options, UserAttributeUpdateSettings: UPDATE_SETTINGS });
  }
  return userPool;
}

/** An app client as {@link ensureAppClient} saves it. */
type AppClientPlan = Omit<AppClient, 'WriteAttributes'>;

/**
 * The app clients `plan` names: the web app's (password, SRP and the hosted UI's code flow), the scripts' (password
 * sign-in, its own access-token lifetime) and the MCP sign-in's (the hosted UI's code flow to its callback URLs).
 */
function appClientsOf(plan: SeedPlan, clock: Clock): AppClientPlan[] {
  const common = { UserPoolId: plan.userPoolId, CreationDate: clock.get(), LastModifiedDate: clock.get() };
  const hourTokens = {
    TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
    AccessTokenValidity: 1,
    IdTokenValidity: 1,
    RefreshTokenValidity: 30,
  } as const;
  const codeFlow = {
    AllowedOAuthFlows: ['code'],
    AllowedOAuthScopes: ['email', 'openid'],
    AllowedOAuthFlowsUserPoolClient: true,
  };
  const clients: AppClientPlan[] = [
    {
      ClientId: plan.appClientId,
      ClientName: 'portal-web',
      ...common,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      ...codeFlow,
      ...hourTokens,
    },
  ];
  if (plan.scriptsClient)
    clients.push({
      ClientId: plan.scriptsClient.clientId,
      ClientName: 'portal-scripts',
      ...common,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
      AccessTokenValidity: plan.scriptsClient.accessTokenSeconds,
      IdTokenValidity: plan.scriptsClient.accessTokenSeconds,
      RefreshTokenValidity: 30,
    });
  if (plan.mcpClient)
    clients.push({
      ClientId: plan.mcpClient.clientId,
      ClientName: 'portal-mcp',
      ...common,
      // Signs in through the hosted UI only; the authorization server keeps the session with the refresh token.
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      ...codeFlow,
      CallbackURLs: plan.mcpClient.callbackUrls,
      ...hourTokens,
    });
  return clients;
}

/** Saves `user` when the pool lacks it, confirmed unless it says otherwise, with its MFA already set up. */
async function ensureUser(ctx: Context, userPool: UserPoolService, clock: Clock, user: SeedUser): Promise<void> {
  if (await userPool.getUserByUsername(ctx, user.username)) return;
  const now = clock.get();
  await userPool.saveUser(ctx, {
    Username: user.username,
    Password: user.password,
    Attributes: Object.entries({ sub: randomUUID(), ...user.attributes }).map(([Name, Value]) => ({ Name, Value })),
    Enabled: true,
    UserStatus: user.status ?? 'CONFIRMED',
    RefreshTokens: [],
    UserCreateDate: now,
    UserLastModifiedDate: now,
    ...(user.mfa && 'totpSecret' in user.mfa
      ? {
          SoftwareTokenMfaConfiguration: { Secret: user.mfa.totpSecret, Verified: true },
          UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
          PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        }
      : {}),
    // cognito-local 5.3.0 sends SMS MFA codes only for the legacy MFAOptions entry.
    ...(user.mfa && 'sms' in user.mfa
      ? { MFAOptions: [{ DeliveryMedium: 'SMS' as const, AttributeName: 'phone_number' as const }] }
      : {}),
  });
}

/**
 * Ensures the pool, its app clients and each user exist.
 *
 * @throws {Error} from cognito-local's data store when the data folder cannot be written.
 */
export async function seed(ctx: Context, cognito: CognitoService, clock: Clock, plan: SeedPlan): Promise<void> {
  const userPool = await ensureUserPool(ctx, cognito, clock, plan);
  for (const client of appClientsOf(plan, clock)) await ensureAppClient(ctx, cognito, userPool, client);
  for (const user of plan.users) await ensureUser(ctx, userPool, clock, user);
}
