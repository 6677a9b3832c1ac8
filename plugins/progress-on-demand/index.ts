/**
 * Docusaurus plugin: theme-classic's route progress bar (nprogress, ~2 KB gzip) loads on the first navigation,
 * not in every page's `main.js` (./client). Its client module, which Docusaurus' generated client-modules.js
 * imports by its absolute path, is replaced there by ./client/index.ts, which imports the original on demand.
 * The build fails, naming this plugin, when `main.js` still holds nprogress or no chunk does
 * ({@link assertProgressBarDeferred}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** theme-classic's client module, as client-modules.js requests it (an absolute path). */
export const PROGRESS_CLIENT_MODULE = /^[\\/].*[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/;

/** What client-modules.js gets instead. */
export const CLIENT = path.join(__dirname, 'client', 'index.ts');

/** The generated module that imports every client module. */
const CLIENT_MODULES = /[\\/]client-modules\.js$/;

/** A line of nprogress's settings as it survives minification (nprogress 0.2.0). */
export const NPROGRESS_MARK = 'trickleSpeed:';

/** Whether a request from `issuer` for `request` gets {@link CLIENT}. */
export function replacesRequest(request: string, issuer: string): boolean {
  return PROGRESS_CLIENT_MODULE.test(request) && CLIENT_MODULES.test(issuer);
}

/**
 * @param jsDir - the build's `assets/js` folder.
 * @throws {Error} naming plugins/progress-on-demand when a `main.*.js` holds nprogress, or no script does.
 */
export function assertProgressBarDeferred(jsDir: string): void {
  const scripts = fs.readdirSync(jsDir).filter((name) => name.endsWith('.js'));
  const holding = scripts.filter((name) => fs.readFileSync(path.join(jsDir, name), 'utf8').includes(NPROGRESS_MARK));
  const inMain = holding.filter((name) => name.startsWith('main.'));
  if (holding.length > 0 && inMain.length === 0) return;
  throw new Error(
    inMain.length > 0
      ? `plugins/progress-on-demand: ${inMain.join(', ')} still holds nprogress; theme-classic's lib/nprogress client module is no longer replaced (plugins/README.md).`
      : 'plugins/progress-on-demand: no script of the build holds nprogress; the route progress bar is gone (plugins/README.md).',
  );
}

export default function progressOnDemandPlugin(): Plugin {
  return {
    name: 'progress-on-demand',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const replace = new NormalModuleReplacementPlugin(
        PROGRESS_CLIENT_MODULE,
        (resource: { request: string; contextInfo?: { issuer?: string } }) => {
          if (replacesRequest(resource.request, resource.contextInfo?.issuer ?? '')) resource.request = CLIENT;
        },
      );
      return { plugins: [replace] };
    },
    postBuild({ outDir }) {
      assertProgressBarDeferred(path.join(outDir, 'assets', 'js'));
    },
  };
}
