/**
 * The portal's customers as a user pool holds them, and what an operator does to them: invite, list, show,
 * resend an invitation, disable, enable, remove, sign out everywhere. Each is one documented call of the
 * Cognito user pools API (`@aws-sdk/client-cognito-identity-provider`), the same against a real pool and
 * the local identity service (local/identity, which adds the calls cognito-local lacks).
 */
import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  DescribeUserPoolCommand,
  paginateListUsers,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { UsersError, EXIT } from './errors';
import { visible } from './visible';

/** A customer's access, as operators speak of it (Cognito's `UserStatus` and `Enabled`). */
export type AccessStatus = 'invited' | 'confirmed' | 'disabled' | 'sso' | 'reset required' | 'unconfirmed' | 'other';

/** The statuses, for `list --status`. */
export const ACCESS_STATUSES: readonly AccessStatus[] = [
  'invited',
  'confirmed',
  'disabled',
  'sso',
  'reset required',
  'unconfirmed',
  'other',
];

/** One customer of the pool. */
export interface PortalUser {
  /** The email address, lower case; empty for a user without one. */
  email: string;
  name?: string;
  /** Cognito's username (an id in a pool that signs in by email alias). */
  username: string;
  status: AccessStatus;
  /** Cognito's `UserStatus`, e.g. `FORCE_CHANGE_PASSWORD`. */
  cognitoStatus: string;
  enabled: boolean;
  /** ISO 8601. */
  created?: string;
  /** ISO 8601. */
  lastModified?: string;
}

/** What an invitation did. */
export type InviteOutcome = { outcome: 'created'; user: PortalUser } | { outcome: 'exists'; user: PortalUser };

/** Longest email address Cognito and RFC 5321 accept, in characters. */
const MAX_EMAIL = 254;
/** Longest name the commands accept, in characters (Cognito allows 2048 per attribute). */
const MAX_NAME = 256;
/**
 * An email address as operators type them: one `@`, no spaces, a dot in the domain. Not RFC 5322 in full: the
 * pool checks it again. Linear: each class excludes the separator that follows it.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * The address, trimmed and in lower case.
 *
 * @throws {UsersError} (usage) saying what is wrong with it; also for an address holding `"` or `\` (RFC 5321
 *   allows them only in a quoted local part, which no customer's mailbox needs) or a control or format character.
 */
export function normalEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) {
    throw new UsersError(`"${text.slice(0, MAX_EMAIL)}" is not an email address (name@example.com).`, EXIT.usage);
  }
  if (/["\\]/.test(email) || visible(email) !== email) {
    throw new UsersError(
      `"${email}" holds a quotation mark, a backslash or a control character, which the portal does not take in an ` +
        'address: check it, or name the user by their username (`list --json` shows it).',
      EXIT.usage,
    );
  }
  return email;
}

/** Longest filter `ListUsers` takes, in characters (Cognito API reference, ListUsers, `Filter`). */
export const MAX_FILTER = 256;

/**
 * The `ListUsers` filter for the users whose `attribute` is `value`, in Cognito's syntax `attribute = "value"`
 * (Cognito API reference, ListUsers, `Filter`): the value in double quotes, each `\` and `"` in it escaped with a
 * backslash, so no value can close the quotes and add to the filter.
 *
 * @throws {UsersError} (usage) when the filter is longer than {@link MAX_FILTER}.
 */
