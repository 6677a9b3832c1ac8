/**
 * Site configuration of the portal. It only composes: values come from `config/env.ts` (read once),
 * navbar and footer from `config/navbar.ts`, the API reference from `config/openapi.ts`.
 * Rules cited as "spec §N" are from ../shared/spec/portal-spec.md.
 */
import path from 'node:path';
import type { Config, LoadContext, PluginConfig } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { ThemeConfig as OpenApiThemeConfig } from 'docusaurus-theme-openapi-docs/src/types';
import { darkCodeTheme, lightCodeTheme } from './config/codeThemes';
import { PRISM_ADDITIONAL_LANGUAGES } from './config/codeLanguages';
import { configWarnings, customerBuildError, portalEnv as env, warnOnce } from './config/env';
import { navbar, footer } from './config/navbar';
import {
  apiBearerSchemes,
  apiDocsPlugin,
  apiSampleBase,
  apiLanguageTabs,
  GENERATED_STATIC_DIR,
  openApiPlugin,
  runsOpenApiGenerator,
} from './config/openapi';
import type { PortalCustomFields } from './src/components/AuthProvider/customFields';
import signInAssets from './plugins/sign-in-assets';
import routeTree from './plugins/route-tree';
import markdownExport from './plugins/markdown-export';
import postbuildAssets from './postbuild/plugin';
import siteScripts from './plugins/site-scripts';
import * as speedups from './plugins/speedups';
import { speedupPlugins } from './plugins/speedup';
import mcpDevProxy from './plugins/mcp-dev-proxy';
import devSearch from './plugins/dev-search';
import devServerHosts from './plugins/dev-server-hosts';
import openApiSafety from './plugins/openapi-safety';
import { safeMarkdownGenerators } from './plugins/openapi-safety/generators';
import { sidebarItemsGenerator } from './config/docsSidebar';
import { SEARCH_OPTIONS } from './config/search';
import { docsExclude } from './config/docsAudience';
import { remarkLocalParts } from './rules/localParts';
import { insideGitWorkTree } from './config/lastUpdate';

// Parts of a page for a portal run on the reader's own machine (`:::on-your-machine`): a build for a user pool
// leaves them out, a local run shows them as a note (rules/localParts.ts; the Markdown copies follow the same rule).
const localParts = [
  [remarkLocalParts, { mode: env.auth.mode }] as [typeof remarkLocalParts, { mode: typeof env.auth.mode }],
];

const customFields: PortalCustomFields = {
  auth: env.auth,
  productName: env.productName,
  apiBearerSchemes: apiBearerSchemes(),
  apiBase: apiSampleBase(),
  mcpSignIn: env.mcp.oauth !== undefined,
  ...(env.auth.mode === 'local'
    ? { localAccount: { username: env.localIdentity.demoUsername, password: env.localIdentity.demoPassword } }
    : {}),
  ...(env.providerContact ? { providerContact: env.providerContact } : {}),
};

// A build for a user pool is the customers': it stops here when a setting their pages depend on is missing.
const refusal = customerBuildError(env);
if (refusal) throw refusal;

// What the pages lack, printed once a run: not by the generator's commands (`npm run gen-api`, which `npm start` and
// `npm run build` run first), and not again when Docusaurus evaluates this file anew.
const generatorOnly = runsOpenApiGenerator(process.argv);
if (!generatorOnly) for (const warning of configWarnings(env)) warnOnce(warning);

/** Outside a Git work tree Docusaurus cannot date the docs and would stop the build (config/lastUpdate.ts). */
const showLastUpdate = insideGitWorkTree(__dirname);
if (!showLastUpdate && !generatorOnly)
  warnOnce('[docs] Not in a Git work tree: doc pages show no "Last updated" date.');

/** The OpenAPI plugin's options with the page generators of plugins/openapi-safety. */
function withGenerators(options: typeof openApiPlugin) {
  const customer = { ...options.config.customer, markdownGenerators: safeMarkdownGenerators() };
  return { ...options, config: { ...options.config, customer } };
}

