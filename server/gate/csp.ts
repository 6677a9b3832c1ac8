/**
 * The Content-Security-Policy of the portal (issue #4): only this site's own scripts, plus the inline
 * scripts the site's own code writes into its HTML (colour mode, paint-first loader, client redirects,
 * React's streaming runtime), allowed by their SHA-256 hashes, computed at start-up; never an inline
 * script that came with content (issue #22); no `unsafe-eval`, no framing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import type { PortalEnv } from '../../config/env';
import { loadContract } from '../../config/openapi';
import { serversForMode, withApiHost, type OpenApiDocument } from '../../scripts/openapi/contract';

/** Where Docusaurus renders a page's React tree, and with it everything that comes from content. */
const REACT_ROOT_ID = '__docusaurus';

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

const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/**
 * `'sha256-…'` sources of every distinct trusted inline script in the built HTML files (issue #4): the
 * CSP allows these and no other inline script, so a script that arrives through content is refused by
 * the browser (issue #22, L2).
 *
 * @param onContentScript - told of each page holding an inline script from content (it will not run).
 */
export function inlineScriptHashes(
  buildDir: string,
  onContentScript?: (page: string, script: string) => void,
): string[] {
  const hashes = new Set<string>();
  const pages = fs
    .readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'));
  for (const page of pages) {
    const { trusted, content } = classifyInlineScripts(fs.readFileSync(path.join(buildDir, page), 'utf8'));
    for (const text of trusted) hashes.add(sha256Source(text));
    for (const text of content) onContentScript?.(page, text);
  }
  return [...hashes].sort();
}

/** Origins the browser talks to besides this site. */
export interface CspOrigins {
  /** The identity service: Cognito (`https://cognito-idp.<region>.amazonaws.com`) or the local one. */
  identity: string[];
  /** Where "try it" sends requests: the API servers of the contract. */
  api: string[];
  /** OAuth hosted-UI origin for the SSO button, if configured. */
  oauth?: string;
}

/** helmet `contentSecurityPolicy.directives` for the portal. */
export function cspDirectives(scriptHashes: string[], origins: CspOrigins): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    // React and Amplify UI set style attributes; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    // The hosted UI too: Amplify redeems the OAuth code at `https://<domain>/oauth2/token` (issue #13).
    connectSrc: ["'self'", ...origins.identity, ...origins.api, ...(origins.oauth ? [origins.oauth] : [])],
    formAction: ["'self'", ...(origins.oauth ? [origins.oauth] : [])],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}

/**
 * Origins the browser may connect to: the identity service, the contract's API servers as the reference
 * lists them (production on API_HOST; in local mode only, the local sandbox API on SANDBOX_PORT, so with
 * a real user pool no localhost origin is named: issue #22, L3), OAuth.
 */
export function cspOriginsFor(env: PortalEnv): CspOrigins {
  const contract = loadContract() as OpenApiDocument;
  const servers =
    serversForMode(withApiHost(contract, env.apiHost), env.auth.mode, env.localSandbox.port).servers ?? [];
  const api = servers.map((server) => new URL(server.url).origin);
  const identity =
    env.auth.mode === 'local' ? [env.auth.userPoolEndpoint!] : [`https://cognito-idp.${env.auth.region}.amazonaws.com`];
  return {
    identity,
    api: [...new Set(api)],
    oauth: env.auth.oauth.domain ? `https://${env.auth.oauth.domain}` : undefined,
  };
}
