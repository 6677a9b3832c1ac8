/**
 * For ./rehypeRawSanitized.test.ts: bundles the OpenAPI theme's own Markdown component with esbuild, its
 * `rehype-raw` import resolved as ../index.ts resolves it for Docusaurus' bundler (to
 * ../client/rehypeRawSanitized.ts; `@theme/*` as small stand-ins), renders each text given as JSON on stdin
 * to HTML on the server, and prints the HTML of each.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { SANITIZING_RAW, THEME_MARKDOWN_DIR } from '../index';

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const texts = JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
  const result = await build({
    stdin: {
      contents: `
        import React from 'react';
        import { renderToStaticMarkup } from 'react-dom/server';
        import Markdown from ${JSON.stringify(path.join(THEME_MARKDOWN_DIR, 'index.js'))};
        export const render = (text) => renderToStaticMarkup(React.createElement(Markdown, null, text));`,
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    loader: { '.js': 'jsx' },
    jsx: 'automatic',
    plugins: [
      {
        name: 'as-docusaurus-resolves',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^rehype-raw$/ }, (args) =>
            args.importer.startsWith(THEME_MARKDOWN_DIR) ? { path: SANITIZING_RAW } : undefined,
          );
          esbuild.onResolve({ filter: /^@site\// }, (args) => ({ path: `${path.join(ROOT, args.path.slice(6))}.ts` }));
          esbuild.onResolve({ filter: /^@theme\// }, (args) => ({ path: args.path, namespace: 'theme' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'theme' }, () => ({
            contents: `export default function Stub({ children }) { return children ?? null; }`,
            loader: 'jsx',
          }));
        },
      },
    ],
  });
  const module = { exports: {} as { render?: (text: string) => string } };
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  process.stdout.write(JSON.stringify(texts.map((text) => module.exports.render!(text))));
}

void main();
