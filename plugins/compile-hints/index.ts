/**
 * Docusaurus plugin: `main.js` starts with V8's explicit compile hint, the magic comment
 * `//# allFunctionsCalledOnLoad` (v8.dev/blog/explicit-compile-hints; Chrome 136 and later), so Chrome
 * compiles all of its functions while it streams the file in, on a background thread, instead of on the main
 * thread as each is first called. `main.js` is what every page runs to start (React, the router, the site's
 * providers and client modules), nearly all of it at once: compiled as it runs, its evaluation is a page's
 * longest task, most of it compiling. A browser without the hint reads a comment.
 *
 * The comment goes in with the bundler's own BannerPlugin after minification (which would drop it) and
 * before the content hash, so the file's name still follows its content. The build fails, naming this
 * plugin, when no `main.*.js` of the build starts with it ({@link assertCompileHint}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The magic comment, which V8 reads only at the very start of a script. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Docusaurus' entry script, `assets/js/main.<hash>.js` (its client entry is named `main`). */
export const MAIN_SCRIPT = /(?:^|\/)main\.[0-9a-f]+\.js$/;

/**
 * @param jsDir - the build's `assets/js` folder.
 * @throws {Error} naming plugins/compile-hints when no `main.*.js` is there, or one does not start with
 *   {@link COMPILE_HINT}.
 */
export function assertCompileHint(jsDir: string): void {
  const mains = fs.readdirSync(jsDir).filter((name) => MAIN_SCRIPT.test(name));
  const missing = mains.filter((name) => !fs.readFileSync(path.join(jsDir, name), 'utf8').startsWith(COMPILE_HINT));
  if (mains.length > 0 && missing.length === 0) return;
  throw new Error(
    mains.length === 0
      ? `plugins/compile-hints: no main.*.js in ${jsDir}; the entry script is named otherwise now, update MAIN_SCRIPT (plugins/README.md).`
      : `plugins/compile-hints: ${missing.join(', ')} does not start with "${COMPILE_HINT}"; the bundler's BannerPlugin no longer puts it first after minification (plugins/README.md).`,
  );
}

export default function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const { BannerPlugin, Compilation } = utils.currentBundler.instance;
      const hint = new BannerPlugin({
        banner: COMPILE_HINT,
        raw: true,
        test: MAIN_SCRIPT,
        // After the minimizer (PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE), before the real content hash.
        stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      });
      return { plugins: [hint] };
    },
    postBuild({ outDir }) {
      assertCompileHint(path.join(outDir, 'assets', 'js'));
    },
  };
}
