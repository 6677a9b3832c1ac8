/**
 * Renders content the way the build does, for ./csp.test.ts: an MDX source compiled by
 * @mdx-js/mdx (the compiler of Docusaurus's MDX loader, ESM-only, hence this tsx child process) and
 * rendered by React's server renderer. Reads `[mdxSource, …]` as JSON on stdin, prints the HTML list.
 */
import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const sources = JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
  const pages: string[] = [];
  for (const source of sources) {
    const { default: Content } = await evaluate(source, { ...runtime, format: 'mdx' });
    pages.push(renderToStaticMarkup(createElement(Content)));
  }
  process.stdout.write(JSON.stringify(pages));
}

void main();
