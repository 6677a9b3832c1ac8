/**
 * @jest-environment node
 *
 * Against a real user pool, offline: each command sends the documented Cognito call, naming the configured
 * pool, with the SDK's client mocked by aws-sdk-client-mock.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListUsersCommand,
  UsernameExistsException,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { exactFilter, MAX_FILTER, UserDirectory } from '../directory';
import { clientFor, describePool, runUsers, type UsersIo } from '../cli';
import { EXIT } from '../errors';

const POOL = 'eu-west-2_AbC123xyz';
const cognito = mockClient(CognitoIdentityProviderClient);
const JANE: UserType = {
  Username: '0f5c7d1e-9b7a-4f5e-8a43-2b1c9e7d6a10',
  Attributes: [
    { Name: 'email', Value: 'jane@example.com' },
    { Name: 'name', Value: 'Jane Doe' },
  ],
  UserStatus: 'CONFIRMED',
  Enabled: true,
  UserCreateDate: new Date('2026-11-01T09:30:00Z'),
  UserLastModifiedDate: new Date('2026-11-02T10:00:00Z'),
};

const directory = () => new UserDirectory(new CognitoIdentityProviderClient({ region: 'eu-west-2' }), POOL);

/** The requests sent with `command`, in order. */
const sent = (command: Parameters<typeof cognito.commandCalls>[0]) =>
  cognito.commandCalls(command).map((call) => call.args[0].input);

beforeEach(() => {
  cognito.reset();
  cognito.on(ListUsersCommand, { UserPoolId: POOL, Filter: 'email = "jane@example.com"' }).resolves({ Users: [JANE] });
  cognito.on(ListUsersCommand, { UserPoolId: POOL, Filter: 'email = "new@example.com"' }).resolves({ Users: [] });
  // The identity stack's pool: username or email alias (deploy/stack.ts signInAliases).
  cognito.on(DescribeUserPoolCommand).resolves({ UserPool: { Id: POOL, AliasAttributes: ['email'] } });
});

