/**
 * The theme's Markdown renderer as the browser gets it (in place of ./renderer.ts, plugins/api-chunks
 * point 6): loaded on first use. react-markdown, the unified/remark/rehype family and parse5 are about
 * a third of the API page's code; evaluated before hydration, they made one of its long tasks.
 */
import { lazy } from 'react';

const load = () => import(/* webpackChunkName: "api-markdown" */ '@theme-original/Markdown');

export default lazy(load);

/** Starts loading the renderer (once; later calls share the load). Resolves when it can render. */
export const preloadRenderer = (): Promise<unknown> => load();
