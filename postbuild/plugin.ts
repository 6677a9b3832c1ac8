/**
 * The post-build pipeline's step inside `docusaurus build`: once the bundler is done, the hashed `assets/` are
 * final, so `postBuild` compresses them (./compressAssets.ts) in a child process while the other plugins'
 * `postBuild` (the search plugin indexing every page, on Docusaurus' thread) leaves a core idle. Their
 * encodings go to the compression cache (./compress.ts `COMPRESSION_CACHE_DIR`), where the last step
 * (./run.ts) finds them instead of compressing them again.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { runScript } from '../plugins/childScript';

const SCRIPT = path.join(__dirname, 'compressAssets.ts');

export default function postbuildPlugin(context: LoadContext): Plugin {
  return {
    name: 'postbuild-assets',
    async postBuild({ outDir }) {
      process.stdout.write(await runScript(SCRIPT, [outDir], context.siteDir));
    },
  };
}
