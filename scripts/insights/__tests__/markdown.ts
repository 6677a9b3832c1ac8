/**
 * Runs ../report.ts `reportMarkdown` (ESM-only remark inside) on the rows given as JSON on stdin, parses the
 * Markdown back as GitHub does (remark-parse with remark-gfm), and prints, as JSON, the Markdown and what a
 * renderer makes of it: every node type, the headings, links and images, the quoted paragraphs and the table
 * cells as text (for ./report.test.ts).
 */
import type { Nodes } from 'mdast';
import type { InsightRow } from '../../../server/insights/store';
import { reportMarkdown, reportOf } from '../report';

/** What the parsed Markdown holds. */
export interface RenderedMarkdown {
  markdown: string;
  types: string[];
  headings: string[];
  links: { url: string; text: string }[];
  quotes: string[];
  cells: string[];
}

/** The text a node shows. */
function toString(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => toString(child)).join('') : '';
}

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as InsightRow[];
  const markdown = await reportMarkdown(reportOf(rows));
  const [{ unified }, { default: remarkParse }, { default: remarkGfm }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
  ]);
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const rendered: RenderedMarkdown = { markdown, types: [], headings: [], links: [], quotes: [], cells: [] };
  const types = new Set<string>();
  const walk = (node: Nodes) => {
    types.add(node.type);
    if (node.type === 'heading') rendered.headings.push(toString(node));
    if (node.type === 'link' || node.type === 'image')
      rendered.links.push({ url: node.url, text: node.type === 'link' ? toString(node) : (node.alt ?? '') });
    if (node.type === 'blockquote') rendered.quotes.push(...node.children.map((child) => toString(child)));
    if (node.type === 'tableCell') rendered.cells.push(toString(node));
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  rendered.types = [...types].sort();
  process.stdout.write(JSON.stringify(rendered));
}

void main();
