/**
 * The one way a request reaches the access decision (rules/access.ts) in the Lambda functions behind
 * CloudFront's function-URL behaviours (the MCP server, deploy/mcp; reader insights, deploy/insights; the
 * authorization server for AI tools, deploy/oauth): CloudFront's origin secret first (./originSecret.ts), then
 * the decision on the event's method, target, cookies, `Accept` and `Authorization`, and a refusal answered
 * as every runtime without pages answers it (rules/access.ts `refusalWithoutPages`).
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { decide, refusalWithoutPages, type GateDecision, type GateSettings } from '../../rules/access';
import { ORIGIN_SECRET_HEADER } from './originSecret';

/** Nothing a function answers is cached. */
export const NO_STORE = { 'cache-control': 'no-store' };

/** The event's path and query, as the access decision reads a request target. */
export function targetOf(event: LambdaFunctionURLEvent): string {
  return event.rawQueryString ? `${event.rawPath}?${event.rawQueryString}` : event.rawPath;
}

/** The answer to a refused decision, as every runtime without pages answers it (rules/access.ts). */
export function refusedAnswer(decision: Exclude<GateDecision, { pass: true }>): LambdaFunctionURLResult {
  const { status, headers } = refusalWithoutPages(decision);
  return { statusCode: status, headers };
}

/** A request the decision let in: the decision, and the event's headers without the origin secret. */
export interface Admitted {
  decision: Extract<GateDecision, { pass: true }>;
  headers: Record<string, string | undefined>;
}

/**
 * Admits one function URL event, or says what to answer instead: 403 when it does not carry CloudFront's
 * origin secret (`fromDistribution`, ./originSecret.ts `originSecretCheck`), else the access decision's
 * refusal. A function URL hands the `Cookie` header over as a list (payload format 2.0).
 */
export async function admit(
  event: LambdaFunctionURLEvent,
  fromDistribution: (header: string | undefined) => boolean,
  rules: GateSettings,
): Promise<Admitted | { answer: LambdaFunctionURLResult }> {
  const { [ORIGIN_SECRET_HEADER]: secret, ...headers } = event.headers ?? {};
  if (!fromDistribution(secret)) return { answer: { statusCode: 403, headers: NO_STORE } };
  const decision = await decide(
    {
      method: event.requestContext.http.method,
      target: targetOf(event),
      cookie: event.cookies?.join('; ') ?? headers.cookie,
      accept: headers.accept,
      authorization: headers.authorization,
    },
    rules,
  );
  return decision.pass ? { decision, headers } : { answer: refusedAnswer(decision) };
}
