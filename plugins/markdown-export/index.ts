/**
 * Markdown for readers' tools (issue #14): after the build, saves what every page is (route, title,
 * description, source; ./inventory.ts) to `.docusaurus/markdown-export.json`. `npm run build`'s last step
 * (postbuild/run.ts) then writes `<route>.md`, `llms.txt` and `llms-full.txt` from it
 * (./export.ts): the remark packages that does it are ESM-only, which Docusaurus' plugin loader is not
 * asked to handle. The files are gated like every page (rules/access.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { trimTrailing } from '../../rules/text';
import { buildInventory } from './inventory';
import { scriptSettingsOf, settingsLines, type ScriptAuth, type ScriptSettings } from '../../rules/scriptSettings';

type LocalAccount = ScriptSettings['localAccount'];

/** Name of the inventory file in Docusaurus' generated-files folder (`.docusaurus`). */
export const INVENTORY_FILE = 'markdown-export.json';

export default function markdownExportPlugin(context: LoadContext): Plugin {
  return {
    name: 'markdown-export',
    async postBuild({ plugins, routesPaths, siteConfig }) {
      const inventory = buildInventory({
        siteDir: context.siteDir,
        siteUrl: trimTrailing(siteConfig.url, '/') + trimTrailing(siteConfig.baseUrl, '/'),
        title: siteConfig.title,
        tagline: siteConfig.tagline,
        plugins,
        routesPaths,
      });
      const fields = siteConfig.customFields as { auth?: ScriptAuth; apiBase?: string; localAccount?: LocalAccount };
      if (fields.auth && fields.apiBase)
        inventory.scriptSettings = settingsLines(scriptSettingsOf(fields.auth, fields.apiBase, fields.localAccount));
      fs.writeFileSync(path.join(context.generatedFilesDir, INVENTORY_FILE), JSON.stringify(inventory));
    },
  };
}
