/**
 * What the Lambda functions behind CloudFront's function-URL behaviours share (the MCP server, ./handler.ts;
 * reader insights, deploy/insights/handler.ts): the request target of an event, and the answer to a request the
 * access decision (rules/access.ts) refuses. Neither serves pages, so a redirect to sign-in is a 401.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { GateDecision } from '../../rules/access';

/** Nothing a function answers is cached. */
export const NO_STORE = { 'cache-control': 'no-store' };

/** The event's path and query, as the access decision reads a request target. */
export function targetOf(event: LambdaFunctionURLEvent): string {
  return event.rawQueryString ? `${event.rawPath}?${event.rawQueryString}` : event.rawPath;
}

/** The answer to a refused decision: its status (401 for a redirect) and its challenge, if any. */
export function refusedAnswer(decision: Exclude<GateDecision, { pass: true }>): LambdaFunctionURLResult {
  const challenge = 'wwwAuthenticate' in decision ? decision.wwwAuthenticate : undefined;
  return {
    statusCode: decision.status === 302 ? 401 : decision.status,
    headers: { ...NO_STORE, ...(challenge ? { 'www-authenticate': challenge } : {}) },
  };
}
