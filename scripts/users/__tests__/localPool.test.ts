/**
 * @jest-environment node
 *
 * `npm run users` against the local identity service, as an operator runs it: invitations arrive with the
 * portal's text, statuses follow the customer, and disabling, enabling, signing out and removing take effect
 * at the next sign-in or refresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalIdentity, type LocalIdentity } from '../../../local/identity';
import { invitationTemplate } from '../../../rules/invitation';
import { clientFor, describePool, runUsers, type UsersIo } from '../cli';
import { UserDirectory } from '../directory';
import { EXIT } from '../errors';
import { cognitoCall } from '../../../tests/support/cognito';

const POOL = 'us-east-1_UsersTest1';
const CLIENT = 'usersappclient000000000001';
const SITE = 'https://portal.example.com';
let identity: LocalIdentity;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'users-test-'));
  identity = await startLocalIdentity({
    port: 0,
    dataDir,
    userPoolId: POOL,
    appClientId: CLIENT,
    logLevel: 'silent',
    users: [],
    invitation: invitationTemplate({ productName: 'RegData', siteUrl: SITE }),
  });
});

afterAll(async () => {
  await identity.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run users -- <argv>` against the local service; what it printed, and its exit code. */
async function users(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: UsersIo = { out: (l) => stdout.push(l), err: (l) => stderr.push(l), confirm: async () => null };
  const pool = { mode: 'local' as const, userPoolId: POOL, endpoint: identity.url };
  const code = await runUsers(argv, new UserDirectory(clientFor(pool), POOL), describePool(pool), io);
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** A Cognito user pools API call to the local service, as the sign-in form and scripts send it. */
const call = (target: string, body: object) => cognitoCall(identity.url, target, body);

const signIn = (username: string, password: string) =>
  call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
const refresh = (token: string) =>
  call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT, AuthParameters: { REFRESH_TOKEN: token } });

/** The last invitation the service delivered to `email`. */
const invitationTo = (email: string) =>
  identity.inbox
    .list()
    .filter((m) => m.destination === email && m.subject)
    .at(-1);

