/**
 * Docusaurus plugin: keeps the OpenAPI reference's modules out of the `common` chunk that every page
 * loads. Docusaurus puts a module in `common` when more than half of the pages use it; with a page per
 * operation and schema, the API pages are the majority, so their markdown and explorer code ended up on
 * every doc page too (first-load JS of a doc page 319 → 458 KiB gzip). They now stay in the API pages'
 * own chunks. Configures Docusaurus' `splitChunks` (core lib/webpack/base.js), replaces nothing else.
 */
import type { Plugin } from '@docusaurus/types';

/** Modules used only by the API reference pages. */
const API_ONLY =
  /[\\/]node_modules[\\/](docusaurus-theme-openapi-docs|docusaurus-plugin-openapi-docs|react-markdown|micromark[^\\/]*|mdast-[^\\/]*|hast-[^\\/]*|unified|remark-[^\\/]*|rehype-[^\\/]*|@reduxjs|react-redux|crypto-js|postman-[^\\/]*)[\\/]/;

interface ModuleLike {
  resource?: string;
  nameForCondition?: () => string | null;
}

export default function apiChunksPlugin(): Plugin {
  return {
    name: 'api-chunks',
    configureWebpack(config, isServer) {
      const common =
        !isServer && config.optimization?.splitChunks ? config.optimization.splitChunks.cacheGroups?.common : undefined;
      if (common && typeof common === 'object') {
        common.test = (module: ModuleLike) => {
          const resource = module.nameForCondition?.() ?? module.resource ?? '';
          return !API_ONLY.test(resource);
        };
      }
      return {};
    },
  };
}
