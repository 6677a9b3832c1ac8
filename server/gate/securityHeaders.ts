/**
 * Response headers both gates send alike: the Fastify gate through helmet
 * (server/app.ts), the CloudFront distribution through its response headers policy (deploy/stack.ts).
 * A test compares helmet's actual output with the synthesized policy, so the two cannot drift.
 */

/**
 * Headers helmet sends by default that CloudFront's security-headers settings have no field for; the
 * distribution adds them as custom headers. (CSP, HSTS, nosniff, frame options, referrer policy and
 * `X-XSS-Protection: 0` have their own CloudFront fields.)
 */
export const EXTRA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
};

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
