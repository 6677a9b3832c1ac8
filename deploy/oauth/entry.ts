/**
 * The authorization server function's entry point `npm run deploy:build` bundles: the handler with its
 * configuration baked in by esbuild (`define`), its DynamoDB table, the origin secret and its own secret from the
 * environment the site stack sets (./environment.ts). Without any of them the function does not start.
 */
import { dynamoOAuthStore } from '../../server/oauth/dynamoStore';
import { ORIGIN_SECRET_ENV } from '../functionUrl/originSecret';
import { OAUTH_SECRET_ENV, OAUTH_TABLE_ENV } from './environment';
import { createOAuthHandler, type OAuthFunctionConfig } from './handler';

declare const __OAUTH_CONFIG__: OAuthFunctionConfig;

// eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
const table = process.env[OAUTH_TABLE_ENV];
if (!table)
  throw new Error(`${OAUTH_TABLE_ENV} is not set: the site stack sets it to the authorization server's table`);

export const handler = createOAuthHandler(
  __OAUTH_CONFIG__,
  dynamoOAuthStore(table),
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[ORIGIN_SECRET_ENV],
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[OAUTH_SECRET_ENV],
);
