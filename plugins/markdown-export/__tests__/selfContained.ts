/**
 * The check that a Markdown copy stands on its own: a page's `<route>.md`, `llms.txt`, `llms-full.txt` and the
 * MCP server's `read_page` answers are read outside the portal, by people and tools that see neither its
 * components nor Docusaurus' syntax. Used by ./copies.test.ts (the copies the exporter writes from the sources,
 * no build needed) and tests/e2e/markdown.spec.ts (every copy of the build, each link followed).
 *
 * Parsed with the remark packages the exporter uses (CommonMark, GFM autolinks and tables, directives), which
 * are ESM-only: the functions import them on first use (tsx, Playwright).
 */
import type { Nodes, Root } from 'mdast';

/** A link of a copy: its URL as written, and the line it is on. */
export interface CopyLink {
  url: string;
  line: number;
}

type AnyNode = Nodes & { name?: string; value?: string; url?: string; children?: AnyNode[] };

let parser: Promise<(markdown: string) => Root> | undefined;

async function parse(markdown: string): Promise<Root> {
  parser ??= (async () => {
    const [unified, remarkParse, gfm, directive] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-directive'),
    ]);
    const processor = unified.unified().use(remarkParse.default).use(gfm.default).use(directive.default);
    return (text: string) => processor.parse(text) as Root;
  })();
  return (await parser)(markdown);
}

function walk(node: AnyNode, visit: (node: AnyNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/** Every link, image and link definition of a copy (GFM's bare URLs included). */
export async function linksOf(markdown: string): Promise<CopyLink[]> {
  const links: CopyLink[] = [];
  walk((await parse(markdown)) as AnyNode, (node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string')
      links.push({ url: node.url, line: node.position?.start.line ?? 0 });
  });
  return links;
}

/** URL schemes a reader's tool opens outside the portal (an editor's install links included). */
const OPEN_SCHEMES = ['https:', 'http:', 'mailto:', 'cursor:', 'vscode:'];

/**
 * What keeps a copy from standing on its own, one line each (`line 12: …`): a link that is not an absolute URL
 * a reader can open (relative, `#anchor` alone, Docusaurus' `pathname://` or `@site/`), an admonition or other
 * directive left as `:::`, a heading id `{#id}`, a component's tag (`<ApiSample …>`), or an MDX `import`/`export`.
 */
export async function standAloneProblems(markdown: string): Promise<string[]> {
  const problems: string[] = [];
  const at = (node: AnyNode, what: string) => problems.push(`line ${node.position?.start.line ?? 0}: ${what}`);
  walk((await parse(markdown)) as AnyNode, (node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string') {
      const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(node.url)?.[0].toLowerCase();
      if (!scheme || !OPEN_SCHEMES.includes(scheme)) at(node, `link ${node.url} is not an absolute URL`);
    }
    if (node.type === 'containerDirective' || node.type === 'leafDirective') at(node, `directive :::${node.name}`);
    if (node.type === 'heading') {
      const last = node.children?.at(-1);
      if (last?.type === 'text' && /\{#[\w-]+\}\s*$/.test(last.value ?? '')) at(node, 'heading id {#…}');
    }
    if (node.type === 'html' && /<\/?[A-Z]/.test(node.value ?? '')) at(node, `component ${node.value?.slice(0, 40)}`);
    if (node.type === 'paragraph') {
      const first = node.children?.[0];
      if (first?.type === 'text' && /^(import|export) [^\n]* from ['"]/.test(first.value ?? ''))
        at(node, 'MDX import/export');
    }
  });
  return problems;
}

/**
 * The ids of a copy's headings as GitHub and most Markdown renderers give them (github-slugger, the slugger
 * Docusaurus uses too), for a link's `#anchor` into a copy.
 */
export async function headingIdsOf(markdown: string): Promise<Set<string>> {
  const { default: Slugger } = await import('github-slugger');
  const slugger = new Slugger();
  const ids = new Set<string>();
  const text = (node: AnyNode): string =>
    typeof node.value === 'string' ? node.value : (node.children ?? []).map(text).join('');
  walk((await parse(markdown)) as AnyNode, (node) => {
    if (node.type === 'heading') ids.add(slugger.slug(text(node)));
  });
  return ids;
}
