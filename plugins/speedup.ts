/**
 * A speed-up of the site: a Docusaurus plugin in a folder of its own under plugins/, which owns all of it
 * (its bundler hook, theme wraps through `getThemePath`, client modules through `getClientModules`, its
 * guard test) and says in its manifest what internal it leans on and when to remove it. The speed-ups are
 * listed in plugins/speedups.ts, one line each, from which docusaurus.config.ts registers them and
 * `npm run -s speedups` prints their table: removing one is deleting its folder and its line.
 */
import type { PluginConfig } from '@docusaurus/types';
import type { RouteManifests } from '../rules/buildFiles';

/** What a speed-up saves, leans on and is guarded by, kept with its code (`npm run -s speedups` prints them). */
export interface SpeedupManifest {
  /** Its folder under plugins/. */
  folder: string;
  /** What it saves, in one sentence. */
  saves: string;
  /** The library internal it leans on, with the version checked; or that it uses public options only. */
  internal: string;
  /** The check that fails, naming the speed-up, when an upgrade breaks it. */
  guard: string;
  /** The upstream change after which it can go. */
  removeWhen: string;
  /**
   * The theme components its plugin wraps (`theme/<component>` in its folder) that their theme does not declare
   * safe to wrap, each with what the wrap leans on. tests/internals/themeWraps.test.ts checks them as it checks
   * the product's wraps in plugins/README.md, so they leave with the folder.
   */
  themeWraps?: readonly SpeedupThemeWrap[];
}

/** A theme component a speed-up wraps that its theme does not declare safe to wrap. */
export interface SpeedupThemeWrap {
  /** The component as `@theme/` names it (`CodeBlock/Content`). */
  component: string;
  /** The theme's npm package. */
  theme: string;
  /** The theme's version the wrap was read against. */
  version: string;
  /** What the theme declares about wrapping it (its `getSwizzleConfig`; `undeclared` when it lists nothing). */
  declared: 'unsafe' | 'forbidden' | 'undeclared';
  /** What the wrap leans on, in a phrase. */
  leansOn: string;
}

/** What a page step knows of the page besides its HTML. */
export interface PageContext {
  /** The page's path under the build folder, `/`-separated (`docs/x/index.html`). */
  relative: string;
  /** The route tree and chunk manifests (rules/buildFiles.ts, read once by postbuild/manifests.ts). */
  manifests: RouteManifests;
  /**
   * What the page's `<head>` loads (its entry scripts and stylesheets), parsed once from the HTML as the build
   * wrote it (rules/pageAssets.ts `headAssetsOfHtml`).
   */
  assets: string[];
}

/**
 * A speed-up's step over each built page, run by the post-build pass (postbuild/pages.ts) in ascending
 * `order`. A step that reads {@link PageContext.assets} runs before any step that changes the page.
 */
export interface PageStep {
  order: number;
  /**
   * @returns the page, changed or not, and the inline script the step wrote into it (the site's own,
   *   which the CSP allows), if any.
   * @throws {Error} naming the speed-up when the page is not as the step expects.
   */
  apply(html: string, page: PageContext): { html: string; ownScript?: string };
}

/** A speed-up: its manifest, and the Docusaurus plugin or the page step (or both) that apply it. */
export interface Speedup {
  manifest: SpeedupManifest;
  plugin?: PluginConfig;
  /**
   * Its plugin wraps theme components (`getThemePath`, importing them as `@theme-init/…`): it is registered
   * after the themes, so its wraps sit above the components they wrap.
   */
  wrapsThemes?: boolean;
  pageStep?: PageStep;
}

/** The Docusaurus plugins of `list` to register among the plugins (`wrapsThemes` false) or after the themes. */
export function speedupPlugins(list: readonly Speedup[], wrapsThemes: boolean): PluginConfig[] {
  return list.flatMap((speedup) =>
    speedup.plugin && Boolean(speedup.wrapsThemes) === wrapsThemes ? [speedup.plugin] : [],
  );
}

/** What a manifest leans on: its internal, then each theme component it wraps with the version read. */
const leansOn = (m: SpeedupManifest) =>
  [
    m.internal,
    ...(m.themeWraps ?? []).map((w) => `wraps \`${w.component}\` (${w.theme} ${w.version}): ${w.leansOn}`),
  ].join('; ');

/** The table of speed-ups (`npm run -s speedups`), one row per manifest, in the list's order. */
export function speedupTable(manifests: readonly SpeedupManifest[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| Speed-up | What it saves | Internal it leans on | Guard | Remove when |',
    '| --- | --- | --- | --- | --- |',
    ...manifests
      .map((m) => [`\`plugins/${m.folder}\``, m.saves, leansOn(m), m.guard, m.removeWhen].map(cell).join(' | '))
      .map((row) => `| ${row} |`),
  ].join('\n');
}
