/**
 * Whether the page in the browser carries the gate's verified mark (rules/verifiedMark.ts, issue #9).
 */
import { VERIFIED_META_NAME, VERIFIED_VALUE } from '@site/rules/verifiedMark';

/** Whether `doc` is a page a gate sent after verifying the token (its head holds the mark). */
export function isGateVerified(doc: Document): boolean {
  return doc.head?.querySelector(`:scope > meta[name="${VERIFIED_META_NAME}"][content="${VERIFIED_VALUE}"]`) != null;
}
