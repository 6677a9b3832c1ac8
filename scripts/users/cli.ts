/**
 * `npm run users -- <command>`: an operator lets customers in and out of the portal (handbook/customers.md).
 * Acts on the local identity service by default, and on the user pool COGNITO_USER_POOL_ID names when it is
 * set (AWS credentials from the usual chain); says which before it does anything. Exit codes: ./errors.ts `EXIT`.
 */
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConfigError, currentOperatorPool, type OperatorPool } from '../../config/env';
import { readInvitationFile, type InvitationRow } from './csv';
import { ACCESS_STATUSES, normalEmail, UserDirectory, type AccessStatus, type PortalUser } from './directory';
import { EXIT, explain, UsersError, type PoolDescription } from './errors';
import { visible } from './visible';

export const USAGE = `Usage: npm run users -- <command>

  invite <email> [--name <name>]   create the user; the pool emails an invitation with a temporary password
  invite --file <customers.csv>    the same for each row of a CSV file with columns email[,name]
  list [--status <status>] [--json]  who has access: ${ACCESS_STATUSES.join(', ')}
  show <email|username> [--json]   one user
  resend <email|username>          a new invitation, with a new temporary password (invited users only)
  disable <email|username>         no more sign-in or refresh; signs them out everywhere
  enable <email|username>          lets a disabled user sign in again
  remove <email|username> [--yes]  deletes the user (asks first unless --yes)
  sign-out <email|username>        revokes their refresh tokens; they can sign in again

Acts on the local identity service, or on COGNITO_USER_POOL_ID's user pool when it is set.
Exit codes: 0 done, 1 failed, 2 wrong arguments, 3 no such user, 4 partly done (handbook/customers.md).`;

/** Where the command reads and writes (a terminal, or a test's buffers). */
export interface UsersIo {
  /** One line of the command's answer (stdout). */
  out(line: string): void;
  /** One line about what the command does or why it failed (stderr). */
  err(line: string): void;
  /** Asks a yes/no question; `null` when no one can answer (stdin is not a terminal). */
  confirm(question: string): Promise<boolean | null>;
}

/**
 * `io` that prints each line, and asks each question, with its control and format characters escaped
 * ({@link visible}): whatever a user pool or a file holds reaches the terminal as text, never as a sequence the
 * terminal acts on. Every line is one line: a newline in a value shows as `\u000a`, so text that spans lines
 * (the usage, JSON) is printed a line at a time.
 */
export function visibleIo(io: UsersIo): UsersIo {
  return {
    out: (line) => io.out(visible(line)),
    err: (line) => io.err(visible(line)),
    confirm: (question) => io.confirm(visible(question)),
  };
}

/** Prints each line of `text`, which is the command's own (the usage) or JSON (whose strings hold no newline). */
const eachLine = (print: (line: string) => void, text: string) => text.split('\n').forEach((line) => print(line));

/** The pool as the messages name it. */
export function describePool(pool: OperatorPool): PoolDescription & { text: string } {
  return pool.mode === 'local'
    ? {
        mode: 'local',
        userPoolId: pool.userPoolId,
        where: pool.endpoint,
        text: `the local identity service at ${pool.endpoint} (user pool ${pool.userPoolId})`,
      }
    : {
        mode: 'cognito',
        userPoolId: pool.userPoolId,
        where: pool.region,
        text: `user pool ${pool.userPoolId} in ${pool.region}`,
      };
}

/** A Cognito client for the pool: the default credential chain, or the local service's dummy keys. */
export function clientFor(pool: OperatorPool): CognitoIdentityProviderClient {
  return pool.mode === 'local'
    ? new CognitoIdentityProviderClient({
        region: 'us-east-1',
        endpoint: pool.endpoint,
        // The local identity service accepts any keys; these keep the SDK from looking for real ones.
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      })
    : new CognitoIdentityProviderClient({ region: pool.region });
}

