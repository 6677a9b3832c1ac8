/**
 * Docusaurus plugin: two of core's client modules replaced by the site's, for less main-thread work on
 * every page. Each replaces one relative import inside core's `lib/client` folder, so only
 * core's own use changes; the site's module imports core's original where it builds on it.
 *
 * | core file (imports)          | replaced by                           | why                                    |
 * |------------------------------|---------------------------------------|----------------------------------------|
 * | App.js (`./browserContext`)  | ./client/browserContext.tsx | `useIsBrowser()` flips in a transition |
 * | docusaurus.js (`./prefetch`) | ./client/prefetchOnce.ts    | one prefetch per chunk URL             |
 *
 * Its client module ./client/idlePrefetch.ts spreads core's link prefetches over idle periods.
 *
 * Checked by their unit tests and, in the built site, by the e2e hydration and navigation tests. Both
 * rewrites depend on core's private relative imports (3.10.2): when a client build did not replace one
 * of them, the build fails after it (`postBuild`), naming the speed-up and the import.
 * Rspack's persistent cache restores modules without resolving them again, so what the last build that
 * did resolve core's client replaced is kept beside that cache ({@link REPLACED_RECORD}) and judged when
 * a build resolved nothing of core.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Core's relative request → the site file that answers it, relative to the site directory. */
export const CORE_CLIENT_REPLACEMENTS: Readonly<Record<string, string>> = {
  './browserContext': 'plugins/core-client/client/browserContext.tsx',
  './prefetch': 'plugins/core-client/client/prefetchOnce.ts',
};

const CORE_CLIENT_DIR = '/@docusaurus/core/lib/client';

/** Where the last resolving client build's replacements are kept, beside Rspack's persistent cache. */
export const REPLACED_RECORD = 'node_modules/.cache/portal-core-client.json';

/**
 * What a client build tells about the replacements: whether it resolved any request of core at all
 * (`false` when every module of core came from the persistent cache), and which of
 * {@link CORE_CLIENT_REPLACEMENTS} it replaced.
 */
export interface ReplacementRecord {
  resolvedCore: boolean;
  replaced: string[];
}

/**
 * The replacements to judge: this build's when it resolved anything of core, else those `recorded`
 * by the build that filled the cache (`null`: none recorded, no verdict).
 */
export function replacementsToJudge(current: ReplacementRecord, recorded: string[] | null): Set<string> | null {
  if (current.resolvedCore) return new Set(current.replaced);
  return recorded ? new Set(recorded) : null;
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

export default function coreClientPlugin(context: LoadContext): Plugin {
  // What the client build replaced (the server build's rewrites do not count: the speed-ups are the browser's).
  const replaced = new Set<string>();
  let resolvedCore = false;
  const record = path.join(context.siteDir, REPLACED_RECORD);
  const requests = new RegExp(
    `^(${Object.keys(CORE_CLIENT_REPLACEMENTS)
      .map((request) => request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|')})$`,
  );
  return {
    name: 'core-client',
    getClientModules: () => [path.join(__dirname, 'client', 'idlePrefetch.ts')],
    configureWebpack(_config, isServer, utils) {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/./, (resource: { context?: string; request: string }) => {
            const from = resource.context?.split(path.sep).join('/') ?? '';
            if (!isServer && from.includes('/@docusaurus/core/')) resolvedCore = true;
            if (requests.test(resource.request) && from.endsWith(CORE_CLIENT_DIR)) {
              if (!isServer) replaced.add(resource.request);
              resource.request = path.join(context.siteDir, CORE_CLIENT_REPLACEMENTS[resource.request]);
            }
          }),
        ],
      };
    },
    async postBuild() {
      const recorded = fs.existsSync(record) ? (JSON.parse(fs.readFileSync(record, 'utf8')) as string[]) : null;
      const judged = replacementsToJudge({ resolvedCore, replaced: [...replaced] }, recorded);
      if (resolvedCore) {
        fs.mkdirSync(path.dirname(record), { recursive: true });
        fs.writeFileSync(record, JSON.stringify([...replaced].sort()));
      }
      const problem = judged && missedReplacements(judged);
      if (problem) throw new Error(problem);
    },
  };
}
