/**
 * A part of a page meant only for a portal run on the reader's own machine (its local accounts, the local
 * identity service, the sample answers it serves): a `:::on-your-machine` container. A build for a user pool,
 * the one customers read, leaves every such part out of the page, its Markdown copy, `llms.txt` and what the
 * MCP server's `read_page` and `search_docs` read (they read the copies); a local run shows it as a note headed
 * {@link LOCAL_PART_TITLE}. Two runtimes apply the one rule: the site's remark plugin
 * (docusaurus.config.ts, {@link remarkLocalParts}) and the Markdown export (plugins/markdown-export/mdx.ts).
 * Whole pages for maintainers are left out by their front matter instead (config/docsAudience.ts).
 */

/** The container directive's name, as a writer types it: `:::on-your-machine` … `:::`. */
export const LOCAL_PART_DIRECTIVE = 'on-your-machine';

/** The heading a local run shows above such a part. */
export const LOCAL_PART_TITLE = 'On a portal run on your own machine';

/** The admonition a kept part becomes (Docusaurus' `:::note[Title]`, which the export writes as a block quote). */
const KEPT_AS = 'note';

/** The few fields of an mdast node the rule reads (remark-directive's container directive among them). */
interface MarkdownNode {
  type: string;
  name?: string | null;
  children?: MarkdownNode[];
  data?: unknown;
  position?: { start?: { line?: number } };
}

/**
 * Applies the rule to a parsed page in place: each `:::on-your-machine` container is removed when `keep` is
 * false, and otherwise becomes a note headed {@link LOCAL_PART_TITLE}. Containers inside others are reached too.
 *
 * @param tree - an mdast root parsed with remark-directive.
 * @param keep - whether the page is for a portal run locally (identity mode `local`).
 * @throws {Error} naming the line when such a container has a label (`:::on-your-machine[Title]`): its heading is
 *   always {@link LOCAL_PART_TITLE}, so readers recognise these parts.
 */
export function applyLocalParts(tree: MarkdownNode, keep: boolean): void {
  if (!tree.children) return;
  tree.children = tree.children.flatMap((node) => {
    if (node.type !== 'containerDirective' || node.name !== LOCAL_PART_DIRECTIVE) {
      applyLocalParts(node, keep);
      return [node];
    }
    const [first] = node.children ?? [];
    if (
      first?.type === 'paragraph' &&
      (first.data as { directiveLabel?: unknown } | undefined)?.directiveLabel === true
    )
      throw new Error(
        `line ${node.position?.start?.line ?? '?'}: ":::${LOCAL_PART_DIRECTIVE}" takes no title in brackets; ` +
          `its heading is always "${LOCAL_PART_TITLE}".`,
      );
    if (!keep) return [];
    applyLocalParts(node, keep);
    const label: MarkdownNode = {
      type: 'paragraph',
      data: { directiveLabel: true },
      children: [{ type: 'text', value: LOCAL_PART_TITLE } as MarkdownNode],
    };
    return [{ ...node, name: KEPT_AS, children: [label, ...(node.children ?? [])] }];
  });
}

/** Options of {@link remarkLocalParts}. */
export interface LocalPartsOptions {
  /** The identity mode of the build (config/env.ts `auth.mode`): only `local` keeps the parts. */
  mode: 'local' | 'cognito';
}

/**
 * The remark plugin the site's docs, blog and pages use (before Docusaurus' own, so a kept part renders as its
 * admonition): {@link applyLocalParts} for the build's identity mode.
 */
export function remarkLocalParts(options: LocalPartsOptions) {
  return (tree: MarkdownNode): void => applyLocalParts(tree, options.mode === 'local');
}
