/**
 * The HTML of the Markdown texts the OpenAPI theme renders on the API pages, rendered at build time with the
 * theme's own renderer, so the operation page keeps its Lighthouse performance score.
 *
 * docusaurus-theme-openapi-docs 5.2 renders every description and "Possible values" line of an operation's
 * parameters, bodies and responses in the browser, through react-markdown with remark-gfm and rehype-raw
 * (lib/theme/Markdown): a large script whose evaluation, and then the parsing of each text, make the
 * operation page's longest tasks. Here the same libraries, in the versions the theme resolves, with the
 * theme's options, render each text once; plugins/api-sections/theme/Markdown shows the HTML and loads the renderer only for
 * a text that is not here (so nothing is lost when one is missing, it is only slower).
 *
 * The texts: every `description` of the bundled contract, and the "Possible values" line the theme writes
 * for every schema in it (its `getQualifierMessage`, lib/markdown/schema, a private module: the e2e walk of
 * the operation pages fails, naming this file, when a page needs the renderer). A text the theme would
 * render with its own components (a fenced code block → its CodeBlock, `:::note` → its Admonition, an
 * indented code block → its `pre` replacement) is left to it (`null`), so every HTML here is exactly
 * react-markdown's output.
 *
 * Output: {@link MARKDOWN_HTML_PATH} (git-ignored), written by `npm run gen-api`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build } from 'esbuild';
import { BUNDLED_SPEC_PATH, MARKDOWN_HTML_PATH } from '../../config/openapi';
import type { MarkdownHtml } from '../../rules/markdownHtml';
import { hasAdmonitionMarker, sanitizeSchema } from './textSanitizer';

/** The theme's "Possible values" line for a schema (lib/markdown/schema `getQualifierMessage`). */
export type QualifierMessage = (schema: object) => string | undefined;

/**
 * The Markdown texts the theme renders for a contract: every `description` string, and the qualifier line
 * of every object in it (called on objects that are not schemas too; they have none), each once, sorted.
 *
 * @param contract - the bundled OpenAPI document (JSON).
 * @param qualifierMessage - the theme's qualifier function; a throw for an odd object counts as no line.
 * @param qualifiers - if given, gets each qualifier line: text made from the contract's values (enums,
 *   bounds), which the sanitizer leaves as sample data.
 */
export function markdownTexts(
  contract: unknown,
  qualifierMessage: QualifierMessage,
  qualifiers?: Set<string>,
): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    try {
      const qualifier = qualifierMessage(value);
      if (qualifier) {
        texts.add(qualifier);
        qualifiers?.add(qualifier);
      }
    } catch {
      // Not a schema the theme would show.
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'description' && typeof child === 'string') texts.add(child);
      else walk(child);
    }
  };
  walk(contract);
  return [...texts].sort();
}

/** Thrown while rendering a text the theme would render with one of its own components. */
class NeedsThemeComponent extends Error {}

const needsThemeComponent = (): never => {
  throw new NeedsThemeComponent();
};

/** The theme's own package, from which its renderer's libraries are resolved (the versions it uses). */
const themeRequire = () => createRequire(require.resolve('docusaurus-theme-openapi-docs/package.json'));

