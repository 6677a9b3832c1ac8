/**
 * The Content-Security-Policy of the portal: only this site's own scripts, plus the inline
 * scripts the site's own code writes into its HTML (colour mode, paint-first loader, client redirects,
 * React's streaming runtime), allowed by their SHA-256 hashes, listed by the build
 * ({@link INLINE_SCRIPT_HASHES_FILE}); never an inline script that came with content; no
 * `unsafe-eval`, no framing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PortalEnv } from '../../config/env';
import { loadContract } from '../../config/openapi';
import { INLINE_SCRIPT_HASHES_FILE } from '../../rules/buildFiles';
import { serversForMode, withApiHost, type OpenApiDocument } from '../../rules/contract';

/**
 * The `'sha256-…'` sources the CSP allows: read from the build's
 * {@link INLINE_SCRIPT_HASHES_FILE}, so the gate starts without parsing every page.
 *
 * @throws {Error} when the file is missing or is not a list of sha256 sources (run `npm run build`).
 */
export function readInlineScriptHashes(buildDir: string): string[] {
  const file = path.join(buildDir, INLINE_SCRIPT_HASHES_FILE);
  let hashes: unknown;
  try {
    hashes = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} is missing or unreadable (${error instanceof Error ? error.message : error}): run "npm run build", whose last step writes it.`,
    );
  }
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h)))
    throw new Error(`${file} must be a JSON list of 'sha256-…' sources: run "npm run build" again.`);
  return hashes as string[];
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
    // The hosted UI too: Amplify redeems the OAuth code at `https://<domain>/oauth2/token`.
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
 * a real user pool no localhost origin is named), OAuth.
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
