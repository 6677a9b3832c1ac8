/**
 * The environment the site stack (deploy/stack.ts) gives the functions that use the MCP authorization server's
 * state: its own function (./handler.ts) and the MCP function (deploy/mcp). Everything else they trust is baked
 * into their bundles by `npm run deploy:build`. A module of its own, so the MCP function's bundle names these
 * without carrying the authorization server.
 */

/** The DynamoDB table of the authorization server's state (server/oauth/dynamoStore.ts), by name. */
export const OAUTH_TABLE_ENV = 'MCP_OAUTH_TABLE';

/**
 * The secret the authorization server's cookie keys and signing key derive from (server/oauth/authorizationServer.ts
 * `secret`, the role MCP_OAUTH_SECRET has for the single-process gate): a CloudFormation dynamic reference to the
 * stack's Secrets Manager secret, resolved at deploy time, as the origin secret is (deploy/functionUrl/originSecret.ts).
 */
export const OAUTH_SECRET_ENV = 'MCP_OAUTH_SECRET';

/** The shortest secret the authorization server accepts, in characters (server/oauth/authorizationServer.ts). */
export const MIN_OAUTH_SECRET_LENGTH = 32;

/** Length of the secret the stack generates, in characters (letters and digits: about 380 bits). */
export const OAUTH_SECRET_LENGTH = 64;
