/**
 * Writes the Markdown copy of every page and the llms.txt files into the build, from the
 * inventory the plugin saved (./inventory.ts) and the bundled contract:
 *
 * - `<route>.md` (`/` → `/index.md`): the page as plain Markdown, links absolute to the site (./mdx.ts;
 *   API pages from the contract, ./openapi.ts);
 * - `/llms.txt`, after the llms.txt proposal (https://llmstxt.org): `# title`, `> summary`, how to fetch
 *   the files, then one `## section` per docs category, the API reference and the blog, one line per page
 *   (`- [title](url.md): description`), secondary pages under `## Optional`;
 * - `/llms-full.txt`: the same header, then every page's Markdown.
 *
 * Run by ./write.ts, the child process the plugin's `postBuild` starts (./index.ts); scripts/liveMcpContent.ts and
 * the tests call `renderPages` and `llmsTxtOf` directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Inventory, ListItem, PageEntry } from './inventory';
import { llmsTxtLink } from '../../rules/llmsTxt';
import { markdownHrefOf, markdownPathOf } from '../../rules/routes';
import { toPlainMarkdown } from './mdx';
import { trimLeading } from '../../rules/text';
import { findOperation, operations } from '../../rules/contract';
import { ASSUMED, assumptionNote } from '../../rules/assumptions';
import {
  infoMarkdown,
  operationMarkdown,
  schemaMarkdown,
  schemaNameFor,
  tagMarkdown,
  type ApiDocument,
} from './openapi';

/** Absolute URL of a route (`encodeURI`: routes may hold spaces). */
export const urlOf = (siteUrl: string, route: string) => `${siteUrl}${encodeURI(route)}`;

/** Absolute URL of a route's Markdown copy. */
export const markdownUrlOf = (siteUrl: string, route: string) => `${siteUrl}${encodeURI(markdownHrefOf(route))}`;

/**
 * Resolves a link target written in `file` (the page at `route`; none for a page made from the contract) to
 * an absolute URL, as the page's link goes on the site: site paths and `#anchors` get the site URL; relative
 * file links (`./other.md#h`) the route of that file; Docusaurus' own forms, `pathname:///x` (a site path the
 * router leaves alone) and `@site/static/x` (a static file, served at `/x`), their site URL; other URLs with
 * a scheme are kept.
 */
export function resolverFor(
  siteUrl: string,
  route: string,
  file: string | undefined,
  routeOfFile: Map<string, string>,
) {
  return (url: string): string => {
    if (url.startsWith('pathname://')) return `${siteUrl}/${trimLeading(url.slice('pathname://'.length), '/')}`;
    if (url.startsWith('@site/static/')) return `${siteUrl}/${url.slice('@site/static/'.length)}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
    if (url.startsWith('#')) return `${urlOf(siteUrl, route)}${url}`;
    if (url.startsWith('/')) return `${siteUrl}${url}`;
    const [target, hash = ''] = url.split('#');
    const known = file && routeOfFile.get(path.resolve(path.dirname(file), decodeURI(target)));
    if (known) return `${urlOf(siteUrl, known)}${hash ? `#${hash}` : ''}`;
    return new URL(url, `${urlOf(siteUrl, route)}/`).toString();
  };
}

const listMarkdown = (siteUrl: string, items: ListItem[]) =>
  items.map((i) => `- [${i.title}](${urlOf(siteUrl, i.route)})${i.description ? `: ${i.description}` : ''}`).join('\n');

/** One page as Markdown. */
async function pageMarkdown(
  page: PageEntry,
  inventory: Inventory,
  contract: ApiDocument,
  routeOfFile: Map<string, string>,
  operationRoute: (method: string, path: string) => string | undefined,
): Promise<string> {
  const { siteUrl } = inventory;
  const body = page.body;
  // The contract's texts are CommonMark that may hold what the site renders and a reader's tool does not (an
  // admonition, a site-relative link): the page goes through the same conversion as a doc, its tables unpadded.
  const fromContract = (markdown: string) =>
    toPlainMarkdown(markdown, {
      format: 'md',
      resolveUrl: resolverFor(siteUrl, page.route, undefined, routeOfFile),
      alignTables: false,
    });
  switch (body.kind) {
    case 'source': {
      const markdown = await toPlainMarkdown(fs.readFileSync(body.file, 'utf8'), {
        format: body.format,
        title: page.title,
        resolveUrl: resolverFor(siteUrl, page.route, body.file, routeOfFile),
        scriptSettings: inventory.scriptSettings,
        mcpSignIn: inventory.mcpSignIn,
        localParts: inventory.localParts,
      });
      if (!body.preface) return markdown;
      // The preface goes right under the title (`# …` is the first line).
      const [title, ...rest] = markdown.split('\n');
      return [title, '', absoluteLinks(body.preface, siteUrl), ...rest].join('\n');
    }
    case 'operation':
      return fromContract(operationMarkdown(contract, body.method, body.path));
    case 'tag':
      return fromContract(tagMarkdown(contract, body.tag, operationRoute));
    case 'schema': {
      const name = schemaNameFor(contract, body.name);
      if (!name)
        throw new Error(`${page.route}: the contract has no schema "${body.name}"; regenerate with npm run gen-api`);
      return fromContract(schemaMarkdown(contract, name));
    }
    case 'api-info':
      return fromContract(infoMarkdown(contract, operationRoute));
    case 'list':
      return `${[`# ${page.title}`, body.intro, listMarkdown(siteUrl, body.items)].filter(Boolean).join('\n\n')}\n`;
  }
}

