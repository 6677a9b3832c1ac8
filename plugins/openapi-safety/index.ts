/**
 * Docusaurus plugin: the OpenAPI theme's Markdown renderer sanitizes every text it renders. The theme
 * (docusaurus-theme-openapi-docs 5.2.0, `lib/theme/Markdown`) renders its texts with react-markdown and
 * rehype-raw, which keeps raw HTML, and offers no option to add a plugin; its import of `rehype-raw`, and
 * only that module's, is replaced by ./client/rehypeRawSanitized.ts (the bundler's
 * NormalModuleReplacementPlugin, by the importing folder), in the browser's and the server's bundle alike.
 * Not a speed-up: the product's safety, whatever speed-ups are on.
 *
 * Also here: the page generators the OpenAPI plugin is given (./generators.ts). After generation,
 * scripts/openapi/pageCheck.ts reads every generated page as Docusaurus will.
 *
 * Internal: the theme's Markdown module importing `rehype-raw` by that name (5.2.0). Guard: the build fails
 * naming this plugin when a bundle holds the theme's Markdown module but not the replacement
 * ({@link sanitizesThemeMarkdown}, in `postBuild`); plugins/openapi-safety/__tests__/rehypeRawSanitized.test.ts
 * renders hostile texts through the theme's own component with the replacement;
 * tests/e2e/hostile-description.spec.ts opens pages whose texts the browser renders from a hostile description.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The folder of the theme's Markdown component, whose `rehype-raw` import is replaced. */
export const THEME_MARKDOWN_DIR = path.join(
  path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')),
  'lib',
  'theme',
  'Markdown',
);

/** What that import resolves to. */
export const SANITIZING_RAW = path.join(__dirname, 'client', 'rehypeRawSanitized.ts');

/** A module of a compilation, as much as the guard reads. */
interface ModuleLike {
  resource?: string;
}

/** The bundler's compiler, as much as the guard taps. */
interface CompilerLike {
  hooks: {
    done: { tap(name: string, fn: (stats: { compilation: { modules: Iterable<ModuleLike> } }) => void): void };
  };
}

/**
 * Whether a bundle that holds the theme's Markdown component holds the sanitizing plugin too: the guard,
 * read from the finished compilation (modules restored from the bundler's persistent cache are listed too).
 */
export function sanitizesThemeMarkdown(resources: Iterable<string | undefined>): boolean {
  let theme = false;
  let sanitizing = false;
  for (const resource of resources) {
    const file = resource?.split('?')[0] ?? '';
    if (file.startsWith(THEME_MARKDOWN_DIR + path.sep)) theme = true;
    if (file === SANITIZING_RAW) sanitizing = true;
  }
  return !theme || sanitizing;
}

export default function openApiSafetyPlugin(): Plugin {
  const unsanitized = new Set<string>();
  return {
    name: 'openapi-safety',
    configureWebpack(_config, isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const bundle = isServer ? 'server' : 'browser';
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^rehype-raw$/, (resource: { context?: string; request: string }) => {
            if (resource.context === THEME_MARKDOWN_DIR) resource.request = SANITIZING_RAW;
          }),
          {
            apply(compiler: CompilerLike) {
              compiler.hooks.done.tap('openapi-safety', ({ compilation }) => {
                const resources = [...compilation.modules].map((module) => module.resource);
                if (sanitizesThemeMarkdown(resources)) unsanitized.delete(bundle);
                else unsanitized.add(bundle);
              });
            },
          },
        ] as never,
      };
    },
    postBuild() {
      if (unsanitized.size > 0)
        throw new Error(
          `plugins/openapi-safety: the ${[...unsanitized].join(' and ')} bundle holds the OpenAPI theme's Markdown ` +
            `renderer without its sanitizing rehype-raw (${path.relative(process.cwd(), SANITIZING_RAW)}): the theme ` +
            `no longer imports rehype-raw from ${THEME_MARKDOWN_DIR}, or the replacement stopped matching.`,
        );
    },
  };
}
