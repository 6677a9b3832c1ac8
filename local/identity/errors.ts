/**
 * Error answers of the local identity service that name nothing of the machine it runs on. cognito-local
 * answers an error that is not a Cognito one with the error object itself (an fs error's `path` and
 * `syscall` included), and Express's default handler, outside production, answers a body it cannot parse
 * with the stack trace (the files of node_modules). Both get Cognito's `InternalErrorException` or the
 * parser's one-line message instead; the details go to the service's own log.
 */
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Logger } from 'pino';

/**
 * Cognito's answer to a sign-in with a wrong password and, in a user pool that prevents user existence errors (as
 * the deployed one does, deploy/stack.ts), with an unknown username: `NotAuthorizedException` with this message,
 * so the answer does not tell whether an account exists (Cognito developer guide, "Managing error responses").
 */
export const INCORRECT_USERNAME_OR_PASSWORD = 'Incorrect username or password.';

/** The body of a `500`: Cognito's name for a failure on its side (Cognito API reference, common errors). */
export const INTERNAL_ERROR = {
  __type: 'InternalErrorException',
  message: 'Internal error of the local identity service: its log says why.',
} as const;

/** An error cognito-local's server sends as JSON: it serialises to {@link INTERNAL_ERROR} alone. */
class InternalError extends Error {
  toJSON() {
    return INTERNAL_ERROR;
  }
}

/**
 * `router` whose routes rethrow any error that is not a Cognito one (a data file that cannot be read, a
 * bug) as {@link INTERNAL_ERROR}, after logging it with the request's logger.
 */
export function withoutInternals(router: Router): Router {
  return (target) => {
    const route = router(target);
    const guarded: Route = async (ctx, req) => {
      try {
        return await route(ctx, req);
      } catch (error) {
        if (error instanceof CognitoError || error instanceof UnsupportedError) throw error;
        ctx.logger.error(error, `${target} failed`);
        throw new InternalError();
      }
    };
    return guarded;
  };
}

/** The parts of an Express request and response {@link answerError} uses. */
interface ErrorRequest {
  log?: Logger;
}
interface ErrorResponse {
  headersSent: boolean;
  status(code: number): { json(body: unknown): void };
}

/**
 * Express error middleware, registered last: a client error the body parser flags as safe to show (`expose`:
 * malformed JSON, a body over the limit) keeps its status and message; anything else is logged and
 * answered with {@link INTERNAL_ERROR}. Never a stack.
 */
export function answerError(
  error: { status?: number; expose?: boolean; message?: string },
  req: ErrorRequest,
  res: ErrorResponse,
  next: (error: unknown) => void,
): void {
  if (res.headersSent) return next(error);
  const status = error?.status;
  if (error?.expose && typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ message: error.message });
    return;
  }
  req.log?.error(error, 'request failed');
  res.status(500).json(INTERNAL_ERROR);
}
