/**
 * Docusaurus plugin: the browser's string collator is set up in an idle period before the page hydrates
 * (./client.ts), instead of inside hydration. A minifier may drop a call it judges free of side effects,
 * which would leave the warm-up empty; the build fails, naming this plugin, when the client bundle no
 * longer makes the call ({@link assertWarmUpKept}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The call as the minifier writes it in the client bundle. */
export const WARM_UP_CALL = 'String.prototype.localeCompare.call("/a","/b")';

/**
 * @param jsDir - the build's `assets/js` folder.
 * @throws {Error} naming plugins/warm-collator when no script of the build makes {@link WARM_UP_CALL}.
 */
export function assertWarmUpKept(jsDir: string): void {
  const scripts = fs.readdirSync(jsDir).filter((name) => name.endsWith('.js'));
  if (scripts.some((name) => fs.readFileSync(path.join(jsDir, name), 'utf8').includes(WARM_UP_CALL))) return;
  throw new Error(
    `plugins/warm-collator: no script of the build calls ${WARM_UP_CALL}; the minifier dropped the warm-up ` +
      'or the client module is no longer loaded (plugins/README.md).',
  );
}

export default function warmCollatorPlugin(): Plugin {
  return {
    name: 'warm-collator',
    getClientModules: () => [path.join(__dirname, 'client', 'index.ts')],
    postBuild({ outDir }) {
      assertWarmUpKept(path.join(outDir, 'assets', 'js'));
    },
  };
}
