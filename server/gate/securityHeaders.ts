/**
 * Response headers both gates send alike: the Fastify gate through helmet (server/app.ts,
 * {@link helmetOptions}), the CloudFront distribution through its response headers policy (deploy/stack.ts).
 * Both read the one table {@link SECURITY_HEADERS}; a test compares helmet's actual output with the
 * synthesized policy, so the two cannot drift.
 */
import type { HelmetOptions } from 'helmet';

/** `Referrer-Policy` values both helmet and CloudFront's `HeadersReferrerPolicy` take (W3C Referrer Policy §3). */
export type ReferrerPolicyValue =
  | 'no-referrer'
  | 'no-referrer-when-downgrade'
  | 'origin'
  | 'origin-when-cross-origin'
  | 'same-origin'
  | 'strict-origin'
  | 'strict-origin-when-cross-origin'
  | 'unsafe-url';

/**
 * The security headers of every response, by header name, as they go on the wire. Each value is typed to
 * what helmet can send for it: a header helmet only turns on or off has its one value as its type.
 * `Content-Security-Policy` is not here: its value depends on the build's script hashes ({@link cspHeader}).
 */
export interface SecurityHeaderTable {
  /** `max-age` in seconds; the Fastify gate sends it only over TLS (CloudFront always is). */
  'Strict-Transport-Security': { maxAgeSeconds: number; includeSubDomains: boolean };
  'X-Frame-Options': 'DENY' | 'SAMEORIGIN';
  'Referrer-Policy': ReferrerPolicyValue;
  'X-Content-Type-Options': 'nosniff';
  'Cross-Origin-Opener-Policy': 'same-origin' | 'same-origin-allow-popups' | 'noopener-allow-popups' | 'unsafe-none';
  'Cross-Origin-Resource-Policy': 'same-origin' | 'same-site' | 'cross-origin';
  'Origin-Agent-Cluster': '?1';
  'X-DNS-Prefetch-Control': 'on' | 'off';
  'X-Download-Options': 'noopen';
  'X-Permitted-Cross-Domain-Policies': 'none' | 'master-only' | 'by-content-type' | 'all';
  'X-XSS-Protection': '0';
}

/** The name of a header of {@link SecurityHeaderTable}, or the CSP's. */
export type SecurityHeaderName = keyof SecurityHeaderTable | 'Content-Security-Policy';

/**
 * The one table of security headers: helmet's defaults (helmet's README), framing denied outright and the
 * referrer kept to this origin. No `Cross-Origin-Embedder-Policy`: neither gate sends one.
 */
export const SECURITY_HEADERS: Readonly<SecurityHeaderTable> = {
  'Strict-Transport-Security': { maxAgeSeconds: 31_536_000, includeSubDomains: true },
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  // The browsers' legacy XSS auditor off, as helmet and OWASP advise: it opened leaks of its own.
  'X-XSS-Protection': '0',
};

/** helmet-style directives → one CSP header value (`defaultSrc` → `default-src 'self'`). */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

/**
 * Every security header of {@link SECURITY_HEADERS} and the CSP of `directives`, by name, as sent: what
 * CloudFront adds as custom headers when it has no field of its own for one.
 */
export function securityHeaderValues(directives: Record<string, string[]>): Record<SecurityHeaderName, string> {
  const { 'Strict-Transport-Security': hsts, ...others } = SECURITY_HEADERS;
  return {
    'Content-Security-Policy': cspHeader(directives),
    'Strict-Transport-Security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubDomains ? '; includeSubDomains' : ''}`,
    ...others,
  };
}

/**
 * helmet's options for {@link SECURITY_HEADERS} and the CSP of `directives`: every helmet header
 * named, so none is sent by a helmet default the table does not hold.
 *
 * @param tls - whether the site is served over TLS; HSTS only then.
 */
export function helmetOptions(directives: Record<string, string[]>, tls: boolean): HelmetOptions {
  const h = SECURITY_HEADERS;
  const hsts = h['Strict-Transport-Security'];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: tls
      ? { maxAge: hsts.maxAgeSeconds, includeSubDomains: hsts.includeSubDomains, preload: false }
      : false,
    xFrameOptions: { action: h['X-Frame-Options'] === 'DENY' ? 'deny' : 'sameorigin' },
    referrerPolicy: { policy: h['Referrer-Policy'] },
    xContentTypeOptions: true,
    crossOriginOpenerPolicy: { policy: h['Cross-Origin-Opener-Policy'] },
    crossOriginResourcePolicy: { policy: h['Cross-Origin-Resource-Policy'] },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: h['X-DNS-Prefetch-Control'] === 'on' },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: h['X-Permitted-Cross-Domain-Policies'] },
    xXssProtection: true,
  };
}

/**
 * `Cache-Control` of a hashed asset (`assets/…`): cached by the browser for a year, never by a shared
 * cache (a TLS-inspecting proxy would otherwise keep gated chunks and hand them to others).
 */
export const ASSET_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** `Cache-Control` of every other file of the build (pages, search index, sitemap): private, revalidated. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * `Vary` of a page: which of its files is sent depends on `Accept` (its HTML or its Markdown copy,
 * rules/negotiation.ts) and on `Accept-Encoding` (the build's brotli and gzip copies), so a cache keeps
 * each apart (RFC 9110 §12.5.5).
 */
export const PAGE_VARY = 'Accept, Accept-Encoding';
