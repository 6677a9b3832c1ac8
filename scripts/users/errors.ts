/**
 * What `npm run users` says when a command cannot do what was asked, and the exit code a script can test.
 * Cognito's errors are named in the Cognito API reference ("Errors" of each Admin* action); the SDK's own
 * (no credentials, no connection) in the AWS SDK for JavaScript v3 developer guide.
 */

/** Exit codes of `npm run users` (handbook/customers.md lists them). */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The pool, the credentials or the service refused or failed; nothing more was done. */
  failed: 1,
  /** Wrong arguments, an unreadable or malformed file, an invalid address: nothing was sent. */
  usage: 2,
  /** No such user. */
  notFound: 3,
  /** Partly done: the user already exists, or some rows of a file were invalid or already there. */
  partly: 4,
} as const;

/** A command's failure, said for an operator, with its exit code. */
export class UsersError extends Error {
  /** Whether the usage text follows the message (a wrong command or argument). */
  readonly showUsage: boolean;

  /**
   * @param message - one line; `npm run users` prints it with control characters escaped (./visible.ts).
   */
  constructor(
    message: string,
    readonly exitCode: number,
    options: { showUsage?: boolean } = {},
  ) {
    super(message);
    this.name = 'UsersError';
    this.showUsage = options.showUsage ?? false;
  }
}

/** Where the commands act, for the messages. */
export interface PoolDescription {
  mode: 'local' | 'cognito';
  userPoolId: string;
  /** The region, or the local identity service's address. */
  where: string;
}

/**
 * An error of the SDK or the service, said for an operator: what went wrong and what to do.
 *
 * @param error - what the SDK threw (its `name` is the Cognito error code, or the SDK's own error's).
 */
export function explain(error: unknown, pool: PoolDescription): UsersError {
  if (error instanceof UsersError) return error;
  const { name = '', message = String(error), code } = error as { name?: string; message?: string; code?: string };
  const service = `${name}: ${message}`;
  if (pool.mode === 'local' && (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))) {
    return new UsersError(
      `the local identity service at ${pool.where} does not answer: start it with \`npm start\` (or \`npm run identity\`), or set COGNITO_USER_POOL_ID to act on a real user pool.`,
      EXIT.failed,
    );
  }
  switch (name) {
    case 'CredentialsProviderError':
      return new UsersError(
        `no AWS credentials: set AWS_PROFILE (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) for an identity allowed to manage user pool ${pool.userPoolId}, or unset COGNITO_USER_POOL_ID to act on the local identity service. (${message})`,
        EXIT.failed,
      );
    case 'UnrecognizedClientException':
    case 'InvalidSignatureException':
    case 'ExpiredTokenException':
      return new UsersError(
        `AWS did not accept the credentials (${service}): refresh them (e.g. \`aws sso login\`).`,
        EXIT.failed,
      );
    case 'ResourceNotFoundException':
      return new UsersError(
        `user pool ${pool.userPoolId} does not exist in ${pool.where}: check COGNITO_USER_POOL_ID and COGNITO_REGION. (${message})`,
        EXIT.failed,
      );
    case 'AccessDeniedException':
      return new UsersError(
        `these credentials may not manage user pool ${pool.userPoolId} (${service}): give them the IAM policy in handbook/customers.md.`,
        EXIT.failed,
      );
    case 'UserNotFoundException':
      return new UsersError(`no such user in user pool ${pool.userPoolId}.`, EXIT.notFound);
    case 'UnsupportedUserStateException':
      return new UsersError(
        'the user has already signed in and chosen a password: a new invitation is only for invited users. They can reset it with "Forgot your password?" on the sign-in form.',
        EXIT.partly,
      );
    case 'InvalidParameterException':
      return new UsersError(`the user pool refused the request: ${message}`, EXIT.usage);
    case 'NotAuthorizedException':
      return new UsersError(
        `the user pool does not allow this (${service}); an admin-created user needs a pool whose users are created by administrators.`,
        EXIT.failed,
      );
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return new UsersError(
        `the user pool is throttling requests (${service}): wait a minute and run the command again.`,
        EXIT.failed,
      );
    default:
      return new UsersError(`the request failed: ${service}`, EXIT.failed);
  }
}