/** Site-relative Markdown links of contract descriptions (`](/docs/x)`) made absolute. */
const absoluteLinks = (markdown: string, siteUrl: string) => markdown.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`);

/** The order of llms.txt sections: docs categories as the sidebar has them, then API, blog, schemas, optional. */
function sectionsOf(pages: PageEntry[]): string[] {
  const fixed = ['API reference', 'Blog', 'API schemas', 'Optional'];
  const docs = [...new Set(pages.map((p) => p.section))].filter((s) => !fixed.includes(s));
  return [...docs, ...fixed];
}

/** The header both llms files start with: title, summary, and how to fetch the files with a token. */
function llmsHeader(inventory: Inventory): string {
  return [
    `# ${inventory.title} developer portal`,
    `> ${inventory.tagline}. Documentation, API reference and blog of the ${inventory.title} regulatory-content API, as Markdown.`,
    `Every page is also at its URL plus \`.md\`. These files are for signed-in customers: send your access token as \`Authorization: Bearer <token>\` (see ${markdownUrlOf(inventory.siteUrl, '/docs/api/getting-started')}); without it the portal answers 401.`,
  ].join('\n\n');
}

/** A page and its Markdown copy. */
export interface RenderedPage {
  page: PageEntry;
  markdown: string;
}

/**
 * Every page of the inventory as Markdown, in inventory order.
 *
 * @param only - when given, only the pages it accepts are converted (the others' links still resolve).
 * @throws {Error} naming the page when one cannot be converted (a malformed `<ApiSample>`, a contract
 *   that no longer has an operation the reference shows).
 */
export async function renderPages(
  inventory: Inventory,
  contract: ApiDocument,
  only: (page: PageEntry) => boolean = () => true,
): Promise<RenderedPage[]> {
  const routeOfFile = new Map(
    inventory.pages.flatMap((p) => (p.body.kind === 'source' ? [[path.resolve(p.body.file), p.route] as const] : [])),
  );
  const operationRoutes = new Map(
    inventory.pages.flatMap((p) =>
      p.body.kind === 'operation' ? [[`${p.body.method} ${p.body.path}`, p.route] as const] : [],
    ),
  );
  const operationRoute = (method: string, apiPath: string) => {
    const route = operationRoutes.get(`${method} ${apiPath}`);
    return route ? urlOf(inventory.siteUrl, route) : undefined;
  };
  for (const { method, path: apiPath } of operations(contract)) {
    if (!operationRoutes.has(`${method} ${apiPath}`))
      throw new Error(`the reference has no page for ${method.toUpperCase()} ${apiPath}`);
  }

  const rendered: RenderedPage[] = [];
  for (const page of inventory.pages.filter(only)) {
    try {
      rendered.push({ page, markdown: await pageMarkdown(page, inventory, contract, routeOfFile, operationRoute) });
    } catch (error) {
      throw new Error(`Markdown of ${page.route}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return rendered;
}

/** `llms.txt`: the header, then one section per docs category, API reference, blog, schemas and optional pages. */
export function llmsTxtOf(inventory: Inventory, pages: PageEntry[], contract: ApiDocument): string {
  const lines = (section: string) =>
    pages
      .filter((page) => page.section === section)
      .map((page) =>
        llmsTxtLink({
          title: page.title,
          url: markdownUrlOf(inventory.siteUrl, page.route),
          description: summaryOf(page, contract),
        }),
      );
  const llms = [
    llmsHeader(inventory),
    ...sectionsOf(inventory.pages).flatMap((section) => {
      const items = lines(section);
      return items.length ? [`## ${section}\n\n${items.join('\n')}`] : [];
    }),
  ].join('\n\n');
  return `${llms}\n`;
}

