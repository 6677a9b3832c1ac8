/**
 * Which inline scripts of a built page the Content-Security-Policy allows (issue #22, L2): the site's
 * own (the theme's colour-mode script, the paint-first loader, plugin-client-redirects' redirect,
 * React's streaming runtime), never one that arrived through content. A step of postbuild/: its
 * hashes go to server/gate/csp.ts's `INLINE_SCRIPT_HASHES_FILE`.
 */
import crypto from 'node:crypto';
import { parse } from 'node-html-parser';

/** Where Docusaurus renders a page's React tree, and with it everything that comes from content. */
export const REACT_ROOT_ID = '__docusaurus';

/**
 * React's own streaming runtime inside the root (`$RB=[],$RV=…`, `$RC("B:0","S:0")`,
 * `requestAnimationFrame(function(){$RT=performance.now()})`): React's server renderer writes these to
 * reveal finished Suspense boundaries. Anything else inside the root came from a page's content.
 */
const REACT_RUNTIME = /^(?:\$R[A-Z]=|\$R[A-Z]\(|requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\)$)/;

/** The executable inline scripts of one page, split by who wrote them (see {@link classifyInlineScripts}). */
export interface PageScripts {
  /** Written by the site's own code: Docusaurus's templates and theme, our build steps, React's runtime. */
  trusted: string[];
  /** Arrived through content (Markdown/MDX, an OpenAPI description, `<Head>` in a page): never allowed. */
  content: string[];
}

/**
 * Splits a built page's executable inline scripts (issue #22, L2). Trusted: those outside the React
 * root that react-helmet did not add (the theme's colour-mode script, the paint-first loader,
 * plugin-client-redirects' redirect), and React's streaming runtime inside it. Content: a `<script>`
 * rendered from a doc, a post or an OpenAPI description (inside the root), or put into the head
 * through `<Head>` (react-helmet marks those `data-rh`).
 */
export function classifyInlineScripts(html: string): PageScripts {
  const scripts: PageScripts = { trusted: [], content: [] };
  for (const script of parse(html).querySelectorAll('script:not([src])')) {
    const type = script.getAttribute('type');
    if (type && type !== 'text/javascript' && type !== 'module') continue; // data, not executed
    let inRoot = false;
    for (let node = script.parentNode; node; node = node.parentNode) if (node.id === REACT_ROOT_ID) inRoot = true;
    const text = script.rawText;
    const trusted = inRoot ? REACT_RUNTIME.test(text.trim()) : !script.hasAttribute('data-rh');
    scripts[trusted ? 'trusted' : 'content'].push(text);
  }
  return scripts;
}

/** The CSP source that allows the inline script `text`: `'sha256-<base64>'` (CSP Level 3, hash-source). */
export const scriptHashSource = (text: string): string =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
