/**
 * The site search's options (@easyops-cn/docusaurus-search-local), in one place: `docusaurus.config.ts` gives them
 * to the plugin, and `npm start`'s index from the sources (plugins/dev-search/themeIndex.ts) is built with them, so
 * both index the same pages the same way. Local search only: a hosted crawler (Algolia) would index gated content.
 */
export const SEARCH_OPTIONS = {
  hashed: true,
  indexBlog: true,
  docsRouteBasePath: ['docs', 'api'],
  docsPluginIdForPreferredVersion: 'default',
} as const;
