/**
 * The search worker of `npm start`'s search bar: @easyops-cn/docusaurus-search-local's own (`theme/worker.js`),
 * which fetches `search-index.json`, loads it with lunr and answers searches as in a build. Loaded by
 * ./searchByWorker.ts as a worker of its own; the module exposes its `SearchWorker` when it is evaluated.
 */
import '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
