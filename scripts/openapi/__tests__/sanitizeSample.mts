/**
 * For ./sanitize.test.ts (the unified packages and the MDX compiler are ESM only, hence this tsx child):
 * sanitizes the texts given as JSON on stdin, renders each result as the reference does — with the build's
 * rendering of the theme's Markdown (../markdownHtml.ts) and compiled as MDX, as the plugin's generated
 * pages hold it (through its clean()) — and checks a page of each with the build's page check, and whether compiling it as MDX
 * ran code (a text's code sets `globalThis.pwned`). Also sanitizes the vendored contract. Prints
 * `{ results: [{ text, dropped, themeHtml, mdxHtml, problems, ranCode }], vendoredUnchanged, links }`, `links`
 * being a small description with links of each kind, sanitized.
 */
import fs from 'node:fs';
import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { checkPage } from '../../../postbuild/pageSafety';
import { renderMarkdownHtml } from '../markdownHtml';
import { sanitizeContract } from '../sanitize';
import { loadSanitizer } from '../textSanitizer';
import { pluginClean } from '../../../plugins/openapi-safety/generators';

const page = (html: string) =>
  `<!doctype html><html><head></head><body><div id="__docusaurus">${html}</div></body></html>`;
const site = {
  tags: [],
  react: { constants: [], prelude: '\0', complete: '\0' },
  staticDirectories: [],
  pluginPages: [],
};

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const texts = JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
  const sanitizer = await loadSanitizer();
  const results = [];
  for (const original of texts) {
    // As sanitizeContract treats a description: the HTML allow-list, then what MDX would compile to code.
    const html = sanitizer.markdown(original);
    const mdx = sanitizer.mdx(html.text);
    const [text, dropped] = [mdx.text, [...html.dropped, ...mdx.dropped]];
    const global = globalThis as { pwned?: unknown };
    delete global.pwned;
    const themeHtml = (await renderMarkdownHtml([text])).html[text] ?? '';
    // As the generated page holds it: through the plugin's clean().
    const { default: Content } = await evaluate(pluginClean()(text), { ...runtime, format: 'mdx' });
    const mdxHtml = renderToStaticMarkup(createElement(Content));
    const trust = { site, isOwn: () => false, isStatic: false, isPluginPage: false };
    const problems = [themeHtml, mdxHtml].flatMap((html) => checkPage(page(html), trust).problems.map((p) => p.detail));
    results.push({ text, dropped, themeHtml, mdxHtml, problems, ranCode: global.pwned !== undefined });
  }
  const links = await sanitizeContract({
    info: {
      contact: { url: 'javascript:alert(1)' },
      license: { url: 'https://example.com/l' },
      termsOfService: 'data:x',
    },
    externalDocs: { url: 'mailto:docs@example.com' },
    servers: [{ url: '/api/v1/customer' }],
  });
  const vendored = parse(fs.readFileSync('openapi/customer-api.yaml', 'utf8'));
  const { doc, findings } = await sanitizeContract(vendored);
  process.stdout.write(
    JSON.stringify({ results, vendoredUnchanged: isDeepStrictEqual(doc, vendored) && findings.length === 0, links }),
  );
}

void main();