/** Invites `email`, answers the new-password challenge with `password`; the customer's tokens. */
async function onboard(email: string, password: string): Promise<{ RefreshToken: string; AccessToken: string }> {
  expect((await users('invite', email)).code).toBe(EXIT.ok);
  const first = await signIn(email, invitationTo(email)?.code ?? '');
  expect(first.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const done = await call('RespondToAuthChallenge', {
    ClientId: CLIENT,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: first.json.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
  });
  expect(done.json.AuthenticationResult).toBeDefined();
  return done.json.AuthenticationResult;
}

const statusOf = async (email: string) => JSON.parse((await users('show', email, '--json')).stdout).status;

test('invite: the invitation names the portal and carries a temporary password that meets the policy; list shows invited, then confirmed', async () => {
  const invited = await users('invite', 'ann@example.com', '--name', 'Ann Example');
  expect(invited.stderr).toBe(`Acting on the local identity service at ${identity.url} (user pool ${POOL}).`);
  const message = invitationTo('ann@example.com');
  expect(message?.subject).toBe('Your access to the RegData developer portal');
  expect(message?.body).toContain(`<a href="${SITE}">${SITE}</a>`);
  expect(message?.body).toContain(`<strong>${message?.code}</strong>`);
  expect(message?.code).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!#%+\-=?]).{12}$/);
  const listed = JSON.parse((await users('list', '--json')).stdout);
  expect(listed).toEqual([
    expect.objectContaining({ email: 'ann@example.com', name: 'Ann Example', status: 'invited' }),
  ]);

  const first = await signIn('ann@example.com', message?.code ?? '');
  expect(first.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  await call('RespondToAuthChallenge', {
    ClientId: CLIENT,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: first.json.Session,
    ChallengeResponses: { USERNAME: 'ann@example.com', NEW_PASSWORD: 'AnnsOwn!Passw0rd' },
  });
  expect(await statusOf('ann@example.com')).toBe('confirmed');
  expect((await users('list', '--status', 'invited', '--json')).stdout).toBe('[]');
});

test('resend: a new temporary password replaces the first; a customer who chose a password gets none', async () => {
  await users('invite', 'bo@example.com');
  const first = invitationTo('bo@example.com')?.code ?? '';
  expect((await users('resend', 'bo@example.com')).code).toBe(EXIT.ok);
  const second = invitationTo('bo@example.com')?.code ?? '';
  expect(second).not.toBe(first);
  expect((await signIn('bo@example.com', first)).json.__type).toBe('NotAuthorizedException');
  expect((await signIn('bo@example.com', second)).json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const confirmed = await users('resend', 'ann@example.com');
  expect(confirmed.code).toBe(EXIT.partly);
  expect(confirmed.stderr).toMatch(/already signed in and chosen a password/);
});

test('disable: the next sign-in is refused and the refresh token no longer renews; enable lets them in again', async () => {
  const tokens = await onboard('cy@example.com', 'CysOwn!Passw0rd');
  expect((await refresh(tokens.RefreshToken)).json.AuthenticationResult).toBeDefined();
  const disabled = await users('disable', 'cy@example.com');
  expect(disabled.code).toBe(EXIT.ok);
  expect(await statusOf('cy@example.com')).toBe('disabled');
  expect((await signIn('cy@example.com', 'CysOwn!Passw0rd')).json).toEqual({
    __type: 'NotAuthorizedException',
    message: 'User is disabled.',
  });
  expect((await refresh(tokens.RefreshToken)).json.__type).toBe('NotAuthorizedException');

  expect((await users('enable', 'cy@example.com')).code).toBe(EXIT.ok);
  expect((await signIn('cy@example.com', 'CysOwn!Passw0rd')).json.AuthenticationResult).toBeDefined();
  expect(await statusOf('cy@example.com')).toBe('confirmed');
});

test('sign-out: refresh tokens stop renewing, the password still works', async () => {
  const tokens = await onboard('di@example.com', 'DisOwn!Passw0rd');
  expect((await users('sign-out', 'di@example.com')).code).toBe(EXIT.ok);
  expect((await refresh(tokens.RefreshToken)).json.__type).toBe('NotAuthorizedException');
  expect((await signIn('di@example.com', 'DisOwn!Passw0rd')).json.AuthenticationResult).toBeDefined();
});

test('remove: the customer is gone', async () => {
  await onboard('ed@example.com', 'EdsOwn!Passw0rd');
  expect((await users('remove', 'ed@example.com')).code).toBe(EXIT.usage);
  expect((await users('remove', 'ed@example.com', '--yes')).code).toBe(EXIT.ok);
  const shown = await users('show', 'ed@example.com');
  expect(shown.code).toBe(EXIT.notFound);
  expect((await signIn('ed@example.com', 'EdsOwn!Passw0rd')).json.__type).toMatch(/NotAuthorized|UserNotFound/);
});

test('a CSV with a good row, a duplicate and an invalid address reports all three and creates one', async () => {
  const file = path.join(dataDir, 'customers.csv');
  fs.writeFileSync(file, 'Email,Name\nfay@example.com,Fay\nann@example.com,Ann again\nnot-an-address,Nobody\n');
  const before = JSON.parse((await users('list', '--json')).stdout).length;
  const result = await users('invite', '--file', file);
  expect(result.stdout.split('\n')).toEqual([
    'line 2 fay@example.com: created, invitation sent',
    'line 3 ann@example.com: already exists',
    'line 4 not-an-address: invalid: "not-an-address" is not an email address (name@example.com).',
    '3 rows: 1 created, 1 already existed, 1 invalid.',
  ]);
  expect(result.code).toBe(EXIT.partly);
  expect(JSON.parse((await users('list', '--json')).stdout)).toHaveLength(before + 1);
  expect(invitationTo('fay@example.com')).toBeDefined();
});

test('a stop half-way says where, and what was not sent', async () => {
  const file = path.join(dataDir, 'stop.csv');
  fs.writeFileSync(file, 'email\ngus@example.com\nhal@example.com\n');
  const down = { mode: 'local' as const, userPoolId: 'us-east-1_NoSuchPool', endpoint: identity.url };
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runUsers(
    ['invite', '--file', file],
    new UserDirectory(clientFor(down), down.userPoolId),
    describePool(down),
    { out: (l) => stdout.push(l), err: (l) => stderr.push(l), confirm: async () => null },
  );
  expect(code).toBe(EXIT.failed);
  expect(stdout[0]).toMatch(/^line 2 gus@example.com: failed: /);
  expect(stderr.at(-1)).toMatch(
    /^Stopped at line 2: 0 created, 0 already existed, 0 invalid before it; this row and the 1 after it were not sent\. Run the same file again/,
  );
});

test('names and addresses holding terminal escapes print escaped: table, show, JSON, errors and CSV reports', async () => {
  const link = '\u001b]8;;https://evil\u0007click\u001b]8;;\u0007';
  const mixed = 'Clear\u001b[2J\u009b31m\u202eevil\u2028';
  // Names from elsewhere than `invite`, which refuses them: an administrator's own call, or an SSO provider.
  for (const [email, name] of [
    ['link@example.com', link],
    ['mixed@example.com', mixed],
  ]) {
    await call('AdminCreateUser', {
      UserPoolId: POOL,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
    });
  }
  const printed: string[] = [];
  const run = async (...argv: string[]) => {
    const result = await users(...argv);
    printed.push(result.stdout, result.stderr);
    return result;
  };

  const table = (await run('list')).stdout.split('\n');
  const linkRow = table.find((line) => line.startsWith('link@example.com'));
  const mixedRow = table.find((line) => line.startsWith('mixed@example.com'));
  expect(linkRow).toContain('\\u001b]8;;https://evil\\u0007click\\u001b]8;;\\u0007');
  expect(mixedRow).toContain('Clear\\u001b[2J\\u009b31m\\u202eevil\\u2028');
  // The columns stay aligned: each cell is measured as it shows.
  const status = table[0].indexOf('STATUS');
  expect([linkRow?.slice(status, status + 7), mixedRow?.slice(status, status + 7)]).toEqual(['invited', 'invited']);
  expect((await run('show', 'link@example.com')).stdout).toContain('click\\u001b]8;;\\u0007');

  // JSON stays JSON, and still holds the names as the pool does.
  expect(JSON.parse((await run('show', 'mixed@example.com', '--json')).stdout).name).toBe(mixed);
  const listed = JSON.parse((await run('list', '--json')).stdout) as { name?: string }[];
  expect(listed.map((user) => user.name)).toEqual(expect.arrayContaining([link, mixed]));

  // Errors that quote what the operator gave, and a CSV file's row reports.
  const refused = await run('show', 'x\u001b[2J@example.com');
  expect(refused.code).toBe(EXIT.usage);
  expect(refused.stderr).toContain('"x\\u001b[2j@example.com" holds a quotation mark, a backslash or a control');
  const unknown = await run('\u001b[2J');
  expect(unknown.stderr.split('\n')[0]).toBe('npm run users: unknown command "\\u001b[2J".');
  const file = path.join(dataDir, 'escapes.csv');
  fs.writeFileSync(file, 'email,name\nbad\u001b[2J,Bad\nok.name@example.com,Name\u001b]0;pwned\u0007\n');
  const rows = await run('invite', '--file', file);
  expect(rows.stdout.split('\n')).toEqual([
    'line 2 bad\\u001b[2J: invalid: "bad\\u001b[2J" is not an email address (name@example.com).',
    'line 3 ok.name@example.com: invalid: the name "Name\\u001b]0;pwned\\u0007…" is longer than 256 characters or holds control or format characters.',
    '2 rows: 0 created, 0 already existed, 2 invalid.',
  ]);

  const raw = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
  const rawLines = printed.flatMap((text) => text.split('\n')).filter((line) => raw.test(line));
  expect(rawLines).toEqual([]);
});
