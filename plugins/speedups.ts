/**
 * The site's speed-ups, one line each (plugins/speedup.ts says what one is). docusaurus.config.ts registers
 * their plugins from this list, the post-build pass runs their page steps, and `npm run -s speedups` prints
 * the table of their manifests.
 */
export { default as apiChunks } from './api-chunks/speedup';
export { default as apiSections } from './api-sections/speedup';
export { default as compileHints } from './compile-hints/speedup';
export { default as coreClient } from './core-client/speedup';
export { default as paintFirst } from './paint-first/speedup';
export { default as prismOnDemand } from './prism-on-demand/speedup';
export { default as progressOnDemand } from './progress-on-demand/speedup';
export { default as ssgChunks } from './ssg-chunks/speedup';
export { default as tslibHelpers } from './tslib-helpers/speedup';
export { default as warmCollator } from './warm-collator/speedup';
