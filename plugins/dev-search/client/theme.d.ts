/** The modules of @easyops-cn/docusaurus-search-local's theme that ./EmptyTemplate.ts and ./searchWorker.ts load (0.55.3). */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/icons.js' {
  export const iconNoResults: string;
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