export function exactFilter(attribute: 'email', value: string): string {
  const filter = `${attribute} = "${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
  if (filter.length > MAX_FILTER) {
    throw new UsersError(
      `"${value.slice(0, 40)}…" is too long to search the user pool for (its filter takes ${MAX_FILTER} characters): ` +
        'name the user by their username (`list --json` shows it).',
      EXIT.usage,
    );
  }
  return filter;
}

/**
 * A display name, trimmed.
 *
 * @throws {UsersError} (usage) when it is longer than 256 characters or holds control or format characters
 *   (those {@link visible} escapes: a terminal would act on them, or they reorder the text around them).
 */
export function normalName(text: string): string {
  const name = text.trim();
  if (name.length > MAX_NAME || visible(name) !== name) {
    throw new UsersError(
      `the name "${name.slice(0, 40)}…" is longer than ${MAX_NAME} characters or holds control or format characters.`,
      EXIT.usage,
    );
  }
  return name;
}

const attribute = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value;

/** The operator's word for a Cognito status. */
function accessStatus(cognitoStatus: string, enabled: boolean): AccessStatus {
  if (!enabled) return 'disabled';
  const statuses: Record<string, AccessStatus> = {
    FORCE_CHANGE_PASSWORD: 'invited',
    CONFIRMED: 'confirmed',
    EXTERNAL_PROVIDER: 'sso',
    RESET_REQUIRED: 'reset required',
    UNCONFIRMED: 'unconfirmed',
  };
  return statuses[cognitoStatus] ?? 'other';
}

/** A user of `ListUsers`, `AdminGetUser` or `AdminCreateUser` as a {@link PortalUser}. */
function portalUser(user: {
  Username?: string;
  Attributes?: AttributeType[];
  UserAttributes?: AttributeType[];
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}): PortalUser {
  const attributes = user.Attributes ?? user.UserAttributes;
  const enabled = user.Enabled !== false;
  const cognitoStatus = user.UserStatus ?? 'UNKNOWN';
  const name = attribute(attributes, 'name');
  return {
    email: (attribute(attributes, 'email') ?? '').toLowerCase(),
    ...(name === undefined ? {} : { name }),
    username: user.Username ?? '',
    status: accessStatus(cognitoStatus, enabled),
    cognitoStatus,
    enabled,
    ...(user.UserCreateDate ? { created: new Date(user.UserCreateDate).toISOString() } : {}),
    ...(user.UserLastModifiedDate ? { lastModified: new Date(user.UserLastModifiedDate).toISOString() } : {}),
  };
}

/** The customers of one user pool. */
export class UserDirectory {
  private usernameKind?: Promise<'email' | 'id'>;

  /**
   * @param client - a Cognito user pools client for the pool's region (or the local identity service).
   * @param userPoolId - the pool every call names.
   */
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    readonly userPoolId: string,
  ) {}

  /** The pool's users, every page of `ListUsers`; with `filter` (Cognito's syntax), those it matches. */
  private async listUsers(filter?: string): Promise<UserType[]> {
    const users: UserType[] = [];
    const input = { UserPoolId: this.userPoolId, ...(filter === undefined ? {} : { Filter: filter }) };
    for await (const page of paginateListUsers({ client: this.client }, input)) users.push(...(page.Users ?? []));
    return users;
  }

  /** Every user of the pool, in the pool's order. */
  async list(): Promise<PortalUser[]> {
    return (await this.listUsers()).map(portalUser);
  }

  /** The pool's users whose email is `email`. */
  private withEmail(email: string): Promise<UserType[]> {
    return this.listUsers(exactFilter('email', email));
  }

  /**
   * The user an operator names: by email address (one containing `@`) or by Cognito username.
   *
   * @throws {UsersError} (not found) when there is none; (usage) when two accounts share the address and none of
   *   them is the pool's own (a single sign-on account is set aside when a pool account has the address).
   */
  async find(who: string): Promise<PortalUser> {
    if (!who.includes('@')) {
      const user = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: who }));
      return portalUser(user);
    }
    const email = normalEmail(who);
    const found = await this.withEmail(email);
    const own = found.filter((user) => user.UserStatus !== 'EXTERNAL_PROVIDER');
    const candidates = own.length > 0 ? own : found;
    if (candidates.length === 0)
      throw new UsersError(`no user of the pool has the email address ${email}.`, EXIT.notFound);
    if (candidates.length > 1) {
      throw new UsersError(
        `${candidates.length} users have the email address ${email} (usernames ${candidates.map((u) => u.Username).join(', ')}): name one by its username.`,
        EXIT.usage,
      );
    }
    return portalUser(candidates[0]);
  }

  /**
   * Whether the pool's usernames are email addresses or ids: a pool that signs in with an email alias refuses
   * an email-shaped username (Cognito `AliasAttributes`), one whose username is the email requires it
   * (`UsernameAttributes`); asked once (`DescribeUserPool`).
   */
  private usernames(): Promise<'email' | 'id'> {
    this.usernameKind ??= this.client
      .send(new DescribeUserPoolCommand({ UserPoolId: this.userPoolId }))
      .then(({ UserPool }) =>
        UserPool?.AliasAttributes?.includes('email') && !UserPool.UsernameAttributes?.includes('email')
          ? 'id'
          : 'email',
      );
    return this.usernameKind;
  }

  /**
   * Creates the user and has the pool send its invitation (a temporary password; the first sign-in asks for a
   * new one), unless a user with the address exists (`AdminCreateUser`).
   *
   * @param email - checked and lower-cased ({@link normalEmail}).
   * @param name - shown by the pool's console and `list`; optional.
   */
  async invite(email: string, name?: string): Promise<InviteOutcome> {
    const address = normalEmail(email);
    const displayName = name === undefined ? undefined : normalName(name);
    const existing = await this.withEmail(address);
    if (existing.length > 0) return { outcome: 'exists', user: portalUser(existing[0]) };
    const username = (await this.usernames()) === 'email' ? address : randomUUID();
    try {
      const { User } = await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: username,
          UserAttributes: [
            { Name: 'email', Value: address },
            // The address is the one the provider was given: the customer is not asked to verify it again.
            { Name: 'email_verified', Value: 'true' },
            ...(displayName ? [{ Name: 'name', Value: displayName }] : []),
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      return { outcome: 'created', user: portalUser(User ?? { Username: username }) };
    } catch (error) {
      if ((error as { name?: string }).name !== 'UsernameExistsException') throw error;
      return { outcome: 'exists', user: await this.find(address) };
    }
  }

  /** Sends an invited user a new invitation with a new temporary password (`AdminCreateUser`, `RESEND`). */
  async resend(who: string): Promise<PortalUser> {
    const user = await this.find(who);
    await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: this.userPoolId,
        Username: user.username,
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    return user;
  }

  /**
   * Disables the user (no sign-in, no refresh: `AdminDisableUser`) and revokes their refresh tokens
   * (`AdminUserGlobalSignOut`), so an access token already issued is the last they hold.
   */
  async disable(who: string): Promise<PortalUser> {
    const user = await this.find(who);
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: user.username }));
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: user.username }));
    return user;
  }

  /** Lets a disabled user sign in again (`AdminEnableUser`). */
  async enable(who: string): Promise<PortalUser> {
    const user = await this.find(who);
    await this.client.send(new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: user.username }));
    return user;
  }

  /** Revokes the user's refresh tokens (`AdminUserGlobalSignOut`); they stay able to sign in. */
  async signOut(who: string): Promise<PortalUser> {
    const user = await this.find(who);
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: user.username }));
    return user;
  }

  /**
   * Deletes the user (`AdminDeleteUser`): their account and its history in the pool are gone.
   *
   * @param who - an email address or username, or the user {@link find} gave.
   */
  async remove(who: string | PortalUser): Promise<PortalUser> {
    const user = typeof who === 'string' ? await this.find(who) : who;
    await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: user.username }));
    return user;
  }
}
