/**
 * The theme's Markdown renderer (react-markdown with remark-gfm and rehype-raw) as the server build
 * uses it: imported statically, so server-rendered HTML holds every description. The browser build
 * gets ./renderer.browser.ts in its place (plugins/api-chunks, point 6).
 */
export { default } from '@theme-original/Markdown';

/** Resolves when the renderer can render without suspending; on the server, at once. */
export const preloadRenderer = (): Promise<unknown> => Promise.resolve();
