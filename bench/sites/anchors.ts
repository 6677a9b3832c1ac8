/**
 * The anchors the benches measure ours against, built from the npm registry into `.bench/` (git-ignored; a
 * second run reuses them):
 * - `plain`: the Docusaurus 3.10.2 classic TypeScript scaffold (`create-docusaurus`), unchanged;
 * - `stock`: the same scaffold plus docusaurus-plugin-openapi-docs / theme 5.2.0 with their default
 *   options over our bundled contract, pages under `/docs/api/` (`npm run bench`);
 * - `equal`: the same scaffold with the features ours has: openapi-docs with a page per schema
 *   (`showSchemas`) and tag categories as ours, and the same local search plugin and options
 *   (`npm run bench:scale`).
 * Each build is compressed like ours (postbuild/compress.ts) so the same kind of server serves both.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompressDir } from '../../postbuild/compress';

/** Where the anchors live. */
export const BENCH_DIR = path.resolve(__dirname, '../../.bench');

/** The overrides this registry needs to install Docusaurus 3.10.2 (handbook/testing.md, "Install notes"). */
const OVERRIDES = {
  '@docsearch/react': '4.7.0',
  '@swc/core': '1.16.18',
  '@swc/html': '1.16.2',
  'unrs-resolver': '1.12.2',
};

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr.slice(-2000)}`);
}

function scaffold(name: string): string {
  const dir = path.join(BENCH_DIR, name);
  if (fs.existsSync(path.join(dir, 'node_modules'))) return dir;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  run('npx', ['-y', 'create-docusaurus@3.10.2', name, 'classic', '--typescript', '--skip-install'], BENCH_DIR);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  pkg.overrides = OVERRIDES;
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund'], dir);
  return dir;
}

/**
 * Adds docusaurus-plugin-openapi-docs and its theme to the scaffold in `dir`, as the plugin's README sets them
 * up, with `options` added to the spec's entry (e.g. `showSchemas: true`), and generates its pages.
 */
function addOpenApiDocs(dir: string, contract: string, options = ''): void {
  if (fs.existsSync(path.join(dir, 'openapi.json'))) return;
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      'docusaurus-plugin-openapi-docs@5.2.0',
      'docusaurus-theme-openapi-docs@5.2.0',
    ],
    dir,
  );
  fs.copyFileSync(contract, path.join(dir, 'openapi.json'));
  const configFile = path.join(dir, 'docusaurus.config.ts');
  let config = fs.readFileSync(configFile, 'utf8');
  // The plugin's README set-up: docItemComponent, the plugin with one spec, the theme.
  config = config.replace(
    "sidebarPath: './sidebars.ts',",
    "sidebarPath: './sidebars.ts',\n          docItemComponent: '@theme/ApiItem',",
  );
  config = config.replace(
    'presets: [',
    `plugins: [['docusaurus-plugin-openapi-docs', { id: 'api', docsPluginId: 'classic', config: { customer: { specPath: 'openapi.json', outputDir: 'docs/api'${options} } } }]],
  themes: ['docusaurus-theme-openapi-docs'],
  presets: [`,
  );
  fs.writeFileSync(configFile, config);
  run('npx', ['docusaurus', 'gen-api-docs', 'all'], dir);
}

/**
 * The plain anchor's folder, installed (first run only): the scaffold alone. `npm run bench:dev` copies its
 * sources and links its node_modules.
 *
 * @throws {Error} naming the command that failed (e.g. no registry access).
 */
export function plainScaffold(): string {
  return scaffold('plain');
}

/**
 * The stock anchor's folder, installed (first run only): the scaffold plus openapi-docs, its pages
 * generated from `contract`. `npm run bench:scale` copies its sources and links its node_modules.
 *
 * @throws {Error} naming the command that failed (e.g. no registry access).
 */
export function stockScaffold(contract: string): string {
  const dir = scaffold('stock');
  addOpenApiDocs(dir, contract);
  return dir;
}

/** Our version of a package (package.json), so an anchor installs the same. */
function ourVersion(name: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
  const version = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  if (!version) throw new Error(`package.json has no ${name}`);
  return version;
}

/**
 * The feature-equal anchor's folder, installed (first run only): the scaffold plus openapi-docs with a page per
 * schema and tag categories (ours: config/openapi.ts), and @easyops-cn/docusaurus-search-local at our version
 * with our options (docusaurus.config.ts), its pages generated from `contract`.
 *
 * @throws {Error} naming the command that failed (e.g. no registry access).
 */
export function equalScaffold(contract: string): string {
  const dir = scaffold('equal');
  if (fs.existsSync(path.join(dir, 'openapi.json'))) return dir;
  const search = '@easyops-cn/docusaurus-search-local';
  run('npm', ['install', '--no-audit', '--no-fund', `${search}@${ourVersion(search)}`], dir);
  const configFile = path.join(dir, 'docusaurus.config.ts');
  const config = fs.readFileSync(configFile, 'utf8');
  // Added before the openapi theme is, so `themes: [` is the scaffold's own line.
  fs.writeFileSync(
    configFile,
    config.replace(
      'presets: [',
      `themes: [['${search}', { hashed: true, indexBlog: true, docsRouteBasePath: ['docs'] }]],\n  presets: [`,
    ),
  );
  addOpenApiDocs(
    dir,
    contract,
    ", showSchemas: true, sidebarOptions: { groupPathsBy: 'tag', categoryLinkSource: 'tag' }",
  );
  const merged = fs
    .readFileSync(configFile, 'utf8')
    .replace("themes: ['docusaurus-theme-openapi-docs'],\n", '')
    .replace(`themes: [['${search}'`, `themes: ['docusaurus-theme-openapi-docs', ['${search}'`);
  if (merged.split('themes: [').length !== 2 || !merged.includes('showSchemas: true')) {
    throw new Error(`the feature-equal anchor's config is not the one expected: delete ${dir} and run again`);
  }
  fs.writeFileSync(configFile, merged);
  return dir;
}

/** Our route-tree plugin, which writes the tree bench/measure/firstLoad.ts reads. */
const ROUTE_TREE_PLUGIN = path.resolve(__dirname, '../../plugins/route-tree/index.ts');

/**
 * A site config with our route-tree plugin added first to its `plugins` (created when it has none), so an
 * anchor's first-load figures come from the same data as ours. Unchanged when it is there already; a copy of
 * the plugin from another checkout (another absolute path, e.g. a second worktree sharing `.bench/`) is
 * replaced, not joined by a second one (two would write the route tree twice, and one of them the wrong one).
 */
export function withRouteTreePlugin(config: string, plugin = ROUTE_TREE_PLUGIN): string {
  const entry = JSON.stringify(plugin);
  if (config.includes(entry)) return config;
  const other = /"[^"\n]*[\\/]plugins[\\/]route-tree[\\/]index\.ts"/;
  if (other.test(config)) return config.replace(other, entry);
  if (config.includes('plugins: [')) return config.replace('plugins: [', `plugins: [${entry}, `);
  return config.replace('presets: [', `plugins: [${entry}],\n  presets: [`);
}

/** A built anchor and how long its build took (ms). */
export interface Anchor {
  name: 'plain' | 'stock';
  dir: string;
  buildMs: number;
}

/**
 * Installs (first run only) and builds an anchor, then compresses its build.
 *
 * @param contract - our bundled contract (JSON), for the stock anchor.
 * @throws {Error} naming the command that failed (e.g. no registry access).
 */
export async function buildAnchor(name: Anchor['name'], contract: string): Promise<Anchor> {
  const dir = name === 'stock' ? stockScaffold(contract) : scaffold(name);
  const configFile = path.join(dir, 'docusaurus.config.ts');
  fs.writeFileSync(configFile, withRouteTreePlugin(fs.readFileSync(configFile, 'utf8')));
  const started = Date.now();
  run('npx', ['docusaurus', 'build'], dir);
  const buildMs = Date.now() - started;
  await precompressDir(path.join(dir, 'build'));
  return { name, dir, buildMs };
}
