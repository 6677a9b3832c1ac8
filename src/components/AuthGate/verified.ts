import { VERIFIED_META_NAME, VERIFIED_VALUE } from '@site/rules/verifiedMark';

/** Whether `doc` is a page a gate sent after verifying the token (its head holds the mark, rules/verifiedMark.ts). */
export function isGateVerified(doc: Document): boolean {
  return doc.head?.querySelector(`:scope > meta[name="${VERIFIED_META_NAME}"][content="${VERIFIED_VALUE}"]`) != null;
}
