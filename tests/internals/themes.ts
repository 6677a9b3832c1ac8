/**
 * The library themes the site's theme components wrap, read as Docusaurus reads them: which theme provides a
 * component (core's `loadThemeAliases`, `@docusaurus/core/lib/webpack/aliases`) and what the theme declares about
 * wrapping it (its `getSwizzleConfig`, read by core's swizzle command: a component it does not list, or an
 * action it leaves out, is `unsafe`; docusaurus.io/docs/swizzling "What is safe to swizzle?").
 */
import fs from 'node:fs';
import path from 'node:path';
import { installedVersion, packageDir, ROOT } from './sources';

/** A theme whose components the site can wrap. */
export interface LibraryTheme {
  /** Its npm package; the version installed is the one the guards check. */
  package: string;
  /** The folder of its components inside the package (what its plugin's `getThemePath()` returns). */
  themePath: string;
  /** A Docusaurus plugin that may declare a swizzle config (core's fallback theme is not one). */
  plugin: boolean;
}

/**
 * The themes in the order Docusaurus stacks them: core's fallback theme, then each plugin's theme in plugin
 * order, which is the preset's (theme-classic) before docusaurus.config.ts `themes`. A later theme shadows an
 * earlier one: `@theme-original/X` is the last that provides X, `@theme-init/X` the first.
 */
export const LIBRARY_THEMES: readonly LibraryTheme[] = [
  { package: '@docusaurus/core', themePath: 'lib/client/theme-fallback', plugin: false },
  { package: '@docusaurus/theme-classic', themePath: 'lib/theme', plugin: true },
  { package: 'docusaurus-theme-openapi-docs', themePath: 'lib/theme', plugin: true },
  { package: '@easyops-cn/docusaurus-search-local', themePath: 'dist/client/client/theme', plugin: true },
];

/** A theme's folder of components. */
export const themeDir = (theme: LibraryTheme): string => path.join(packageDir(theme.package), theme.themePath);

const COMPONENT_FILE = /\.(?:js|jsx|ts|tsx)$/;
const components = new Map<LibraryTheme, Set<string>>();

/**
 * The components a theme provides, named as `@theme/` names them (`CodeBlock/Content` for
 * `CodeBlock/Content/index.js`): its component files, as core's aliases list them (tests and `.d.ts` left out).
 */
export function componentsOf(theme: LibraryTheme): Set<string> {
  const known = components.get(theme);
  if (known) return known;
  const found = new Set<string>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(themeDir(theme), relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(child);
      } else if (COMPONENT_FILE.test(entry.name) && !/\.d\.ts$|\.test\.[jt]sx?$/.test(entry.name)) {
        found.add(child.replace(COMPONENT_FILE, '').replace(/(?:^|\/)index$/, ''));
      }
    }
  };
  if (fs.existsSync(themeDir(theme))) walk('');
  components.set(theme, found);
  return found;
}

/**
 * The library theme that provides the component a wrap imports: for `@theme-original/X`, the last theme with X;
 * for `@theme-init/X`, the first. Undefined when no theme provides it any more.
 */
export function providerOf(alias: '@theme-original' | '@theme-init', component: string): LibraryTheme | undefined {
  const providers = LIBRARY_THEMES.filter((theme) => componentsOf(theme).has(component));
  return alias === '@theme-init' ? providers[0] : providers.at(-1);
}

/** What a theme declares about wrapping a component; `undeclared` counts as `unsafe`, as core's swizzle command has it. */
export type WrapDeclaration = 'safe' | 'unsafe' | 'forbidden' | 'undeclared';

interface SwizzleConfig {
  components: Record<string, { actions: { wrap?: string; eject?: string } }>;
}

/**
 * A theme's swizzle config, from its module's `getSwizzleConfig` (or the older `getSwizzleComponentList`, whose
 * components are safe), as core's swizzle command reads it; undefined when it has none.
 *
 * @throws {Error} naming the theme when its main module mentions a swizzle config it does not export (it would
 *   then declare it on its plugin, which this reader does not create: read it there and teach this function).
 */
export function swizzleConfigOf(theme: LibraryTheme): SwizzleConfig | undefined {
  if (!theme.plugin) return undefined;
  const dir = packageDir(theme.package);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { main?: string };
  const main = require.resolve(path.join(dir, manifest.main ?? 'index.js'));
  if (!/getSwizzle(?:Config|ComponentList)/.test(fs.readFileSync(main, 'utf8'))) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the theme's own module, as core loads it
  const mod = require(main) as Record<string, unknown> & { default?: Record<string, unknown> };
  const config = mod.getSwizzleConfig ?? mod.default?.getSwizzleConfig;
  if (typeof config === 'function') return config() as SwizzleConfig;
  const list = mod.getSwizzleComponentList ?? mod.default?.getSwizzleComponentList;
  if (typeof list === 'function') {
    const safe = { actions: { wrap: 'safe', eject: 'safe' } };
    return { components: Object.fromEntries((list() as string[]).map((name) => [name, safe])) };
  }
  throw new Error(
    `${theme.package} ${installedVersion(theme.package)} mentions a swizzle config in ${path.relative(ROOT, main)} ` +
      'but its module exports none: read it where the theme declares it',
  );
}

/** What `theme` declares about wrapping `component`. */
export function wrapDeclaration(theme: LibraryTheme, component: string): WrapDeclaration {
  const declared = swizzleConfigOf(theme)?.components[component];
  if (!declared) return 'undeclared';
  return (declared.actions.wrap ?? 'unsafe') as WrapDeclaration;
}
