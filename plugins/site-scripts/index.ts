/**
 * Docusaurus plugin: after the build, learns the exact inline scripts the site's own code writes into its
 * pages (./learn.ts: the plugins' HTML tags from `postBuild`'s `headTags`, `preBodyTags` and
 * `postBodyTags`, and React's streaming runtime from react-dom/server itself), minified by the same HTML
 * minifier as the pages (`@docusaurus/bundler` `getHtmlMinifier`, with the type core picks from
 * `future.faster.swcHtmlMinimizer`), and the pages a plugin writes whole (the client redirects). Writes
 * them to `.docusaurus/site-scripts.json` (rules/buildFiles.ts `SITE_SCRIPTS`), which the build's last step reads to allow exactly these
 * scripts and refuse every other (postbuild/pageSafety.ts).
 */
import fs from 'node:fs';
import { getHtmlMinifier } from '@docusaurus/bundler';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SITE_SCRIPTS, writeBuildFile } from '../../rules/buildFiles';
import { learnSiteScripts, redirectPagesOf, type LoadedPluginLike } from './learn';

export default function siteScriptsPlugin(context: LoadContext): Plugin {
  return {
    name: 'site-scripts',
    async postBuild({ headTags, preBodyTags, postBodyTags, siteConfig, plugins }) {
      const minifier = await getHtmlMinifier({
        type: siteConfig.future.faster.swcHtmlMinimizer ? 'swc' : 'terser',
      });
      const scripts = await learnSiteScripts({
        headTags,
        preBodyTags,
        postBodyTags,
        minify: async (html) => (await minifier.minify(html)).code,
        staticDirectories: siteConfig.staticDirectories,
        pluginPages: redirectPagesOf(plugins as unknown as LoadedPluginLike[]),
      });
      writeBuildFile(fs, context.generatedFilesDir, SITE_SCRIPTS, scripts);
    },
  };
}
