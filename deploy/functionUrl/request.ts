/**
 * What the Lambda functions behind CloudFront's function-URL behaviours share (the MCP server, ./handler.ts;
 * reader insights, deploy/insights/handler.ts): the request target of an event, and the answer to a request the
 * access decision (rules/access.ts) refuses, as rules/access.ts `refusalWithoutPages` says for a runtime without pages.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { refusalWithoutPages, type GateDecision } from '../../rules/access';

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
