/**
 * The files the build passes along: each one's name, folder, shape, writer and readers, so the plugin that
 * writes one and the post-build pass, the gate, the edge bundle, the benchmarks and the tests that read it
 * cannot disagree, and no reader imports the writer's folder (plugins talk to the rest through these files,
 * as Docusaurus' own plugins do). Runtime-neutral: the reader and writer take the file system they use
 * (`node:fs` fits), so this module imports nothing. The files that carry the pages' text (the Markdown inventory,
 * the MCP search file) are declared in rules/contentFiles.ts.
 */

/** `build`: the build output (`build/`, served but for dotfiles); `generated`: `.docusaurus/` (never served). */
export type BuildFolder = 'build' | 'generated';

/** A file the build writes for another step to read. */
export interface BuildFile<T> {
  /** Its name in its folder, e.g. `route-tree.json`. */
  name: string;
  folder: BuildFolder;
  /** What writes it, named in a reader's error (`plugins/route-tree`, `Docusaurus core`). */
  writtenBy: string;
  /** Whether parsed JSON has the file's shape (its top level: the writer is trusted for the rest). */
  isShape(value: unknown): value is T;
  /** Spaces of indentation the writer uses (for files people read); none when unset. */
  indent?: number;
}

/** What {@link readBuildFile} and {@link writeBuildFile} need of a file system (`node:fs` has it). */
export interface BuildFileSystem {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, text: string): void;
  mkdirSync(path: string, options: { recursive: true }): unknown;
}

/** `folder/name`: the path of `file` in `folderPath` (the build output or `.docusaurus/`, as `file.folder` says). */
const buildFilePath = (folderPath: string, file: BuildFile<unknown>): string => `${folderPath}/${file.name}`;

/**
 * The contents of `file`, parsed and checked.
 *
 * @param text - the file as read.
 * @throws {Error} naming the file and its writer when `text` is not JSON of the file's shape.
 */
export function parseBuildFile<T>(file: BuildFile<T>, text: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file.name} is not JSON (${error instanceof Error ? error.message : error}): ${rebuild(file)}`);
  }
  if (!file.isShape(value))
    throw new Error(`${file.name} does not have the shape its readers expect: ${rebuild(file)}`);
  return value;
}

/** The text {@link writeBuildFile} writes for `value`: JSON and a newline. */
export const formatBuildFile = <T>(file: BuildFile<T>, value: T): string =>
  `${JSON.stringify(value, null, file.indent)}\n`;

const rebuild = (file: BuildFile<unknown>) =>
  `build again ("npm run build"; ${file.writtenBy} writes it into ${file.folder === 'build' ? 'build/' : '.docusaurus/'})`;

/**
 * Reads `file` from `folderPath`.
 *
 * @param folderPath - the folder `file.folder` names: the build output, or the site's `.docusaurus/`.
 * @throws {Error} naming the file and its writer when it is missing, not JSON or not of its shape.
 */
export function readBuildFile<T>(fs: Pick<BuildFileSystem, 'readFileSync'>, folderPath: string, file: BuildFile<T>): T {
  let text: string;
  try {
    text = fs.readFileSync(buildFilePath(folderPath, file), 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read ${buildFilePath(folderPath, file)} (${error instanceof Error ? error.message : error}): ${rebuild(file)}`,
    );
  }
  return parseBuildFile(file, text);
}

/** Writes `value` as `file` into `folderPath`, creating the folder when it is missing. */
export function writeBuildFile<T>(fs: BuildFileSystem, folderPath: string, file: BuildFile<T>, value: T): void {
  fs.mkdirSync(folderPath, { recursive: true });
  fs.writeFileSync(buildFilePath(folderPath, file), formatBuildFile(file, value));
}

/** A top-level check as a file's shape check (the writer is trusted below the top level). */
export const shape = <T>(check: (value: unknown) => boolean) => check as (value: unknown) => value is T;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Whether `value` is an object (not an array) with every one of `keys`: the top level of most files' shapes. */
export const hasKeys = (value: unknown, keys: string[]) => isRecord(value) && keys.every((key) => key in value);
const isStringArray = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** One route of the route tree; `key` is `<path>-<hash>`, the key of `routesChunkNames.json` (`*` for not found). */
export interface RouteNode {
  key: string;
  path: string;
  exact?: boolean;
  routes?: RouteNode[];
}

/**
 * The site's route tree with each route's key in `routesChunkNames.json`, written by plugins/route-tree from
 * the routes `postBuild` receives; read by the sign-in allow-list, the route stylesheets, the post-build pass,
 * the first-load budgets and the benchmark, instead of parsing the generated `routes.js`.
 */