const config: Config = {
  title: env.productName,
  tagline: env.tagline,
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  trailingSlash: undefined,
  i18n: { defaultLocale: 'en', locales: ['en'] },
  future: { v4: true, faster: true },
  // Its inline banner script is added through react-helmet, like a `<Head><script>` in a page, which the
  // CSP refuses (server/gate/csp.ts); it only explains a wrong baseUrl, which ours is not.
  baseUrlIssueBanner: false,

  // Spec §2.1: broken links and markdown links are ignored at build; duplicate routes and broken anchors
  // only warn. A separate crawler fails the tests on broken internal links instead.
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // `.md` files are plain CommonMark (writers need not know MDX); `.mdx` files may use components.
  markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'ignore' } },

  customFields: customFields as unknown as Record<string, unknown>,

  // The stores that outlive a page (the explorer's token, "Use my token") load on every page, so each hears
  // every sign-out (rules/signOut.ts). The sign-in page served in place of a page renders there (inPlace.ts).
  clientModules: [
    './src/components/ApiToken/storedTokens.ts',
    './src/components/UseMyToken/store.ts',
    './src/components/SignInRedirect/inPlace.ts',
  ],

  // The bundled description to download, written by `npm run gen-api` (scripts/openapi/downloads.ts).
  staticDirectories: ['static', GENERATED_STATIC_DIR],

  presets: [
    [
      'classic',
      {
        docs: {
          // The sidebar follows the folders of docs/ (config/docsSidebar.ts).
          sidebarPath: './sidebars.ts',
          sidebarItemsGenerator,
          // Pages for the portal's maintainers (`audience: maintainers`) are left out of a build for a user pool.
          exclude: docsExclude(path.join(__dirname, 'docs'), env.auth.mode),
          beforeDefaultRemarkPlugins: localParts,
          // Freshness and ownership: the date of each doc's last commit, when Git can tell
          // (config/lastUpdate.ts), and "Edit this page" when EDIT_URL is set.
          showLastUpdateTime: showLastUpdate,
          editUrl: env.editUrl,
        },
        blog: {
          beforeDefaultRemarkPlugins: localParts,
          showReadingTime: true,
          editUrl: env.editUrl,
          feedOptions: { type: ['rss', 'atom'], xslt: true },
          onInlineTags: 'warn',
          onInlineAuthors: 'warn',
          onUntruncatedBlogPosts: 'warn',
        },
        pages: { beforeDefaultRemarkPlugins: localParts },
        theme: { customCss: './src/css/custom.css' },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // The route tree with its chunk-name keys, from postBuild's routes.
    routeTree,
    // Lists the sign-in route's chunks for the server gate.
    signInAssets,
    // Lists every page, and writes its Markdown copy and llms.txt after the build (not with BUILD_COPIES=off).
    (context: LoadContext) => markdownExport(context, { writeCopies: env.buildCopies }),
    // Compresses the hashed assets while the search plugin indexes the pages (postbuild/README.md); with
    // BUILD_COPIES=off, nothing is compressed.
    ...(env.buildCopies ? [postbuildAssets] : []),
    // Learns the site's own inline scripts, the only ones the CSP allows (postbuild/pageSafety.ts).
    siteScripts,
    // The speed-ups, one folder each (plugins/speedups.ts lists them; plugins/README.md says what each saves).
    ...speedupPlugins(Object.values(speedups), false),
    // `npm start`: /mcp goes to the MCP server started beside the dev server.
    mcpDevProxy(env.mcp.devPort),
    // `npm start`: the search bar searches the sources, with an index that server makes from them.
    devSearch(env.mcp.devPort),
    // `npm start`: the dev server answers only the portal's own Host names (DNS rebinding).
    devServerHosts(env.acceptedHostnames),
    ['@docusaurus/plugin-content-docs', apiDocsPlugin],
    // The OpenAPI theme's Markdown renderer sanitizes every text it renders (the provider's description is
    // hostile input), with the allow-list the build applies.
    openApiSafety,
    // Its CLI commands alone (`npm run gen-api` runs `docusaurus gen-api-docs`): it has no other lifecycle. Its
    // page generators write no string of the provider's as source (plugins/openapi-safety/generators.ts).
    ...(generatorOnly ? [['docusaurus-plugin-openapi-docs', withGenerators(openApiPlugin)] as PluginConfig] : []),
    [
      '@docusaurus/plugin-client-redirects',
      // Spec §2.2: "A configured redirect list contains one documentation-site address."
      { redirects: [{ from: '/docs', to: '/docs/document_format/schema' }] },
    ],
  ],

  themes: [
    'docusaurus-theme-openapi-docs',
    // Local search only (config/search.ts); under `npm start` it searches the sources (plugins/dev-search).
    [
      '@easyops-cn/docusaurus-search-local',
      { ...SEARCH_OPTIONS, docsRouteBasePath: [...SEARCH_OPTIONS.docsRouteBasePath] },
    ],
    // Speed-ups that wrap the themes' components come after them (plugins/speedup.ts `wrapsThemes`).
    ...speedupPlugins(Object.values(speedups), true),
  ],

  themeConfig: {
    image: 'img/social-card.svg',
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    announcementBar: {
      id: 'api-v1',
      content: 'The customer API v1 reference is live: <a href="/api">browse every operation</a>.',
      isCloseable: true,
      // The scheme's colours (src/css/custom.css): the theme's default is white and black in both schemes.
      backgroundColor: 'var(--portal-announcement-background)',
      textColor: 'var(--portal-announcement-color)',
    },
    navbar: navbar(env),
    footer: footer(env),
    prism: {
      // Every token at least 4.5:1 on its background, light and dark (WCAG SC 1.4.3).
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Each page brings the grammars of its own code blocks' languages, any that prismjs knows
      // (plugins/prism-on-demand, which empties theme-classic's loader of these); the list is what stock
      // Docusaurus needs for the site's languages (config/codeLanguages.ts).
      additionalLanguages: PRISM_ADDITIONAL_LANGUAGES,
    },
    api: { authPersistence: 'sessionStorage' },
    languageTabs: apiLanguageTabs,
  } satisfies Preset.ThemeConfig & OpenApiThemeConfig,
};

export default config;
