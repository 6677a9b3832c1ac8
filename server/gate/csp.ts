/**
 * The Content-Security-Policy of the portal (issue #4): only this site's own scripts, plus the inline
 * scripts Docusaurus writes into its HTML (colour mode, client redirects), allowed by their SHA-256
 * hashes, computed at start-up; no `unsafe-eval`, no framing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import type { PortalEnv } from '../../config/env';
import { loadContract } from '../../config/openapi';
import { sandboxFirst, withApiHost, type OpenApiDocument } from '../../scripts/openapi/contract';

/** `'sha256-…'` sources of every distinct executable inline script in the built HTML files. */
export function inlineScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  const pages = fs
    .readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'));
  for (const page of pages) {
    const html = parse(fs.readFileSync(path.join(buildDir, page), 'utf8'));
    for (const script of html.querySelectorAll('script:not([src])')) {
      const type = script.getAttribute('type');
      if (type && type !== 'text/javascript' && type !== 'module') continue; // data, not executed
      hashes.add(`'sha256-${crypto.createHash('sha256').update(script.rawText).digest('base64')}'`);
    }
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
 * lists them (production on API_HOST; in local mode the local sandbox API on SANDBOX_PORT), OAuth.
 */
export function cspOriginsFor(env: PortalEnv): CspOrigins {
  const contract = loadContract() as OpenApiDocument;
  const servers = sandboxFirst(withApiHost(contract, env.apiHost), env.localSandbox.port).servers ?? [];
  const api = servers.map((server) => new URL(server.url).origin);
  const identity =
    env.auth.mode === 'local' ? [env.auth.userPoolEndpoint!] : [`https://cognito-idp.${env.auth.region}.amazonaws.com`];
  return {
    identity,
    api: [...new Set(api)],
    oauth: env.auth.oauth.domain ? `https://${env.auth.oauth.domain}` : undefined,
  };
}