export const ROUTE_TREE: BuildFile<RouteNode[]> = {
  name: 'route-tree.json',
  folder: 'generated',
  writtenBy: 'plugins/route-tree',
  isShape: shape((value) => Array.isArray(value) && value.every((node) => hasKeys(node, ['key', 'path']))),
};

/** `routesChunkNames.json`: `<route path>-<hash>` → nested chunk names. */
export type RoutesChunkNames = Record<string, unknown>;

/** Docusaurus core's route → chunk names (`codegenRoutes.js`, 3.10.2). */
export const ROUTES_CHUNK_NAMES: BuildFile<RoutesChunkNames> = {
  name: 'routesChunkNames.json',
  folder: 'generated',
  writtenBy: 'Docusaurus core',
  isShape: shape(isRecord),
};

/** `client-manifest.json` as written by the Docusaurus 3 build (react-loadable-ssr-addon format). */
export interface ClientManifest {
  entrypoints: string[];
  /** Chunk name (e.g. `4c5e977b`, `sign-in-form`) or chunk id → every chunk id that import loads. */
  origins: Record<string, string[]>;
  /** Chunk id → its files. */
  assets: Record<string, Record<string, { file: string; publicPath?: string }[]>>;
}

/** Docusaurus core's chunk → files map of the client build. */
export const CLIENT_MANIFEST: BuildFile<ClientManifest> = {
  name: 'client-manifest.json',
  folder: 'generated',
  writtenBy: 'Docusaurus core',
  isShape: shape((value) => hasKeys(value, ['entrypoints', 'origins', 'assets'])),
};

/** The route tree and chunk manifests of a build: what a page's first load is found with (rules/firstLoad.ts). */
export interface RouteManifests {
  tree: RouteNode[];
  routes: RoutesChunkNames;
  client: ClientManifest;
}

/** Reads {@link ROUTE_TREE}, {@link ROUTES_CHUNK_NAMES} and {@link CLIENT_MANIFEST} from `generatedPath`. */
export function readRouteManifests(fs: Pick<BuildFileSystem, 'readFileSync'>, generatedPath: string): RouteManifests {
  return {
    tree: readBuildFile(fs, generatedPath, ROUTE_TREE),
    routes: readBuildFile(fs, generatedPath, ROUTES_CHUNK_NAMES),
    client: readBuildFile(fs, generatedPath, CLIENT_MANIFEST),
  };
}

/**
 * React's streaming runtime in the built pages: its functions once, with the first reveal, then each later reveal
 * as a call: `prelude + args` and `complete + args` ({@link completionArguments} of a boundary and segment).
 */
export interface ReactRuntimeScripts {
  /** Scripts React writes whole, e.g. `requestAnimationFrame(function(){$RT=performance.now()})`. */
  constants: string[];
  /** The runtime's functions and the first reveal's function, before its arguments. */
  prelude: string;
  /** A later reveal's function (`$RC`), before its arguments. */
  complete: string;
}

/** `("B:0","S:0")`: the arguments of a reveal of boundary `boundary` with segment `segment` (react-dom 19.2). */
export const completionArguments = (boundary: string, segment: string): string =>
  `(${JSON.stringify(boundary)},${JSON.stringify(segment)})`;

/** What {@link SITE_SCRIPTS} holds. */
export interface SiteScripts {
  /** The inline scripts of the site's HTML tags (`headTags`, `preBodyTags`, `postBodyTags`), minified. */
  tags: string[];
  react: ReactRuntimeScripts;
  /** The site's static folders, relative to the site: their HTML files are content. */
  staticDirectories: string[];
  /** Pages a plugin writes whole (`docs/index.html`: plugin-client-redirects' `<from>/index.html`), nothing from content. */
  pluginPages: string[];
}

/**
 * The exact inline scripts the site's own code writes into its pages, learned after the build by
 * plugins/site-scripts; the post-build pass allows exactly these (postbuild/pageSafety.ts).
 */
export const SITE_SCRIPTS: BuildFile<SiteScripts> = {
  name: 'site-scripts.json',
  folder: 'generated',
  writtenBy: 'plugins/site-scripts',
  isShape: shape((value) => hasKeys(value, ['tags', 'react', 'staticDirectories', 'pluginPages'])),
};

/**
 * The `node_modules` files in the client bundle, relative to the site, `/`-separated and sorted: written after
 * each client build by plugins/api-chunks, read by its guards (one copy of each postman package, the stubs in
 * place of what they replace).
 */
export const BUNDLED_MODULES: BuildFile<string[]> = {
  name: 'bundled-modules.json',
  folder: 'generated',
  writtenBy: 'plugins/api-chunks',
  isShape: shape(isStringArray),
  indent: 1,
};

/**
 * The file, in the build output, listing what the sign-in route loads: written by
 * plugins/sign-in-assets, read by the gate's public-file list (server/gate/publicFiles.ts).
 */
