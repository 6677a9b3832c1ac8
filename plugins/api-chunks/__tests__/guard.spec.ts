/**
 * api-chunks' guards, read from the build after `npm run build` (the `speedups` project of
 * playwright.config.ts) and in the browser: one copy of each postman package and the stubs in place of what
 * they replace (the bundled-modules list the plugin writes, rules/buildFiles.ts `BUNDLED_MODULES`); the
 * theme's Node polyfills kept from the pages' first load; the theme's CSS on API pages only, and linked in
 * their HTML without Docusaurus fetching it again. Each fails naming the part of the speed-up that no longer
 * takes effect.
 */
import { test, expect, signInAt } from '../../../tests/support/e2e';
import { globalStylesheet } from '../../../tests/perf/budgets';
import { builtFile, builtText, firstLoadText, SITE } from '../../../tests/support/builtSite';
import { BUNDLED_MODULES, CLIENT_MANIFEST } from '../../../rules/buildFiles';
import { chunkGroupFiles } from '../../../rules/firstLoad';

test('one postman-collection in the browser bundle and no faker (api-chunks: one copy, stubs)', () => {
  const modules = builtFile(BUNDLED_MODULES);
  const copies = new Set(
    modules.map((file) => /^(.*?node_modules\/postman-collection)\//.exec(file)?.[1]).filter(Boolean),
  );
  expect([...copies]).toEqual(['node_modules/postman-collection']);
  expect(modules.filter((file) => file.includes('node_modules/@faker-js/faker/'))).toEqual([]);
});

test('api-chunks stubs: iconv-lite and crypto-js reach the browser as their stubs only', () => {
  const modules = builtFile(BUNDLED_MODULES);
  expect(
    modules.filter((file) => file.includes('node_modules/iconv-lite/')),
    'api-chunks: the iconv-lite stub no longer replaces the package (the request `iconv-lite` changed)',
  ).toEqual([]);
  expect(
    modules.filter((file) => /node_modules\/crypto-js\/(?!core\.js$|sha1\.js$)/.test(file)),
    'api-chunks: the crypto-js stub no longer replaces the package (the theme imports crypto-js differently)',
  ).toEqual([]);
});

test('the theme’s CSS comes with the API pages only, never in the global stylesheet', () => {
  // plugins/moduleResource.ts keepOutOfStylesChunk rewrites core's splitChunks.cacheGroups.styles (a Docusaurus
  // internal); when that stops matching, the theme's stylesheet falls back into the one every page blocks on.
  expect(
    /\.openapi__[a-z]/.test(globalStylesheet(SITE)),
    'api-chunks API-page styles (the OpenAPI theme’s CSS on API pages only) no longer keep lib/theme/styles.scss out of core’s splitChunks.cacheGroups.styles',
  ).toBe(false);
  expect(/\.openapi__[a-z]/.test(firstLoadText('/api/v1/search-documents', '.css'))).toBe(true);
  expect(/\.openapi__[a-z]/.test(firstLoadText('/docs/document_format/schema', '.css'))).toBe(false);
});

/** String literals of the theme's Node polyfills that survive minification. */
const POLYFILLS = [
  {
    marker: 'process.binding is not supported',
    what: 'the process polyfill',
    session: false,
    part: 'api-chunks polyfill aliases keep the theme’s ProvidePlugin process/browser away from React (stubs/no-process.js)',
  },
  {
    marker: 'Unknown encoding: ',
    what: 'the Buffer polyfill',
    session: true,
    part: 'api-chunks polyfill aliases keep the theme’s ProvidePlugin buffer away from Amplify’s sha256 (stubs/no-buffer.js)',
  },
];

test('neither the non-API pages’ first load nor the session code carry the theme’s Node polyfills', () => {
  // The session module (AuthProvider/loadSession.ts) loads after hydration on every page that needs Amplify;
  // the API pages' explorer needs the polyfills, so their first load may hold them.
  const session = chunkGroupFiles(builtFile(CLIENT_MANIFEST), 'session')
    .filter((file) => file.endsWith('.js'))
    .map(builtText)
    .join('\n');
  const pages = ['/', '/login', '/docs/document_format/schema'];
  const found: string[] = [];
  for (const { marker, what, session: inSession, part } of POLYFILLS) {
    if (inSession && session.includes(marker))
      found.push(`${what} is in the session chunk: ${part} no longer takes effect`);
    for (const page of pages.filter((p) => firstLoadText(p, '.js').includes(marker)))
      found.push(`${what} is in ${page}'s first-load JavaScript: ${part} no longer takes effect`);
  }
  expect(found).toEqual([]);
});

test('no page loads a stylesheet twice: the API pages’ linked CSS is not fetched again by Docusaurus', async ({
  page,
}) => {
  // ../routeStylesheets.ts links a route's CSS in its HTML and relies on Docusaurus' CSS chunk loader
  // skipping a <link> already in the page (a bundler internal); if it stops, the CSS loads twice.
  await signInAt(page);
  const linked = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
  // Requests of one document's life: its load, its hydration and a client-side navigation. A new
  // document (a redirect, a reload) starts the list again, so only a true second fetch counts.
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requested.length = 0;
    else if (request.resourceType() === 'stylesheet') requested.push(new URL(request.url()).pathname);
  });
  await page.goto('/api/v1/search-documents');
  await expect(page.locator('.openapi__method-endpoint').first()).toBeVisible();
  await page
    .getByRole('link', { name: /Count documents/ })
    .first()
    .click();
  await expect(page).toHaveURL(/count-documents/);
  await page.waitForLoadState('networkidle');
  const links = await linked();
  expect(links.length).toBeGreaterThan(1);
  expect(links.filter((href, i) => links.indexOf(href) !== i)).toEqual([]);
  expect(requested.filter((href, i) => requested.indexOf(href) !== i)).toEqual([]);
});
