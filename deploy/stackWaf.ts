/**
 * The site stack's WAF web ACL (./stack.ts `SiteStack`): a per-IP rate limit and AWS's managed common rule set,
 * with the exemptions the authorization server for AI tools needs, switched on and off by the `EnableWaf`
 * parameter.
 */
import { Aws, CfnCondition, CfnParameter, Fn } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { MCP_OAUTH_PREFIX } from '../rules/mcp';

/**
 * The rules of AWS's managed common rule set (and the labels they give a request) that would refuse the OAuth
 * requests of AI tools: a native tool's loopback redirect URI (`http://127.0.0.1:<port>/…`, RFC 8252) is a URL
 * with an IPv4 address, which they read as remote file inclusion or a reach for the instance metadata, in the
 * authorization request's query and in the registration and token requests' bodies. The WAF lets them count,
 * not block, under `/oauth/` only, where the authorization server checks every redirect URI against the client's
 * and never fetches one (it fetches a client's metadata document with its own guard, server/oauth/clientMetadata.ts).
 */
export const OAUTH_WAF_EXEMPT_RULES = [
  { rule: 'GenericRFI_QUERYARGUMENTS', label: 'GenericRFI_QueryArguments' },
  { rule: 'GenericRFI_BODY', label: 'GenericRFI_Body' },
  { rule: 'EC2MetaDataSSRF_QUERYARGUMENTS', label: 'EC2MetaDataSSRF_QueryArguments' },
  { rule: 'EC2MetaDataSSRF_BODY', label: 'EC2MetaDataSSRF_Body' },
] as const;

/** Requests one IP address may make in 5 minutes before the WAF blocks it (default of `WafRateLimit`). */
export const DEFAULT_RATE_LIMIT = 2000;

/**
 * The WAF web ACL in front of the distribution (parameters `EnableWaf`, `WafRateLimit`): its ARN, or no
 * value when the parameter turns it off.
 *
 * @param oauth - whether the stack serves the authorization server ({@link webAcl} says what changes).
 */
export function wafAclId(scope: Construct, oauth: boolean): string {
  const enableWaf = new CfnParameter(scope, 'EnableWaf', {
    type: 'String',
    allowedValues: ['true', 'false'],
    default: 'true',
    description: 'Put a WAF web ACL (rate limit, AWS managed common rules) in front of the distribution.',
  });
  const rateLimit = new CfnParameter(scope, 'WafRateLimit', {
    type: 'Number',
    default: DEFAULT_RATE_LIMIT,
    minValue: 100,
    description: 'Requests one IP address may make in any 5 minutes before the WAF blocks it.',
  });
  const acl = webAcl(scope, rateLimit.valueAsNumber, oauth);
  const wafOn = new CfnCondition(scope, 'WafOn', { expression: Fn.conditionEquals(enableWaf.valueAsString, 'true') });
  acl.cfnOptions.condition = wafOn;
  return Fn.conditionIf(wafOn.logicalId, acl.attrArn, Aws.NO_VALUE).toString();
}

/**
 * A CloudFront-scope web ACL: a per-IP rate limit, then AWS's managed common rule set. With the authorization
 * server, the common rules in {@link OAUTH_WAF_EXEMPT_RULES} block everywhere but under `/oauth/`: they count
 * there, and a rule after the group blocks by their labels the requests outside it.
 */
export function webAcl(scope: Construct, rateLimit: number, oauth: boolean): wafv2.CfnWebACL {
  const visibility = (metricName: string) => ({
    cloudWatchMetricsEnabled: true,
    metricName,
    sampledRequestsEnabled: true,
  });
  const outsideTheAuthorizationServer: wafv2.CfnWebACL.RuleProperty = {
    name: 'CommonRulesOutsideTheAuthorizationServer',
    priority: 2,
    action: { block: {} },
    statement: {
      andStatement: {
        statements: [
          {
            orStatement: {
              statements: OAUTH_WAF_EXEMPT_RULES.map(({ label }) => ({
                labelMatchStatement: { scope: 'LABEL', key: `awswaf:managed:aws:core-rule-set:${label}` },
              })),
            },
          },
          {
            notStatement: {
              statement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: `${MCP_OAUTH_PREFIX}/`,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        ],
      },
    },
    visibilityConfig: visibility('common-rules-outside-oauth'),
  };
  return new wafv2.CfnWebACL(scope, 'WebAcl', {
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('portal'),
    rules: [
      {
        name: 'RateLimitPerIp',
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { limit: rateLimit, aggregateKeyType: 'IP' } },
        visibilityConfig: visibility('rate-limit'),
      },
      {
        name: 'AWSManagedRulesCommonRuleSet',
        priority: 1,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: 'AWSManagedRulesCommonRuleSet',
            ...(oauth && {
              ruleActionOverrides: OAUTH_WAF_EXEMPT_RULES.map(({ rule }) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            }),
          },
        },
        visibilityConfig: visibility('common-rules'),
      },
      ...(oauth ? [outsideTheAuthorizationServer] : []),
    ],
  });
}