export const SIGN_IN_ASSETS_FILE = 'sign-in-assets.json';

/** Shape of {@link SIGN_IN_ASSETS_FILE}. */
export interface SignInAssets {
  route: string;
  /** Site-absolute paths, e.g. `/assets/js/1a2b3c4d.5e6f.js`. */
  files: string[];
}

/** {@link SIGN_IN_ASSETS_FILE} as a build file. */
export const SIGN_IN_ASSETS: BuildFile<SignInAssets> = {
  name: SIGN_IN_ASSETS_FILE,
  folder: 'build',
  writtenBy: 'plugins/sign-in-assets',
  isShape: shape((value) => hasKeys(value, ['route', 'files']) && isStringArray((value as SignInAssets).files)),
  indent: 2,
};

/**
 * The file, in the build output, listing the `'sha256-…'` sources of every inline script the site's own
 * code wrote into its pages: written by postbuild/ in its one pass over the pages
 * (postbuild/pageSafety.ts allows exactly those plugins/site-scripts learned), read by the CSP (server/gate/csp.ts).
 */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-script-hashes.json';

/** {@link INLINE_SCRIPT_HASHES_FILE} as a build file: `'sha256-…'` sources, sorted. */
export const INLINE_SCRIPT_HASHES: BuildFile<string[]> = {
  name: INLINE_SCRIPT_HASHES_FILE,
  folder: 'build',
  writtenBy: 'the post-build pass (postbuild/pages.ts)',
  isShape: shape(isStringArray),
  indent: 1,
};

/**
 * The content codings the gate serves: every text file of the build has a brotli (`.br`) and
 * a gzip (`.gz`) sibling, written once after the build (postbuild/compress.ts), never per request; the
 * gate picks one by `Accept-Encoding` (@fastify/static `preCompressed` for assets, server/app.ts for
 * pages). Best first.
 */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** A content coding the gate can send. */
export type Coding = (typeof ENCODINGS)[number]['coding'] | 'identity';

/**
 * The file, in the build output, recording which identity the build was made for and the addresses its pages
 * call: written by the build's last step (postbuild/buildIdentity.ts), read by `npm run deploy:build` and
 * `npm run deploy:synth` (deploy/trust.ts `buildRefusal`), which refuse a build made for another identity, and
 * by `npm run serve` (server/builtFor.ts), which refuses one made for another identity or other addresses. A
 * dotfile, so the Fastify gate does not serve it (@fastify/static `dotfiles: 'deny'`), and the site stack does
 * not upload it.
 */
export const BUILD_IDENTITY_FILE = '.build-identity.json';

/** Shape of {@link BUILD_IDENTITY_FILE}: what the build baked into the browser's Amplify configuration. */
export interface BuildIdentity {
  /** `local`: the local identity service; `cognito`: a real user pool. */
  identity: 'local' | 'cognito';
  /** e.g. `eu-west-2_AbC123xyz`. */
  userPoolId: string;
  /** The web app client the pages sign in with. */
  userPoolClientId: string;
  /** AWS region of the pool, e.g. `eu-west-2`. */
  region: string;
  /**
   * The addresses the pages call, each under the variable that sets it, e.g.
   * `{ "SITE_URL": "http://localhost:3000", "LOCAL_IDENTITY_PORT": "http://localhost:9229" }` (config/env.ts
   * `bakedEndpoints`). Absent in a record written before the build recorded them.
   */
  endpoints?: Record<string, string>;
}

/** {@link BUILD_IDENTITY_FILE} as a build file. */
export const BUILD_IDENTITY: BuildFile<BuildIdentity> = {
  name: BUILD_IDENTITY_FILE,
  folder: 'build',
  writtenBy: 'the post-build pass (postbuild/buildIdentity.ts)',
  isShape: shape((value) => hasKeys(value, ['identity', 'userPoolId', 'userPoolClientId', 'region'])),
  indent: 2,
};

/** The record of a build made with `auth` (config/env.ts `AuthSettings`). */
export function buildIdentityOf(auth: {
  mode: BuildIdentity['identity'];
  userPoolId: string;
  userPoolClientId: string;
  region: string;
}): BuildIdentity {
  return {
    identity: auth.mode,
    userPoolId: auth.userPoolId,
    userPoolClientId: auth.userPoolClientId,
    region: auth.region,
  };
}

/**
 * Where the site's search bar (@easyops-cn/docusaurus-search-local, `hashed: true`, one search context) fetches
 * its index: the file the search plugin writes into the build, and what `npm start` answers from the sources
 * (plugins/dev-search). The bar adds a `?_=<hash>` query.
 */
export const SITE_SEARCH_INDEX_PATH = '/search-index.json';