/** The version of the package `name` whose file `entry` is (its nearest package.json of that name). */
function packageVersion(entry: string, name: string): string {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (pkg.name === name) return pkg.version;
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

async function importFromTheme<T>(name: string): Promise<{ module: T; version: string }> {
  const entry = themeRequire().resolve(name);
  const module = (await import(pathToFileURL(entry).href)) as { default: T };
  return { module: module.default, version: packageVersion(entry, name) };
}

/**
 * Renders texts as the theme's Markdown component does (react-markdown, `remarkPlugins: [remarkGfm]`,
 * `rehypePlugins: [rehypeRaw]`, inline code as `<code>`), sanitized (./sanitize.ts), leaving out each text
 * that needs one of the theme's components (see the module comment).
 *
 * @param options.fromData - texts made from the contract's values (qualifier lines): each is rendered
 *   here whatever it holds, never left to the theme's renderer.
 * @returns the renderer's name and versions, and text → HTML (`null`: left to the theme's renderer).
 */
export async function renderMarkdownHtml(
  texts: string[],
  options: { fromData?: Set<string> } = {},
): Promise<MarkdownHtml> {
  const markdown = await importFromTheme<ComponentType<Record<string, unknown>>>('react-markdown');
  const gfm = await importFromTheme<unknown>('remark-gfm');
  const raw = await importFromTheme<unknown>('rehype-raw');
  // The contract's texts are sanitized already (./sanitize.ts); the HTML is too, for the lines this module
  // writes itself from the contract's values (the "Possible values" of an enum).
  const { default: rehypeSanitize } = await import('rehype-sanitize');
  const sanitize = [rehypeSanitize, await sanitizeSchema()];
  const components = {
    pre: needsThemeComponent,
    // The theme's `code`: a language class → its CodeBlock; otherwise `<code className>` with the rest.
    code: ({
      node: _node,
      className,
      children,
      ...rest
    }: {
      node?: unknown;
      className?: string;
      children?: ReactNode;
    }) =>
      /language-(\w+)/.test(className ?? '')
        ? needsThemeComponent()
        : createElement('code', { className, ...rest }, children),
  };
  // A text made from the contract's values is always rendered here, with react-markdown's own elements: the
  // theme's renderer writes an admonition's content unescaped, and such a text could hold one (an enum value
  // with a `:::` line), which the sanitizer leaves alone as sample data.
  const html: Record<string, string | null> = {};
  for (const text of texts) {
    html[text] = null;
    const fromData = options.fromData?.has(text) ?? false;
    if (!fromData && hasAdmonitionMarker(text)) continue;
    try {
      html[text] = renderToStaticMarkup(
        createElement(
          markdown.module,
          {
            remarkPlugins: [gfm.module],
            rehypePlugins: [raw.module, sanitize],
            components: fromData ? {} : components,
          },
          text,
        ),
      );
    } catch (error) {
      if (!(error instanceof NeedsThemeComponent)) throw error;
    }
  }
  return {
    renderer: `react-markdown@${markdown.version} remark-gfm@${gfm.version} rehype-raw@${raw.version} rehype-sanitize`,
    html,
  };
}

/**
 * The theme's qualifier function. Its module imports `@docusaurus/Translate`, which exists only inside a
 * Docusaurus build, so it is bundled here with esbuild, `translate` giving the English message (the
 * site has one locale).
 *
 * @throws {Error} naming this speed-up when the theme no longer has the module or the function.
 */
export async function loadQualifierMessage(): Promise<QualifierMessage> {
  const file = path.join(
    path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')),
    'lib/markdown/schema.js',
  );
  const fail = (why: string) =>
    new Error(
      `scripts/openapi/markdownHtml.ts (pre-rendered API descriptions): ${why}. The theme's qualifier ` +
        `function moved; find it again or drop the qualifier lines (their pages then load the Markdown renderer).`,
    );
  if (!fs.existsSync(file)) throw fail(`docusaurus-theme-openapi-docs has no ${file}`);
  const result = await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(file)});`, resolveDir: path.dirname(file) },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'translate-in-english',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^@docusaurus\/Translate$/ }, () => ({ path: 'translate', namespace: 'stub' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
            contents: 'exports.translate = ({ message }) => message;',
            loader: 'js',
          }));
        },
      },
    ],
  });
  const exports: { getQualifierMessage?: unknown } = {};
  const module = { exports };
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(module, exports, require);
  const qualifier = (module.exports as { getQualifierMessage?: unknown }).getQualifierMessage;
  if (typeof qualifier !== 'function') throw fail(`${file} exports no getQualifierMessage`);
  return qualifier as QualifierMessage;
}

/**
 * Writes {@link MARKDOWN_HTML_PATH} for the bundled contract.
 *
 * @param root - the site directory.
 * @returns how many texts were rendered, of how many, and the file's size in bytes.
 * @throws {Error} when the bundled contract is missing (run the bundle first) or the theme's modules moved.
 */
export async function writeMarkdownHtml(root: string): Promise<{ rendered: number; texts: number; bytes: number }> {
  const contract = JSON.parse(fs.readFileSync(path.join(root, BUNDLED_SPEC_PATH), 'utf8')) as unknown;
  const qualifiers = new Set<string>();
  const texts = markdownTexts(contract, await loadQualifierMessage(), qualifiers);
  const result = await renderMarkdownHtml(texts, { fromData: qualifiers });
  const json = `${JSON.stringify(result)}\n`;
  const out = path.join(root, MARKDOWN_HTML_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, json);
  const rendered = Object.values(result.html).filter((html) => html !== null).length;
  return { rendered, texts: texts.length, bytes: Buffer.byteLength(json) };
}
