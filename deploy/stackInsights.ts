/**
 * Reader insights in the site stack (./stack.ts `SiteStack`): the insights table, the KMS key of the months'
 * secrets and the Lambda function (deploy/insights) behind `/insights/*`.
 */
import { CfnOutput, CfnParameter, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { functionLogs } from './siteParts';
import { functionUrlBehaviour } from './stackFunctions';
import { ORIGIN_SECRET_ENV } from './functionUrl/originSecret';
import { READER_KEY_PURPOSE } from '../server/insights/dynamoStore';
import { INSIGHTS_KEY_ENV, INSIGHTS_TABLE_ENV } from './insights/handler';

/** CloudFront's path pattern of reader insights (rules/insights.ts `INSIGHTS_EVENTS_PATH` is under it). */
export const INSIGHTS_PATH_PATTERN = '/insights/*';

/** The insights function's memory, in MB, and its longest request, in seconds (one batch write). */
export const INSIGHTS_MEMORY_MB = 256;
export const INSIGHTS_TIMEOUT_SECONDS = 10;

/**
 * How far back point-in-time recovery can restore the insights table, in days (DynamoDB's longest): a row or a
 * month's secret deleted from the table stays restorable this long. The secrets are encrypted under a key only
 * the insights function may use, so a restore holds no secret anyone else can read.
 */
export const INSIGHTS_PITR_DAYS = 35;

/**
 * What the account's administrators may do with the key of the months' secrets: manage it (its policy,
 * rotation, tags, deletion), not use it. No `kms:Encrypt`, `kms:Decrypt`, `kms:GenerateDataKey*`,
 * `kms:ReEncrypt*` or `kms:CreateGrant`: the insights function's role is the one principal the key policy lets
 * use the key. Changing the policy is allowed (CloudFormation updates it so), and CloudTrail records it.
 */
export const INSIGHTS_KEY_ADMIN_ACTIONS = [
  'kms:Describe*',
  'kms:List*',
  'kms:Get*',
  'kms:Enable*',
  'kms:Disable*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];

/**
 * Default of the parameter `InsightsReservedConcurrency`: a flood of events costs at most this many
 * executions, and leaves the rest of the account's concurrency (and the MCP function's) alone.
 */
export const DEFAULT_INSIGHTS_RESERVED_CONCURRENCY = 10;

/**
 * Reader insights (server/insights): a DynamoDB table (on demand, rows deleted by TTL on `expires` 13 months
 * after their day, point-in-time recovery for {@link INSIGHTS_PITR_DAYS} days, encrypted, kept when the stack
 * is deleted), the months' secrets in it encrypted under a KMS key only the function may use, written by a Lambda function (deploy/insights) behind `/insights/*` through a function URL, as the
 * MCP server is: the function makes the gate's access decision itself, requires the same origin secret, runs
 * behind the same WAF, caches nothing. The parameter `InsightsReservedConcurrency` caps how many requests it
 * runs at once; the table's name is the output `InsightsTableName` (`npm run insights -- --aws`).
 */
export function insightsBehaviours(
  scope: Construct,
  insightsBundleDir: string,
  headers: cloudfront.IResponseHeadersPolicy,
  originSecret: string,
): Record<string, cloudfront.BehaviorOptions> {
  const reserved = new CfnParameter(scope, 'InsightsReservedConcurrency', {
    type: 'Number',
    default: DEFAULT_INSIGHTS_RESERVED_CONCURRENCY,
    minValue: 0,
    description: 'Reader-insight requests the function runs at once at most (Lambda reserved concurrency; 0 stops it).',
  });
  const table = new dynamodb.TableV2(scope, 'Insights', {
    partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
    billing: dynamodb.Billing.onDemand(),
    timeToLiveAttribute: 'expires',
    pointInTimeRecoverySpecification: {
      pointInTimeRecoveryEnabled: true,
      recoveryPeriodInDays: INSIGHTS_PITR_DAYS,
    },
    encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const fn = new lambda.Function(scope, 'InsightsFunction', {
    runtime: lambda.Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(insightsBundleDir),
    memorySize: INSIGHTS_MEMORY_MB,
    timeout: Duration.seconds(INSIGHTS_TIMEOUT_SECONDS),
    reservedConcurrentExecutions: reserved.valueAsNumber,
    environment: { [ORIGIN_SECRET_ENV]: originSecret, [INSIGHTS_TABLE_ENV]: table.tableName },
    logGroup: functionLogs(scope, 'InsightsLogs'),
    description: 'Portal reader insights: verifies the Cognito access token, then records page feedback',
  });
  // Writes rows and the months' secrets, counts a reader's day; reads a month's secret. No scan, no delete
  // (TTL deletes).
  table.grant(fn, 'dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
  fn.addEnvironment(INSIGHTS_KEY_ENV, insightsSecretsKey(scope, fn.role!).keyArn);
  const url = fn.addFunctionUrl({
    authType: lambda.FunctionUrlAuthType.NONE,
    invokeMode: lambda.InvokeMode.BUFFERED,
  });
  new CfnOutput(scope, 'InsightsTableName', {
    value: table.tableName,
    description: 'The reader-insights table (npm run insights -- --aws --table <name>)',
  });
  return {
    [INSIGHTS_PATH_PATTERN]: functionUrlBehaviour(url, INSIGHTS_TIMEOUT_SECONDS, originSecret, headers),
  };
}

/**
 * The KMS key the months' secrets of reader insights are encrypted under (server/insights/dynamoStore.ts:
 * each month's secret is a data key it draws, kept in the table only as ciphertext). Its policy lets the
 * insights function's role draw and decrypt data keys for that purpose only, and the account manage the key
 * ({@link INSIGHTS_KEY_ADMIN_ACTIONS}) but not use it: whoever can read the table, its backups or a
 * point-in-time restore, `npm run insights -- --aws` included, gets no secret. Rotated yearly, kept when the
 * stack is deleted (with the table).
 */
export function insightsSecretsKey(scope: Construct, functionRole: iam.IRole): kms.Key {
  const key = new kms.Key(scope, 'InsightsSecretsKey', {
    description: "Encrypts the months' secrets of portal reader insights; only the insights function may use it",
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
    policy: new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({
          sid: 'AccountManagesTheKeyButDoesNotUseIt',
          principals: [new iam.AccountRootPrincipal()],
          actions: INSIGHTS_KEY_ADMIN_ACTIONS,
          resources: ['*'],
        }),
      ],
    }),
  });
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'OnlyTheInsightsFunctionUsesTheKey',
      principals: [functionRole],
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      resources: ['*'],
      conditions: { StringEquals: { 'kms:EncryptionContext:purpose': READER_KEY_PURPOSE } },
    }),
  );
  return key;
}
