/** The parts of a bundler module a `splitChunks` cache group's `test` reads (webpack 5 and Rspack). */
export interface ModuleLike {
  resource?: string;
  nameForCondition?: () => string | null;
}

/** The module's file path, for matching in a cache group's `test` ('' when it has none). */
export function resourceOf(module: ModuleLike): string {
  return module.nameForCondition?.() ?? module.resource ?? '';
}

/** The part of a bundler configuration {@link keepOutOfStylesChunk} changes. */
export interface SplitChunksConfig {
  optimization?: { splitChunks?: false | { cacheGroups?: Record<string, unknown> } };
}

/**
 * Keeps stylesheets whose file matches `exclude` out of the one `styles` CSS chunk that Docusaurus
 * merges all CSS into for every page (core lib/webpack/base.js, cache group `styles`), so they stay
 * with the chunk that imports them. Composes with what other plugins excluded before (each plugin
 * adds its own files). Client build only; the server build has no CSS chunks.
 */
export function keepOutOfStylesChunk(config: SplitChunksConfig, isServer: boolean, exclude: RegExp): void {
  const splitChunks = config.optimization?.splitChunks;
  const styles = !isServer && splitChunks ? splitChunks.cacheGroups?.styles : undefined;
  if (!styles || typeof styles !== 'object') return;
  const group = styles as { test?: unknown };
  const previous = typeof group.test === 'function' ? (group.test as (module: ModuleLike) => boolean) : () => true;
  group.test = (module: ModuleLike) => !exclude.test(resourceOf(module)) && previous(module);
}
