/**
 * Markdown for readers' tools: saves what every page is (route, title, description, source;
 * ./inventory.ts) to `.docusaurus/markdown-export.json` (rules/contentFiles.ts `MARKDOWN_INVENTORY`). After a build, `postBuild` writes `<route>.md`,
 * `llms.txt` and `llms-full.txt` from it (./export.ts) in a child process (./write.ts): the remark packages
 * it uses are ESM-only, and the child works while the search plugin indexes the pages on this process's
 * thread. The files are gated like every page (rules/access.ts).
 *
 * The inventory is saved whenever the content is loaded, so the dev server keeps it current as writers
 * edit pages (`npm start`'s MCP server reads the pages through it), and again after a build, kept to the
 * routes the build has.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { writeBuildFile } from '../../rules/buildFiles';
import { MARKDOWN_INVENTORY } from '../../rules/contentFiles';
import { trimTrailing } from '../../rules/text';
import { runScript } from '../childScript';
import { buildInventory, type LoadedPluginLike } from './inventory';
import { scriptSettingsOf, settingsLines, type ScriptAuth, type ScriptSettings } from '../../rules/scriptSettings';

type LocalAccount = ScriptSettings['localAccount'];

/** The script that writes the Markdown copies (a child process of `postBuild`). */
const WRITER = path.join(__dirname, 'write.ts');

/** The plugin's options: docusaurus.config.ts gives `writeCopies` from BUILD_COPIES (config/env.ts `buildCopies`). */
export interface MarkdownExportOptions {
  /**
   * Whether `postBuild` writes the Markdown copies, `llms.txt`, `llms-full.txt` and the MCP server's search file
   * (default true). False for the test suite's extra builds, whose tests read none of them; the inventory is
   * saved all the same (the build's last step reads it).
   */
  writeCopies?: boolean;
}

export default function markdownExportPlugin(
  context: LoadContext,
  { writeCopies = true }: MarkdownExportOptions = {},
): Plugin {
  const { siteConfig } = context;
  const save = (plugins: LoadedPluginLike[], routesPaths?: string[]) => {
    const inventory = buildInventory({
      siteDir: context.siteDir,
      siteUrl: trimTrailing(siteConfig.url, '/') + trimTrailing(siteConfig.baseUrl, '/'),
      title: siteConfig.title,
      tagline: siteConfig.tagline,
      plugins,
      routesPaths,
    });
    const fields = siteConfig.customFields as {
      auth?: ScriptAuth;
      apiBase?: string;
      localAccount?: LocalAccount;
      mcpSignIn?: boolean;
    };
    if (fields.auth && fields.apiBase)
      inventory.scriptSettings = settingsLines(scriptSettingsOf(fields.auth, fields.apiBase, fields.localAccount));
    inventory.mcpSignIn = fields.mcpSignIn === true;
    inventory.localParts = fields.auth?.mode === 'local';
    writeBuildFile(fs, context.generatedFilesDir, MARKDOWN_INVENTORY, inventory);
  };
  return {
    name: 'markdown-export',
    allContentLoaded({ allContent }) {
      // allContent has each plugin's content by name and id, not its options: the blog's route is its default.
      save(
        Object.entries(allContent).flatMap(([name, byId]) =>
          Object.entries(byId ?? {}).map(([id, content]) => ({ name, options: { id }, content })),
        ),
      );
    },
    async postBuild({ plugins, routesPaths, outDir }) {
      save(plugins, routesPaths);
      if (writeCopies) process.stdout.write(await runScript(WRITER, [context.siteDir, outDir], context.siteDir));
    },
  };
}
