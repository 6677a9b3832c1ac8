/**
 * Marks every built page but the public ones (the sign-in page) as sent by the gate only, with
 * `<meta name="portal-gate" content="verified">` (src/components/AuthGate/verified.ts, issues #9, #22), so a signed-in
 * visitor sees the page at first paint. Done at build time because the gate, and later the CDN edge
 * (issue #12), serve files as they are: neither rewrites a body per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VERIFIED_META } from '../../src/components/AuthGate/verified';

/** The page with the gate's mark first in its `<head>` (unchanged if it has one already, or no head). */
export function withVerifiedMark(html: string): string {
  if (html.includes(VERIFIED_META)) return html;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${VERIFIED_META}${html.slice(at)}`;
}

/**
 * @param buildDir - the Docusaurus output folder.
 * @param publicPages - HTML files (relative, `/`-separated) that anonymous visitors receive, e.g. `login/index.html`.
 * @returns how many pages were marked.
 */
export function markVerifiedPages(buildDir: string, publicPages: string[]): number {
  const skip = new Set(publicPages);
  let marked = 0;
  for (const name of fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' })) {
    const relative = name.split(path.sep).join('/');
    if (!relative.endsWith('.html') || skip.has(relative)) continue;
    const file = path.join(buildDir, name);
    const html = fs.readFileSync(file, 'utf8');
    const next = withVerifiedMark(html);
    if (next !== html) {
      fs.writeFileSync(file, next);
      marked += 1;
    }
  }
  return marked;
}
