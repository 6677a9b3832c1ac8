/**
 * Docusaurus plugin: three of core's client modules replaced by the site's, for less main-thread work on
 * every page. Each replaces one relative import inside core's `lib/client` folder, so only
 * core's own use changes; the site's module imports core's original where it builds on it.
 *
 * | core file (imports)          | replaced by                           | why                                    |
 * |------------------------------|---------------------------------------|----------------------------------------|
 * | App.js (`./browserContext`)  | ./client/browserContext.tsx | `useIsBrowser()` flips in a transition |
 * | docusaurus.js (`./prefetch`) | ./client/prefetchOnce.ts    | one prefetch per chunk URL             |
 * | clientEntry.js (`./preload`) | ./client/preloadInOwnTask.ts | the first route preload in a task of its own, not in `main.js`'s |
 *
 * Its client module ./client/idlePrefetch.ts spreads core's link prefetches over idle periods.
 *
 * Checked by their unit tests and, in the built site, by the e2e hydration and navigation tests. The
 * rewrites depend on core's private relative imports (3.10.2): when a client build did not replace one
 * of them, the build fails after it (`postBuild`), naming the speed-up and the import.
 * Rspack's persistent cache restores modules without resolving them again, and may restore some of core's
 * client files while it resolves others, so each replacement is judged by the last build that resolved the
 * core file importing it: what it replaced is kept beside that cache ({@link REPLACED_RECORD}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Core's relative request → the site file that answers it, relative to the site directory. */
export const CORE_CLIENT_REPLACEMENTS: Readonly<Record<string, string>> = {
  './browserContext': 'plugins/core-client/client/browserContext.tsx',
  './prefetch': 'plugins/core-client/client/prefetchOnce.ts',
  './preload': 'plugins/core-client/client/preloadInOwnTask.ts',
};

/**
 * Core's relative request → the file of core's `lib/client` that imports it (3.10.2), the only one whose import
 * is replaced (core's other files that import `./preload` keep core's).
 */
export const CORE_CLIENT_IMPORTERS: Readonly<Record<string, string>> = {
  './browserContext': 'App.js',
  './prefetch': 'docusaurus.js',
  './preload': 'clientEntry.js',
};

const CORE_CLIENT_DIR = '/@docusaurus/core/lib/client';

/** Where the last resolving client build's replacements are kept, beside Rspack's persistent cache. */
export const REPLACED_RECORD = 'node_modules/.cache/portal-core-client.json';

/**
 * What a client build tells about the replacements: the files of core's `lib/client` whose imports it
 * resolved (none of those the persistent cache restored), and which of {@link CORE_CLIENT_REPLACEMENTS}
 * it replaced.
 */
export interface ReplacementRecord {
  resolvedImporters: string[];
  replaced: string[];
}

/**
 * The replacements to judge and to record: for each request, this build's verdict when it resolved the core
 * file importing it, else the one `recorded` by the build that did (`null`: no such build recorded, so no
 * verdict: nothing to judge and nothing to record).
 */
export function replacementsToJudge(current: ReplacementRecord, recorded: string[] | null): Set<string> | null {
  const requests = Object.keys(CORE_CLIENT_REPLACEMENTS);
  const resolved = (request: string) => current.resolvedImporters.includes(CORE_CLIENT_IMPORTERS[request]);
  if (!recorded && !requests.every(resolved)) return null;
  return new Set(
    requests.filter((request) => (resolved(request) ? current.replaced : (recorded ?? [])).includes(request)),
  );
}

/**
 * The build-failing message when a client build replaced fewer of core's imports than
 * {@link CORE_CLIENT_REPLACEMENTS} lists, or `null` when it replaced them all.
 */
export function missedReplacements(replaced: ReadonlySet<string>): string | null {
  const missed = Object.keys(CORE_CLIENT_REPLACEMENTS).filter((request) => !replaced.has(request));
  if (missed.length === 0) return null;
  return (
    `core-client: the client build no longer imports ${missed.map((r) => `"${r}"`).join(', ')} from ` +
    `@docusaurus/core/lib/client (a core internal), so ${missed.map((r) => CORE_CLIENT_REPLACEMENTS[r]).join(', ')} ` +
    'no longer replaces it: update plugins/core-client for this Docusaurus version, or remove the speed-up.'
  );
}

/**
 * The site file (relative to the site directory) that answers `request` made from the folder `from` by the file
 * `issuer` (both `/`-separated), or `undefined` when core's own module stays: only the listed importer's import
 * from core's `lib/client` is replaced.
 */
export function replacementOf(request: string, from: string, issuer: string): string | undefined {
  if (!Object.hasOwn(CORE_CLIENT_REPLACEMENTS, request) || !from.endsWith(CORE_CLIENT_DIR)) return undefined;
  return issuer === `${from}/${CORE_CLIENT_IMPORTERS[request]}` ? CORE_CLIENT_REPLACEMENTS[request] : undefined;
}

/** What the replacement plugin's callback gets: the request, the folder it is resolved from, its importer. */
interface ResolvedRequest {
  context?: string;
  request: string;
  contextInfo?: { issuer?: string };
}

export default function coreClientPlugin(context: LoadContext): Plugin {
  // What the client build replaced (the server build's rewrites do not count: the speed-ups are the browser's).
  const replaced = new Set<string>();
  const resolvedImporters = new Set<string>();
  const record = path.join(context.siteDir, REPLACED_RECORD);
  return {
    name: 'core-client',
    getClientModules: () => [path.join(__dirname, 'client', 'idlePrefetch.ts')],
    configureWebpack(_config, isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/./, (resource: ResolvedRequest) => {
            const from = resource.context?.split(path.sep).join('/') ?? '';
            const issuer = resource.contextInfo?.issuer?.split(path.sep).join('/') ?? '';
            if (!isServer && issuer.startsWith(`${from}/`) && from.endsWith(CORE_CLIENT_DIR))
              resolvedImporters.add(issuer.slice(from.length + 1));
            const replacement = replacementOf(resource.request, from, issuer);
            if (replacement) {
              if (!isServer) replaced.add(resource.request);
              resource.request = path.join(context.siteDir, replacement);
            }
          }),
        ],
      };
    },
    async postBuild() {
      const recorded = fs.existsSync(record) ? (JSON.parse(fs.readFileSync(record, 'utf8')) as string[]) : null;
      const judged = replacementsToJudge(
        { resolvedImporters: [...resolvedImporters], replaced: [...replaced] },
        recorded,
      );
      if (judged) {
        fs.mkdirSync(path.dirname(record), { recursive: true });
        fs.writeFileSync(record, JSON.stringify([...judged].sort()));
      }
      const problem = judged && missedReplacements(judged);
      if (problem) throw new Error(problem);
    },
  };
}
