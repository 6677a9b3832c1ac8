/**
 * The secret that ties the MCP function to its CloudFront distribution. The function URL's auth type is
 * `NONE` (deploy/mcp/handler.ts says why), so anyone who learns the URL could call it past the WAF's rate
 * limit and body-size rule and past CloudFront's logs. The site stack (deploy/stack.ts) creates a random
 * secret in Secrets Manager; CloudFront sends it to the function URL origin as the custom header
 * {@link ORIGIN_SECRET_HEADER}, and the function refuses with 403 any request that lacks it, before anything
 * else runs. This is the usual way to keep an origin to one distribution when origin access control cannot
 * sign the request (CloudFront Developer Guide, "Adding custom headers to origin requests").
 *
 * How the function reads it: from the environment variable {@link ORIGIN_SECRET_ENV}, which the stack sets
 * to a CloudFormation dynamic reference (`{{resolve:secretsmanager:…}}`), resolved at deploy time. Neither
 * the repository, the bundle nor the synthesized template holds the value. Reading it from Secrets Manager
 * at cold start with the SDK instead would guard nothing more: CloudFront keeps custom header values in the
 * distribution's configuration in plain text, so whoever can read that can read the secret anyway, and a
 * network call on every cold start adds latency and a way to fail. Both the header and the variable are resolved when the stack
 * updates their resources, so the two always carry the same value.
 */
import crypto from 'node:crypto';

/**
 * The origin custom header CloudFront adds to every request to the MCP function (lower case, as Lambda
 * function URLs pass headers). A viewer's own header of that name is replaced by CloudFront's.
 */
export const ORIGIN_SECRET_HEADER = 'x-portal-origin-secret';

/** The function's environment variable that holds the secret (set by deploy/stack.ts, never by hand). */
export const ORIGIN_SECRET_ENV = 'PORTAL_ORIGIN_SECRET';

/** The shortest secret the function accepts, in characters; the stack generates {@link ORIGIN_SECRET_LENGTH}. */
export const MIN_ORIGIN_SECRET_LENGTH = 32;

/** Length of the secret the stack generates, in characters (letters and digits: about 380 bits). */
export const ORIGIN_SECRET_LENGTH = 64;

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/**
 * A check of the header against the secret, in constant time: both sides are hashed to SHA-256 first, so
 * `crypto.timingSafeEqual` compares two 32-byte digests whatever the header's length, and the time taken
 * says nothing about how much of the secret a caller guessed.
 *
 * @param secret - the secret, at least {@link MIN_ORIGIN_SECRET_LENGTH} characters.
 * @returns a function that tells whether a request's header value (`undefined` when absent) is the secret.
 * @throws {Error} when the secret is missing or shorter than {@link MIN_ORIGIN_SECRET_LENGTH}: a function
 *   built without it would let any direct call in or refuse everyone, so it does not start.
 */
export function originSecretCheck(secret: string | undefined): (header: string | undefined) => boolean {
  if (!secret || secret.length < MIN_ORIGIN_SECRET_LENGTH) {
    throw new Error(
      `${ORIGIN_SECRET_ENV} is ${secret ? `${secret.length} characters` : 'not set'}: the MCP function needs the ` +
        `origin secret the site stack creates (at least ${MIN_ORIGIN_SECRET_LENGTH} characters; deploy/stack.ts sets it).`,
    );
  }
  const expected = digest(secret);
  return (header) => header !== undefined && crypto.timingSafeEqual(digest(header), expected);
}
