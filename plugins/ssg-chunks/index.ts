/**
 * Docusaurus plugin: the server bundle's page chunks share their common modules instead of each carrying
 * a copy, so the build's cost grows with the pages, not with pages × modules.
 *
 * Docusaurus builds the server bundle, which only renders the pages at build time (SSG), with
 * `optimization.splitChunks: false` (core `lib/webpack/base.js`, 3.10.2). Each route's content chunk then
 * holds its own copy of every module it imports that the entry does not: on this site each API page's
 * chunk would carry the OpenAPI theme's schema components and their Markdown stack, and each SSG worker
 * would read and compile every copy. Splitting the async chunks' shared modules out, with the bundler's
 * public `splitChunks` options, makes each one chunk, read and compiled once per worker. The client
 * bundle is left as core and plugins/api-chunks configure it.
 */
import type { Plugin } from '@docusaurus/types';

/**
 * The server bundle's `splitChunks`: modules used by two or more page chunks go into shared chunks
 * (webpack/Rspack `optimization.splitChunks`, `chunks: 'async'`: the entry stays one file).
 */
export const SERVER_SPLIT_CHUNKS = {
  chunks: 'async',
  // Every shared module, however small: a copy costs each page that carries it a read and a compile.
  minSize: 0,
  cacheGroups: { default: false, defaultVendors: false, shared: { minChunks: 2, reuseExistingChunk: true } },
} as const;

export default function ssgChunksPlugin(): Plugin {
  return {
    name: 'ssg-chunks',
    configureWebpack(config, isServer) {
      if (!isServer) return {};
      config.optimization = { ...config.optimization, splitChunks: SERVER_SPLIT_CHUNKS };
      return {};
    },
  };
}