const minute = (iso?: string) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** Users as a table of columns padded to their widest cell, as it shows ({@link visible}). */
function table(users: PortalUser[]): string[] {
  const rows = [
    ['EMAIL', 'NAME', 'STATUS', 'CREATED (UTC)', 'LAST MODIFIED (UTC)'],
    ...users.map((u) =>
      [u.email || u.username, u.name ?? '', u.status, minute(u.created), minute(u.lastModified)].map(visible),
    ),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

/** The one positional argument a command takes. @throws {UsersError} (usage) when it is missing or extra. */
function onlyTarget(command: string, positionals: string[]): string {
  if (positionals.length !== 1) {
    throw new UsersError(`${command} takes one email address or username.`, EXIT.usage, { showUsage: true });
  }
  return positionals[0];
}

/** Invites each row, reporting each; stops at the first failure that is not the row's own, saying where. */
async function inviteRows(
  rows: InvitationRow[],
  directory: UserDirectory,
  pool: PoolDescription,
  io: UsersIo,
): Promise<number> {
  const counts = { created: 0, exists: 0, invalid: 0 };
  for (const [index, row] of rows.entries()) {
    const label = `line ${row.line} ${row.email || '(no email)'}`;
    try {
      normalEmail(row.email);
      const { outcome } = await directory.invite(row.email, row.name);
      counts[outcome === 'created' ? 'created' : 'exists']++;
      io.out(`${label}: ${outcome === 'created' ? 'created, invitation sent' : 'already exists'}`);
    } catch (error) {
      const explained = explain(error, pool);
      if (explained.exitCode === EXIT.usage) {
        counts.invalid++;
        io.out(`${label}: invalid: ${explained.message}`);
        continue;
      }
      io.out(`${label}: failed: ${explained.message}`);
      const left = rows.length - index - 1;
      io.err(
        `Stopped at line ${row.line}: ${counts.created} created, ${counts.exists} already existed, ${counts.invalid} invalid before it; ` +
          `this row and the ${left} after it were not sent. Run the same file again: rows already created report "already exists".`,
      );
      return explained.exitCode;
    }
  }
  io.out(
    `${rows.length} rows: ${counts.created} created, ${counts.exists} already existed, ${counts.invalid} invalid.`,
  );
  return counts.created === rows.length ? EXIT.ok : EXIT.partly;
}

/** `invite <email> [--name]` or `invite --file`. */
async function invite(
  values: { name?: string; file?: string },
  positionals: string[],
  directory: UserDirectory,
  pool: PoolDescription,
  io: UsersIo,
): Promise<number> {
  if (values.file !== undefined) {
    if (positionals.length > 0 || values.name !== undefined) {
      throw new UsersError('invite --file takes no email address or --name: they come from the file.', EXIT.usage);
    }
    return inviteRows(readInvitationFile(values.file), directory, pool, io);
  }
  const result = await directory.invite(onlyTarget('invite', positionals), values.name);
  if (result.outcome === 'exists') {
    io.out(
      `${result.user.email} already exists (${result.user.status}): nothing sent. ` +
        (result.user.status === 'invited'
          ? `\`npm run users -- resend ${result.user.email}\` sends a new invitation.`
          : ''),
    );
    return EXIT.partly;
  }
  io.out(
    `${result.user.email} created (username ${result.user.username}); the invitation with a temporary password is on its way.`,
  );
  return EXIT.ok;
}

/** The statuses `--status` accepts. @throws {UsersError} (usage) for another. */
function statusOption(status: string | undefined): AccessStatus | undefined {
  if (status === undefined) return undefined;
  if (!(ACCESS_STATUSES as readonly string[]).includes(status)) {
    throw new UsersError(`--status ${status}: give one of ${ACCESS_STATUSES.join(', ')}.`, EXIT.usage);
  }
  return status as AccessStatus;
}

/** The options `npm run users` takes. */
const OPTIONS = {
  name: { type: 'string' },
  file: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean' },
  yes: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>
>['values'];

/** Runs the command the arguments name, after saying which pool it acts on. */
async function dispatch(
  argv: string[],
  directory: UserDirectory,
  pool: PoolDescription & { text: string },
  io: UsersIo,
): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    eachLine(io.out, USAGE);
    return command === undefined && !values.help ? EXIT.usage : EXIT.ok;
  }
  const run = commandsFor(values, rest, directory, pool, io)[command];
  if (!run) throw new UsersError(`unknown command "${command}".`, EXIT.usage, { showUsage: true });
  io.err(`Acting on ${pool.text}.`);
  return run();
}

/** `remove <user>`: asks to confirm unless `--yes`, then removes the user from the pool. */
async function remove(
  values: Values,
  rest: string[],
  directory: UserDirectory,
  pool: PoolDescription & { text: string },
  io: UsersIo,
): Promise<number> {
  const who = onlyTarget('remove', rest);
  const user = await directory.find(who);
  if (!values.yes) {
    const answer = await io.confirm(`Remove ${user.email || user.username} (${user.status}) from ${pool.text}? [y/N] `);
    if (answer === null)
      throw new UsersError('remove asks to confirm: pass --yes when no one is at the terminal.', EXIT.usage);
    if (!answer) {
      io.err('Nothing removed.');
      return EXIT.ok;
    }
  }
  await directory.remove(user);
  io.out(`${user.email || user.username} is removed.`);
  return EXIT.ok;
}

/** Each command, with its arguments bound. */
function commandsFor(
  values: Values,
  rest: string[],
  directory: UserDirectory,
  pool: PoolDescription & { text: string },
  io: UsersIo,
): Record<string, () => Promise<number>> {
  return {
    invite: () => invite(values, rest, directory, pool, io),
    list: async () => {
      if (rest.length > 0) throw new UsersError('list takes no arguments.', EXIT.usage, { showUsage: true });
      const status = statusOption(values.status);
      const users = (await directory.list()).filter((user) => status === undefined || user.status === status);
      if (values.json) eachLine(io.out, JSON.stringify(users, null, 2));
      else table(users).forEach((line) => io.out(line));
      return EXIT.ok;
    },
    show: async () => {
      const user = await directory.find(onlyTarget('show', rest));
      if (values.json) eachLine(io.out, JSON.stringify(user, null, 2));
      else table([user]).forEach((line) => io.out(line));
      return EXIT.ok;
    },
    resend: async () => {
      const user = await directory.resend(onlyTarget('resend', rest));
      io.out(`A new invitation with a new temporary password is on its way to ${user.email}.`);
      return EXIT.ok;
    },
    disable: async () => {
      const user = await directory.disable(onlyTarget('disable', rest));
      io.out(
        `${user.email || user.username} is disabled and signed out everywhere: no sign-in, no refresh. ` +
          "An access token already issued stays valid until it expires (the identity stack's AccessTokenValidityMinutes).",
      );
      return EXIT.ok;
    },
    enable: async () => {
      const user = await directory.enable(onlyTarget('enable', rest));
      io.out(`${user.email || user.username} is enabled: they can sign in again.`);
      return EXIT.ok;
    },
    'sign-out': async () => {
      const user = await directory.signOut(onlyTarget('sign-out', rest));
      io.out(`${user.email || user.username} is signed out everywhere: their refresh tokens are revoked.`);
      return EXIT.ok;
    },
    remove: () => remove(values, rest, directory, pool, io),
  };
}

/**
 * Runs `npm run users` with `argv` (the arguments after `--`), printing through {@link visibleIo}.
 *
 * @returns the exit code; every failure has been said on `io.err`.
 */
export async function runUsers(
  argv: string[],
  directory: UserDirectory,
  pool: PoolDescription & { text: string },
  terminal: UsersIo,
): Promise<number> {
  const io = visibleIo(terminal);
  try {
    return await dispatch(argv, directory, pool, io);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const explained =
      typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
        ? new UsersError((error as Error).message, EXIT.usage, { showUsage: true })
        : explain(error, pool);
    io.err(`npm run users: ${explained.message}`);
    if (explained.showUsage) eachLine(io.err, `\n${USAGE}`);
    return explained.exitCode;
  }
}

/** The terminal as {@link UsersIo}. */
function terminalIo(): UsersIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    async confirm(question) {
      if (!process.stdin.isTTY) return null;
      const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await prompt.question(question)).trim());
      } finally {
        prompt.close();
      }
    },
  };
}

async function main(): Promise<number> {
  const io = visibleIo(terminalIo());
  let pool: OperatorPool;
  try {
    pool = currentOperatorPool();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`npm run users: ${error.message}`);
    return EXIT.usage;
  }
  const description = describePool(pool);
  return runUsers(process.argv.slice(2), new UserDirectory(clientFor(pool), pool.userPoolId), description, io);
}

if (require.main === module) {
  main().then((code) => process.exit(code));
}
