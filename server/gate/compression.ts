/**
 * The content codings the gate serves (issue #9): every text file of the build has a brotli (`.br`) and
 * a gzip (`.gz`) sibling, written once after the build (postbuild/compress.ts), never per request; the
 * gate picks one by `Accept-Encoding` (@fastify/static `preCompressed` for assets, server/app.ts for
 * pages).
 */

/** Content codings produced, best first, with their file suffix. */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** A content coding the gate can send. */
export type Coding = (typeof ENCODINGS)[number]['coding'] | 'identity';
