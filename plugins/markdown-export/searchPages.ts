/**
 * What `search_docs` of the MCP server searches (rules/contentFiles.ts `SearchPage`), taken from the pages'
 * Markdown copies with the parser the export uses (remark, with GFM tables): each page's title, its one-line
 * description (./export.ts `summaryOf`, as llms.txt gives it), and its sections, one per heading, as plain
 * text. ./export.ts writes them to the build's `MCP_SEARCH_FILE`; scripts/liveMcpContent.ts makes them from
 * the sources for `npm start`. The remark packages are ESM-only, so they are imported on first use (this
 * module runs under tsx).
 */
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import type { SearchPage, SearchSection } from '../../rules/contentFiles';
import { summaryOf, type RenderedPage } from './export';
import type { ApiDocument } from './openapi';

/**
 * The pages as `search_docs` searches them, in the order given. A section's `anchor` is given only for
 * pages written in Markdown (docs, posts, Markdown pages), whose HTML shows the same headings with the same
 * ids; the API reference's Markdown is made from the contract, and its HTML pages have other headings.
 */
export async function searchPagesOf(rendered: RenderedPage[], contract: ApiDocument): Promise<SearchPage[]> {
  const [{ unified }, { default: remarkParse }, { default: remarkGfm }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
  ]);
  const parser = unified().use(remarkParse).use(remarkGfm);
  return rendered.map(({ page, markdown }) => ({
    route: page.route,
    title: page.title,
    description: summaryOf(page, contract),
    sections: sectionsOf(parser.parse(markdown) as Root, page.body.kind === 'source'),
  }));
}

/** A page's sections: the text before the first heading below its title (maybe none), then one per heading. */
function sectionsOf(tree: Root, anchors: boolean): SearchSection[] {
  const slugger = new GithubSlugger();
  const sections: { heading?: string; anchor?: string; text: string[]; code: string[] }[] = [{ text: [], code: [] }];
  for (const node of tree.children) {
    // The page's title: the search has it from the page.
    if (node.type === 'heading' && node.depth === 1) continue;
    const text = textOf(node).trim();
    if (!text) continue;
    if (node.type === 'heading') {
      const anchor = `#${slugger.slug(text)}`;
      sections.push({ heading: text, anchor: anchors ? anchor : undefined, text: [], code: [] });
    } else {
      const section = sections[sections.length - 1];
      (node.type === 'code' ? section.code : section.text).push(text);
    }
  }
  // The first section stays when it has no text: a page is found by its title and description there.
  return sections.map(({ heading, anchor, text, code }) => ({
    heading,
    anchor,
    text: text.join('\n'),
    code: code.join('\n'),
  }));
}

/** Nodes whose children are text and inline marks, which carry their own spaces. */
const INLINE_PARENTS: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'link',
  'linkReference',
  'emphasis',
  'strong',
  'delete',
]);

/**
 * The text of a Markdown node: a link's text, never its target; inline content as written, blocks (list
 * items, table cells, quoted paragraphs) apart by a space.
 */
function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if (!('children' in node)) return '';
  return (node.children as Nodes[]).map(textOf).join(INLINE_PARENTS.has(node.type) ? '' : ' ');
}
