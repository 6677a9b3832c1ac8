/**
 * The exact inline scripts the site's own code writes into its pages, learned from the code that writes
 * them: the plugins' HTML tags (the theme's colour-mode script and the like) and React's streaming runtime
 * (`$RC("B:0","S:0")` and the functions before it), both passed through the HTML minifier the build uses,
 * because the minifier rewrites every inline script of a page. The Content-Security-Policy allows these
 * and no other inline script (postbuild/pageSafety.ts): a script that arrived with content never matches
 * one, whatever it starts with.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { completionArguments, type ReactRuntimeScripts, type SiteScripts } from '../../rules/buildFiles';
import { trimBoth } from '../../rules/text';
import { attributeOf, elementsOf, isInlineScript, isInReactRoot, REACT_ROOT_ID, textOf } from './html';

const run = promisify(execFile);

/** A loaded plugin as read here (`@docusaurus/types` `LoadedPlugin`, options narrowed). */
export interface LoadedPluginLike {
  name: string;
  options: { redirects?: { from: string | string[] }[] };
}

/**
 * The redirect pages @docusaurus/plugin-client-redirects writes for its `redirects` option (3.10: at
 * `<from>/index.html`). The page check fails the build, naming such a page, if the plugin writes it
 * anywhere else: the page would have no React root and not be listed here.
 */
export function redirectPagesOf(plugins: LoadedPluginLike[]): string[] {
  const redirects = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-client-redirects')?.options.redirects;
  return (redirects ?? [])
    .flatMap(({ from }) => (Array.isArray(from) ? from : [from]))
    .map((from) => `${trimBoth(from, '/')}/index.html`);
}

/** The probe: React's server renderer revealing two late Suspense boundaries (./probe.mjs). */
const PROBE = path.join(__dirname, 'probe.mjs');

/**
 * Renders ./probe.mjs in its own Node process with `NODE_ENV=production`, as the pages are rendered.
 *
 * @returns the HTML React wrote.
 * @throws {Error} with the probe's output when it fails.
 */
export async function renderReactProbe(): Promise<string> {
  // Nothing else of the environment: the probe needs none, and React reads only NODE_ENV.
  const { stdout } = await run(process.execPath, [PROBE], { env: { NODE_ENV: 'production' } });
  return stdout;
}

/** What {@link learnSiteScripts} reads. */
export interface LearnInput {
  headTags: string;
  preBodyTags: string;
  postBodyTags: string;
  /** The build's HTML minifier (`@docusaurus/bundler` `getHtmlMinifier`). */
  minify: (html: string) => Promise<string>;
  staticDirectories: string[];
  /** The pages plugins write whole ({@link redirectPagesOf}). */
  pluginPages: string[];
}

/**
 * Learns the site's own inline scripts: a page with the site's HTML tags around a React probe
 * ({@link renderReactProbe}), minified as the build minifies pages.
 *
 * @throws {Error} naming this plugin when React no longer reveals boundaries as learned here (a runtime
 *   script, then one call per later boundary with {@link completionArguments}).
 */
export async function learnSiteScripts(input: LearnInput): Promise<SiteScripts> {
  const probe = await renderReactProbe();
  const page =
    `<!DOCTYPE html><html><head>${input.headTags}</head><body>${input.preBodyTags}` +
    `<div id="${REACT_ROOT_ID}">${probe}</div>${input.postBodyTags}</body></html>`;
  const elements = elementsOf(await input.minify(page));
  const scripts = elements.filter(isInlineScript);
  return {
    tags: scripts.filter((script) => !isInReactRoot(script)).map(textOf),
    react: reactRuntimeOf(scripts.filter(isInReactRoot).map(textOf), elements),
    staticDirectories: input.staticDirectories,
    pluginPages: input.pluginPages,
  };
}

/** Splits the probe's React scripts into constants, the runtime prelude and the later reveals' function. */
function reactRuntimeOf(scripts: string[], elements: ReturnType<typeof elementsOf>): ReactRuntimeScripts {
  const boundaries = elements.filter((element) => element.tagName === 'template').map((t) => attributeOf(t, 'id'));
  const segments = elements
    .filter((element) => element.tagName === 'div' && attributeOf(element, 'hidden') !== undefined)
    .map((div) => attributeOf(div, 'id'));
  const fail = (why: string) =>
    new Error(
      `plugins/site-scripts: React's streaming runtime (react-dom/server) ${why}, so the build cannot tell its ` +
        'scripts from content. Update renderReactProbe/reactRuntimeOf in plugins/site-scripts/learn.ts.',
    );
  if (boundaries.length !== 2 || segments.length !== 2 || [...boundaries, ...segments].some((id) => !id))
    throw fail(`revealed ${boundaries.length} boundaries and ${segments.length} segments of the probe's 2`);
  const [first, second] = [0, 1].map((n) => completionArguments(boundaries[n]!, segments[n]!));
  const prelude = scripts.find((script) => script.endsWith(first));
  const later = scripts.find((script) => script.endsWith(second) && script !== prelude);
  if (!prelude || !later) throw fail(`no longer ends its reveal scripts with ${first} and ${second}`);
  const complete = later.slice(0, -second.length);
  if (!complete || !prelude.includes(complete)) throw fail(`revealed the second boundary with "${later}"`);
  return {
    constants: scripts.filter((script) => script !== prelude && script !== later),
    prelude: prelude.slice(0, -first.length),
    complete,
  };
}
