/**
 * The link lines of `llms.txt` (llmstxt.org: a Markdown list of links, `- [name](url): notes`), one per page
 * that has a Markdown copy: plugins/markdown-export writes them with {@link llmsTxtLink}, and the MCP server
 * lists its page resources from them with {@link llmsTxtLinks} (server/mcp/server.ts), so both read the
 * same list of pages whether it comes from a build or from `npm start`'s live sources.
 */

/** One page in `llms.txt`: its title, the URL of its Markdown copy, and what it is about. */
export interface LlmsTxtLink {
  title: string;
  /** The Markdown copy's absolute URL, percent-encoded (plugins/markdown-export `markdownUrlOf`). */
  url: string;
  description?: string;
}

/** A link line: `- [title](url)`, then `: description` when there is one. */
export function llmsTxtLink({ title, url, description }: LlmsTxtLink): string {
  return `- [${title}](${url})${description ? `: ${description}` : ''}`;
}

/**
 * Every link line of an `llms.txt` that {@link llmsTxtLink} wrote, in order. Other lines (the header,
 * section headings, blank lines) are skipped. A title ends at its first `](`, as a Markdown reader ends it;
 * a URL at the first `.md)` that ends the line or is followed by `: ` (the description), so a URL may hold
 * `)`. String searches only, each resuming where the last stopped: linear in the text's length.
 */
export function llmsTxtLinks(text: string): LlmsTxtLink[] {
  const links: LlmsTxtLink[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('- [')) continue;
    const open = line.indexOf('](', 3);
    if (open < 0) continue;
    for (let end = line.indexOf('.md)', open); end >= 0; end = line.indexOf('.md)', end + 1)) {
      const after = end + '.md)'.length;
      if (after === line.length || line.startsWith(': ', after)) {
        const description = line.slice(after + ': '.length);
        links.push({
          title: line.slice(3, open),
          url: line.slice(open + 2, after - 1),
          ...(description && { description }),
        });
        break;
      }
    }
  }
  return links;
}