describe('each command is the documented Cognito call on the configured pool', () => {
  it('invite: AdminCreateUser with the email (verified), the name and an email invitation; an id for username in an alias pool', async () => {
    cognito
      .on(AdminCreateUserCommand)
      .resolves({ User: { Username: 'x', UserStatus: 'FORCE_CHANGE_PASSWORD' as const } });
    await expect(directory().invite(' New@Example.com ', 'New Customer')).resolves.toMatchObject({
      outcome: 'created',
    });
    expect(sent(ListUsersCommand)).toEqual([{ UserPoolId: POOL, Filter: 'email = "new@example.com"' }]);
    expect(sent(DescribeUserPoolCommand)).toEqual([{ UserPoolId: POOL }]);
    const [request] = sent(AdminCreateUserCommand);
    expect(request).toEqual({
      UserPoolId: POOL,
      Username: expect.stringMatching(/^[0-9a-f-]{36}$/),
      UserAttributes: [
        { Name: 'email', Value: 'new@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'New Customer' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    // No MessageAction: Cognito sends the pool's invitation.
    expect(request).not.toHaveProperty('MessageAction');
  });

  it('invite: the email is the username in a pool whose usernames are emails', async () => {
    cognito.on(DescribeUserPoolCommand).resolves({ UserPool: { Id: POOL, UsernameAttributes: ['email'] } });
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'new@example.com' } });
    await directory().invite('new@example.com');
    expect(sent(AdminCreateUserCommand)[0]).toMatchObject({ Username: 'new@example.com' });
  });

  it('invite: an existing address sends nothing, also when Cognito finds the username taken', async () => {
    await expect(directory().invite('jane@example.com')).resolves.toMatchObject({ outcome: 'exists' });
    expect(sent(AdminCreateUserCommand)).toEqual([]);
    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    cognito
      .on(ListUsersCommand, { UserPoolId: POOL, Filter: 'email = "new@example.com"' })
      .resolvesOnce({ Users: [] })
      .resolves({ Users: [{ ...JANE, Attributes: [{ Name: 'email', Value: 'new@example.com' }] }] });
    await expect(directory().invite('new@example.com')).resolves.toMatchObject({ outcome: 'exists' });
  });

  it('list: ListUsers over every page, with the status operators use', async () => {
    cognito
      .on(ListUsersCommand, { UserPoolId: POOL })
      .resolvesOnce({ Users: [JANE], PaginationToken: 'next' })
      .resolves({
        Users: [
          {
            ...JANE,
            Username: 'b',
            UserStatus: 'FORCE_CHANGE_PASSWORD' as const,
            Attributes: [{ Name: 'email', Value: 'bo@example.com' }],
          },
          { ...JANE, Username: 'c', Enabled: false },
        ],
      });
    const users = await directory().list();
    // The second page asks with the first page's token (the SDK's paginator reuses one input object).
    expect(sent(ListUsersCommand)).toHaveLength(2);
    expect(sent(ListUsersCommand)[1]).toMatchObject({ UserPoolId: POOL, PaginationToken: 'next' });
    expect(users.map((u) => [u.email, u.status])).toEqual([
      ['jane@example.com', 'confirmed'],
      ['bo@example.com', 'invited'],
      ['jane@example.com', 'disabled'],
    ]);
    expect(users[0]).toMatchObject({
      name: 'Jane Doe',
      created: '2026-11-01T09:30:00.000Z',
      lastModified: '2026-11-02T10:00:00.000Z',
    });
  });

  it('show: by email through ListUsers, by username through AdminGetUser', async () => {
    await expect(directory().find('jane@example.com')).resolves.toMatchObject({ username: JANE.Username });
    cognito
      .on(AdminGetUserCommand)
      .resolves({ Username: 'jdoe', UserAttributes: JANE.Attributes, UserStatus: 'CONFIRMED', Enabled: true });
    await expect(directory().find('jdoe')).resolves.toMatchObject({ email: 'jane@example.com', username: 'jdoe' });
    expect(sent(AdminGetUserCommand)).toEqual([{ UserPoolId: POOL, Username: 'jdoe' }]);
  });

  it('resend: AdminCreateUser with MessageAction RESEND for the username', async () => {
    await directory().resend('jane@example.com');
    expect(sent(AdminCreateUserCommand)).toEqual([
      { UserPoolId: POOL, Username: JANE.Username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] },
    ]);
  });

  it('disable: AdminDisableUser, then AdminUserGlobalSignOut (refresh tokens revoked)', async () => {
    await directory().disable('jane@example.com');
    expect(sent(AdminDisableUserCommand)).toEqual([{ UserPoolId: POOL, Username: JANE.Username }]);
    expect(sent(AdminUserGlobalSignOutCommand)).toEqual([{ UserPoolId: POOL, Username: JANE.Username }]);
    const order = cognito.calls().map((call) => call.args[0].constructor.name);
    expect(order.indexOf('AdminDisableUserCommand')).toBeLessThan(order.indexOf('AdminUserGlobalSignOutCommand'));
  });

  it('enable, sign-out and remove: AdminEnableUser, AdminUserGlobalSignOut, AdminDeleteUser', async () => {
    await directory().enable('jane@example.com');
    await directory().signOut('jane@example.com');
    await directory().remove('jane@example.com');
    expect(sent(AdminEnableUserCommand)).toEqual([{ UserPoolId: POOL, Username: JANE.Username }]);
    expect(sent(AdminUserGlobalSignOutCommand)).toEqual([{ UserPoolId: POOL, Username: JANE.Username }]);
    expect(sent(AdminDeleteUserCommand)).toEqual([{ UserPoolId: POOL, Username: JANE.Username }]);
  });

  it('the client goes to the pool’s region, or to the local identity service with stand-in keys', async () => {
    await expect(clientFor({ mode: 'cognito', userPoolId: POOL, region: 'eu-west-2' }).config.region()).resolves.toBe(
      'eu-west-2',
    );
    const local = clientFor({ mode: 'local', userPoolId: 'us-east-1_LocalDev1', endpoint: 'http://localhost:9229' });
    await expect(local.config.endpoint?.()).resolves.toMatchObject({ hostname: 'localhost', port: 9229 });
  });
});

/** A terminal that records what the command says. */
function recorder(answer: boolean | null = null): UsersIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), confirm: async () => answer };
}

const pool = describePool({ mode: 'cognito', userPoolId: POOL, region: 'eu-west-2' });

