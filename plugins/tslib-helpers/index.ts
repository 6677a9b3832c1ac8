/**
 * Docusaurus plugin: `@docusaurus/utils-common`, which every page's `main.js` holds, gets from tslib only the
 * helpers it calls. Its CommonJS `lib/index.js` requires tslib as one object (`tslib_1.__importDefault(…)`), so
 * the bundler keeps all of tslib's ~40 helpers (about 4 KB gzip); here its `require("tslib")` resolves to
 * ./helpers.mjs, which re-exports those helpers from tslib's ES module build, whose unused exports the bundler
 * drops. Other packages' tslib is left as it is.
 *
 * The build fails, naming this plugin, when utils-common calls a helper ./helpers.mjs does not re-export, or
 * calls none ({@link assertHelpersCovered}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The module utils-common's `require("tslib")` gets. */
export const HELPERS_MODULE = path.join(__dirname, 'helpers.mjs');

/** The helpers {@link HELPERS_MODULE} re-exports. */
export const HELPERS = ['__importDefault'];

/** utils-common's compiled files, whose tslib request is replaced. */
const UTILS_COMMON_LIB = /[\\/]node_modules[\\/]@docusaurus[\\/]utils-common[\\/]lib[\\/][^\\/]+\.js$/;

/** A helper call as tsc's `importHelpers` writes it (`tslib_1.__importDefault(`). */
const HELPER_CALL = /\btslib_\d+\.(__\w+)/g;

/** Whether a request for `tslib` from the module `issuer` (its file) gets {@link HELPERS_MODULE}. */
export function replacesTslibFor(issuer: string): boolean {
  return UTILS_COMMON_LIB.test(issuer);
}

/** The tslib helpers the `.js` files of `libDir` call, sorted. */
export function helpersCalledIn(libDir: string): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(libDir).filter((name) => name.endsWith('.js')))
    for (const match of fs.readFileSync(path.join(libDir, file), 'utf8').matchAll(HELPER_CALL)) names.add(match[1]);
  return [...names].sort();
}

/**
 * @param libDir - utils-common's `lib` folder.
 * @throws {Error} naming plugins/tslib-helpers when its files call a tslib helper {@link HELPERS} lacks, or none.
 */
export function assertHelpersCovered(libDir: string): void {
  const called = helpersCalledIn(libDir);
  const missing = called.filter((name) => !HELPERS.includes(name));
  if (called.length > 0 && missing.length === 0) return;
  throw new Error(
    called.length === 0
      ? `plugins/tslib-helpers: @docusaurus/utils-common (${libDir}) calls no tslib helper any more; remove the speed-up (plugins/README.md).`
      : `plugins/tslib-helpers: @docusaurus/utils-common calls ${missing.join(', ')} from tslib; add ${missing.length > 1 ? 'them' : 'it'} to plugins/tslib-helpers/helpers.mjs and HELPERS.`,
  );
}

export default function tslibHelpersPlugin(): Plugin {
  return {
    name: 'tslib-helpers',
    configureWebpack(_config, _isServer, utils) {
      assertHelpersCovered(path.dirname(require.resolve('@docusaurus/utils-common')));
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const replace = new NormalModuleReplacementPlugin(
        /^tslib$/,
        (resource: { request: string; contextInfo?: { issuer?: string } }) => {
          if (replacesTslibFor(resource.contextInfo?.issuer ?? '')) resource.request = HELPERS_MODULE;
        },
      );
      return { plugins: [replace] };
    },
  };
}
