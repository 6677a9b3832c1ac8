/**
 * The insights function's entry point `npm run deploy:build` bundles: the handler with its configuration baked
 * in by esbuild (`define`), the DynamoDB table and the origin secret from the environment the site stack sets.
 * Without the secret the function does not start.
 */
import { dynamoInsightsStore } from '../../server/insights/dynamoStore';
import { ORIGIN_SECRET_ENV } from '../mcp/originSecret';
import { createInsightsHandler, INSIGHTS_TABLE_ENV, type InsightsFunctionConfig } from './handler';

declare const __INSIGHTS_CONFIG__: InsightsFunctionConfig;

export const handler = createInsightsHandler(
  __INSIGHTS_CONFIG__,
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  dynamoInsightsStore(process.env[INSIGHTS_TABLE_ENV] ?? ''),
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[ORIGIN_SECRET_ENV],
);
