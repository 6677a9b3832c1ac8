/**
 * The insights function's entry point `npm run deploy:build` bundles: the handler with its configuration baked
 * in by esbuild (`define`), the DynamoDB table, the KMS key of the months' secrets and the origin secret from
 * the environment the site stack sets. Without the origin secret or the key the function does not start.
 */
import { dynamoInsightsStore } from '../../server/insights/dynamoStore';
import { ORIGIN_SECRET_ENV } from '../functionUrl/originSecret';
import { createInsightsHandler, INSIGHTS_KEY_ENV, INSIGHTS_TABLE_ENV, type InsightsFunctionConfig } from './handler';

declare const __INSIGHTS_CONFIG__: InsightsFunctionConfig;

// eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
const keyId = process.env[INSIGHTS_KEY_ENV];
if (!keyId) throw new Error(`${INSIGHTS_KEY_ENV} is not set: the site stack sets it to the months' secrets' KMS key`);

export const handler = createInsightsHandler(
  __INSIGHTS_CONFIG__,
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  dynamoInsightsStore(process.env[INSIGHTS_TABLE_ENV] ?? '', { keyId }),
  // eslint-disable-next-line no-restricted-properties -- the Lambda runtime's environment, set by the site stack
  process.env[ORIGIN_SECRET_ENV],
);