describe('what an operator sees', () => {
  it('says which pool before it changes anything', async () => {
    const io = recorder();
    cognito.on(AdminDisableUserCommand).callsFake(() => {
      expect(io.stderr).toEqual([`Acting on user pool ${POOL} in eu-west-2.`]);
      return {};
    });
    await expect(runUsers(['disable', 'jane@example.com'], directory(), pool, io)).resolves.toBe(EXIT.ok);
    expect(sent(AdminDisableUserCommand)).toHaveLength(1);
  });

  it('remove asks first, and without a terminal needs --yes', async () => {
    const declined = recorder(false);
    await expect(runUsers(['remove', 'jane@example.com'], directory(), pool, declined)).resolves.toBe(EXIT.ok);
    expect(declined.stderr).toContain('Nothing removed.');
    const noTerminal = recorder(null);
    await expect(runUsers(['remove', 'jane@example.com'], directory(), pool, noTerminal)).resolves.toBe(EXIT.usage);
    expect(noTerminal.stderr.at(-1)).toMatch(/pass --yes/);
    expect(sent(AdminDeleteUserCommand)).toEqual([]);
    await expect(runUsers(['remove', 'jane@example.com', '--yes'], directory(), pool, recorder())).resolves.toBe(
      EXIT.ok,
    );
    expect(sent(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it.each([
    [
      'no credentials',
      Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }),
      EXIT.failed,
      /no AWS credentials: set AWS_PROFILE/,
    ],
    [
      'a wrong pool or region',
      Object.assign(new Error('User pool eu-west-2_AbC123xyz does not exist.'), { name: 'ResourceNotFoundException' }),
      EXIT.failed,
      /does not exist in eu-west-2: check COGNITO_USER_POOL_ID and COGNITO_REGION/,
    ],
    [
      'no permission',
      Object.assign(new Error('not authorized to perform: cognito-idp:ListUsers'), { name: 'AccessDeniedException' }),
      EXIT.failed,
      /may not manage user pool .* IAM policy in handbook\/customers.md/,
    ],
    [
      'a user who is gone',
      Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }),
      EXIT.notFound,
      /no such user/,
    ],
    [
      'a pool that refuses admin creation',
      Object.assign(new Error('not allowed'), { name: 'NotAuthorizedException' }),
      EXIT.failed,
      /does not allow this/,
    ],
  ])('%s: a clear error and its exit code', async (_case, error, exitCode, message) => {
    cognito.on(ListUsersCommand).rejects(error);
    const io = recorder();
    await expect(runUsers(['show', 'jane@example.com'], directory(), pool, io)).resolves.toBe(exitCode);
    expect(io.stderr.at(-1)).toMatch(message);
  });

  it('an invalid address is refused before any call', async () => {
    const io = recorder();
    await expect(runUsers(['invite', 'jane.example.com'], directory(), pool, io)).resolves.toBe(EXIT.usage);
    expect(io.stderr.at(-1)).toMatch(/"jane.example.com" is not an email address/);
    expect(cognito.calls()).toEqual([]);
  });

  it('list --status invited --json prints the matching users as JSON on stdout alone', async () => {
    cognito.on(ListUsersCommand, { UserPoolId: POOL }).resolves({
      Users: [JANE, { ...JANE, Username: 'b', UserStatus: 'FORCE_CHANGE_PASSWORD' as const }],
    });
    const io = recorder();
    await expect(runUsers(['list', '--status', 'invited', '--json'], directory(), pool, io)).resolves.toBe(EXIT.ok);
    expect(JSON.parse(io.stdout.join('\n'))).toEqual([expect.objectContaining({ username: 'b', status: 'invited' })]);
    await expect(runUsers(['list', '--status', 'gone'], directory(), pool, recorder())).resolves.toBe(EXIT.usage);
  });

  it('an address holding " or \\ is refused before any call, saying what to do instead', async () => {
    for (const address of ['jane"@example.com', 'ja\\ne@example.com', '"jane"@example.com']) {
      const io = recorder();
      await expect(runUsers(['show', address], directory(), pool, io)).resolves.toBe(EXIT.usage);
      expect(io.stderr.at(-1)).toMatch(/holds a quotation mark, a backslash .* name the user by their username/);
    }
    expect(cognito.calls()).toEqual([]);
  });
});

describe('the ListUsers filter', () => {
  /** Cognito's filter syntax for one exact match: `email = "…"`, `\` escaping the next character in the value. */
  const EXACT = /^email = "((?:[^"\\]|\\.)*)"$/;
  const valueOf = (filter: string) => EXACT.exec(filter)?.[1].replace(/\\(.)/g, '$1');

  it('quotes the value with Cognito’s escapes, so no value can close the quotes and add to the filter', () => {
    expect(exactFilter('email', 'jane@example.com')).toBe('email = "jane@example.com"');
    for (const crafted of ['a"b@example.com', 'a\\b@example.com', 'x\\" or email ^= "', '" ^= "', 'x"\n\\', '\\\\"']) {
      const filter = exactFilter('email', crafted);
      // One quoted value, ending the filter, that reads back as the value given.
      expect([crafted, valueOf(filter)]).toEqual([crafted, crafted]);
    }
  });

  it('is sent for the address an operator names, and one too long for Cognito’s filter is refused first', async () => {
    await directory().find('jane@example.com');
    expect(sent(ListUsersCommand)).toEqual([{ UserPoolId: POOL, Filter: 'email = "jane@example.com"' }]);
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.com`;
    expect(`email = "${long}"`.length).toBeGreaterThan(MAX_FILTER);
    const io = recorder();
    await expect(runUsers(['show', long], directory(), pool, io)).resolves.toBe(EXIT.usage);
    expect(io.stderr.at(-1)).toMatch(/is too long to search the user pool for .* name the user by their username/);
    expect(sent(ListUsersCommand)).toHaveLength(1);
  });
});
