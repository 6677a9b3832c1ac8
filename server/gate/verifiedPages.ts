/**
 * Marks every built page but the public ones (the sign-in page) as sent by the gate only, with
 * `<html data-gate="verified">` (src/components/AuthGate/verified.ts, issue #9), so a signed-in
 * visitor sees the page at first paint. Done at build time because the gate, and later the CDN edge
 * (issue #12), serve files as they are: neither rewrites a body per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VERIFIED_ATTRIBUTE, VERIFIED_VALUE } from '../../src/components/AuthGate/verified';

/** The `<html …>` start tag with the gate's mark added (unchanged if it has one already). */
export function withVerifiedMark(html: string): string {
  const start = html.search(/<html[\s>]/i);
  if (start < 0) return html;
  const end = html.indexOf('>', start);
  if (html.slice(start, end).includes(`${VERIFIED_ATTRIBUTE}=`)) return html;
  return `${html.slice(0, start + '<html'.length)} ${VERIFIED_ATTRIBUTE}="${VERIFIED_VALUE}"${html.slice(start + '<html'.length)}`;
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