/** `llms-full.txt`: the header, then every page's Markdown with its source URL. */
export function llmsFullTxtOf(inventory: Inventory, rendered: RenderedPage[]): string {
  const full = [
    llmsHeader(inventory),
    ...rendered.map(
      ({ page, markdown }) => `---\n\nSource: ${urlOf(inventory.siteUrl, page.route)}\n\n${markdown.trim()}`,
    ),
  ].join('\n\n');
  return `${full}\n`;
}

/**
 * Writes every page's Markdown copy (`<route>.md`), `llms.txt` and `llms-full.txt` into `buildDir`.
 *
 * @returns what was written: number of `.md` files and bytes of the llms files; and the pages as rendered.
 * @throws {Error} as {@link renderPages}.
 */
export async function exportMarkdown(
  buildDir: string,
  inventory: Inventory,
  contract: ApiDocument,
): Promise<{ pages: number; llmsBytes: number; llmsFullBytes: number; rendered: RenderedPage[] }> {
  const rendered = await renderPages(inventory, contract);
  for (const { page, markdown } of rendered) {
    const file = path.join(buildDir, markdownPathOf(page.route));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, markdown);
  }
  const llms = llmsTxtOf(
    inventory,
    rendered.map(({ page }) => page),
    contract,
  );
  const full = llmsFullTxtOf(inventory, rendered);
  fs.writeFileSync(path.join(buildDir, 'llms.txt'), llms);
  fs.writeFileSync(path.join(buildDir, 'llms-full.txt'), full);
  return {
    pages: rendered.length,
    llmsBytes: Buffer.byteLength(llms),
    llmsFullBytes: Buffer.byteLength(full),
    rendered,
  };
}

/**
 * What a description drawn from the contract for llms.txt (and the search index) adds when the text it is
 * drawn from carries a note of what the provider has not confirmed: the line is read alone, without the
 * page's notes, so it says that it rests on them, in the customers' words (rules/customerWords.ts).
 */
export const UNCONFIRMED_MARK = 'The provider has not confirmed all of this; the page says what is assumed.';

/**
 * A page's one-line description for llms.txt: for API pages the first sentence of the contract's own
 * description (the generated pages' descriptions are cut at a line break), without the "_Assumed:_"
 * notes the bundle appends, followed by {@link UNCONFIRMED_MARK} when the node it describes carries a note
 * (its own `x-assumed`, or one the bundle appended to its description: scripts/openapi/assumptions.ts),
 * since the note qualifies the description it is written beside; for the others the description the site
 * gives the page (a writer marks in it what it assumes: tests/docs/truth.test.ts).
 */
export function summaryOf(page: PageEntry, contract: ApiDocument): string | undefined {
  const { body } = page;
  let node: { description?: unknown; [ASSUMED]?: unknown } | undefined = { description: page.description };
  if (body.kind === 'operation') node = findOperation(contract, body.method, body.path)?.operation;
  if (body.kind === 'schema')
    node = contract.components?.schemas?.[schemaNameFor(contract, body.name) ?? ''] as typeof node;
  if (body.kind === 'tag') node = contract.tags?.find((t) => t.name === body.tag) as typeof node;
  if (body.kind === 'api-info') node = contract.info as typeof node;
  const [said, ...notes] = String(node?.description ?? '').split(assumptionNote(''));
  const plain = said.replace(/\s+/g, ' ').trim();
  if (body.kind === 'source' || body.kind === 'list') return plain || undefined;
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(plain)?.[1] ?? plain;
  if (!sentence) return undefined;
  const assumed = notes.length > 0 || (typeof node?.[ASSUMED] === 'string' && node[ASSUMED].trim() !== '');
  return assumed ? `${sentence} ${UNCONFIRMED_MARK}` : sentence;
}
