/**
 * Writes every page's Markdown copy as the build does (../export.ts `renderPages`) from the sources and the
 * vendored contract, without Docusaurus (tests/support/sourcePages.ts), and prints, as JSON, what keeps any of
 * them from standing on its own (./selfContained.ts) and every link to the site that names no page of them (or
 * no heading of that page), for ./copies.test.ts. remark is ESM-only: this runs under tsx in a child process.
 *
 * The contract's landing page gets the note the bundle writes (scripts/openapi/source.ts), an admonition.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';
import { GENERATED_FILES, sourcePages } from '../../../tests/support/sourcePages';
import { renderPages } from '../export';
import type { Inventory } from '../inventory';
import type { ApiDocument } from '../openapi';
import { headingIdsOf, linksOf, standAloneProblems } from './selfContained';

const ROOT = path.resolve(__dirname, '../../..');
const SITE = 'https://portal.test';

/** A heading's explicit id in a source (`## Title {#id}`), which its copy no longer writes. */
const EXPLICIT_ID = /^#{1,6}[ \t][^\n]*\{#([\w-]+)\}[ \t]*$/gm;

async function main(): Promise<void> {
  const contract = loadContract() as ApiDocument & { info: { description?: string } };
  contract.info.description = `${contract.info.description ?? ''}\n\n:::info[Where this reference comes from]\n\nBuilt from the portal's own copy.\n\n:::`;
  const inventory: Inventory = {
    siteUrl: SITE,
    title: 'RegData',
    tagline: 'Regulatory content',
    pages: sourcePages(contract, { changelog: true }),
  };
  const rendered = await renderPages(inventory, contract);
  const byRoute = new Map(rendered.map((entry) => [entry.page.route.replace(/\/$/, '') || '/', entry]));
  const ids = new Map<string, Set<string>>();
  const idsOf = async (route: string) => {
    if (!ids.has(route)) {
      const { page, markdown } = byRoute.get(route)!;
      const own = page.body.kind === 'source' ? fs.readFileSync(page.body.file, 'utf8') : '';
      ids.set(route, new Set([...(await headingIdsOf(markdown)), ...[...own.matchAll(EXPLICIT_ID)].map((m) => m[1])]));
    }
    return ids.get(route)!;
  };
  const problems: string[] = [];
  const broken: string[] = [];
  let links = 0;
  for (const { page, markdown } of rendered) {
    problems.push(...(await standAloneProblems(markdown)).map((problem) => `${page.route}: ${problem}`));
    for (const { url } of await linksOf(markdown)) {
      if (!url.startsWith(`${SITE}/`)) continue;
      links += 1;
      const target = new URL(url);
      const route = decodeURIComponent(target.pathname).replace(/\/$/, '').replace(/\.md$/, '') || '/';
      const file = path.join(ROOT, 'static', decodeURIComponent(target.pathname));
      if (!byRoute.has(route)) {
        if (!fs.existsSync(file) && !GENERATED_FILES.includes(target.pathname))
          broken.push(`${page.route}: ${url} (no such page)`);
        continue;
      }
      const hash = decodeURIComponent(target.hash.slice(1));
      // Anchors of the API pages are the theme's own ids; those of a written page its headings'.
      if (hash && byRoute.get(route)!.page.body.kind === 'source' && !(await idsOf(route)).has(hash))
        broken.push(`${page.route}: ${url} (no heading #${hash})`);
    }
  }
  process.stdout.write(JSON.stringify({ pages: rendered.length, links, problems, broken }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
