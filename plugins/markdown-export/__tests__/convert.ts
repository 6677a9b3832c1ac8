/**
 * Runs ../mdx.ts (ESM-only remark inside) on the sources given as JSON on stdin,
 * `[{ source, format, title?, mcpSignIn?, localParts? }]`, and prints their Markdown as a JSON list (for ./mdx.test.ts).
 */
import { toPlainMarkdown } from '../mdx';
import { resolverFor } from '../export';

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const cases = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    source: string;
    format: 'md' | 'mdx';
    title?: string;
    mcpSignIn?: boolean;
    localParts?: boolean;
  }[];
  const routeOfFile = new Map([['/site/docs/other.md', '/docs/other page']]);
  const results: string[] = [];
  for (const c of cases) {
    results.push(
      await toPlainMarkdown(c.source, {
        format: c.format,
        title: c.title,
        mcpSignIn: c.mcpSignIn,
        localParts: c.localParts,
        resolveUrl: resolverFor('https://portal.test', '/docs/here', '/site/docs/here.mdx', routeOfFile),
      }).catch((error: Error) => `ERROR: ${error.message}`),
    );
  }
  process.stdout.write(JSON.stringify(results));
}

void main();
