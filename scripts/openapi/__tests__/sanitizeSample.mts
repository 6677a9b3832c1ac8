/**
 * For ./sanitize.test.ts (the unified packages and the MDX compiler are ESM only, hence this tsx child):
 * sanitizes the texts given as JSON on stdin, renders each result as the reference does — with the build's
 * rendering of the theme's Markdown (../markdownHtml.ts) and compiled as MDX, as the plugin's generated
 * pages hold it — and checks a page of each with the build's page check. Also sanitizes the vendored
 * contract. Prints `{ results: [{ text, dropped, themeHtml, mdxHtml, problems }], vendoredUnchanged }`.
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
import { loadSanitizer, sanitizeContract } from '../sanitize';

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
    const { text, dropped } = sanitizer.markdown(original);
    const themeHtml = (await renderMarkdownHtml([text])).html[text] ?? '';
    const { default: Content } = await evaluate(text, { ...runtime, format: 'mdx' });
    const mdxHtml = renderToStaticMarkup(createElement(Content));
    const trust = { site, isOwn: () => false, isStatic: false, isPluginPage: false };
    const problems = [themeHtml, mdxHtml].flatMap((html) => checkPage(page(html), trust).problems.map((p) => p.detail));
    results.push({ text, dropped, themeHtml, mdxHtml, problems });
  }
  const vendored = parse(fs.readFileSync('openapi/customer-api.yaml', 'utf8'));
  const { doc, findings } = await sanitizeContract(vendored);
  process.stdout.write(
    JSON.stringify({ results, vendoredUnchanged: isDeepStrictEqual(doc, vendored) && findings.length === 0 }),
  );
}

void main();
