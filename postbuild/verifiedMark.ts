/**
 * Marks a built page as sent by the gate only, with `<meta name="portal-gate" content="verified">`
 * (src/components/AuthGate/verified.ts), so a signed-in visitor sees the page at first paint. Every
 * page but the public ones (the sign-in page) gets it. Done at build time because the gate and the CDN
 * edge serve files as they are: neither rewrites a body per request.
 */
import { VERIFIED_META } from '../rules/verifiedMark';

/** The page with the gate's mark first in its `<head>` (unchanged if it has one already, or no head). */
export function withVerifiedMark(html: string): string {
  if (html.includes(VERIFIED_META)) return html;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${VERIFIED_META}${html.slice(at)}`;
}
