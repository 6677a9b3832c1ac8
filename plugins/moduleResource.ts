/** The parts of a bundler module a `splitChunks` cache group's `test` reads (webpack 5 and Rspack). */
export interface ModuleLike {
  resource?: string;
  nameForCondition?: () => string | null;
}

/** The module's file path, for matching in a cache group's `test` ('' when it has none). */
export function resourceOf(module: ModuleLike): string {
  return module.nameForCondition?.() ?? module.resource ?? '';
}
