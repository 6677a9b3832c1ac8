/**
 * One text of the OpenAPI description held to the allow-list (./sanitize.ts walks the document). Each text is
 * rendered to HTML as the theme renders it (remark-parse, remark-gfm, remark-rehype, rehype-raw) and that HTML
 * is sanitized with rehype-sanitize ({@link sanitizeSchema}), its relative links and images dropped. A text the
 * sanitizer leaves as it is stays word for word. A text it changes is written again as Markdown from the
 * sanitized HTML (rehype-remark, remark-stringify): what the allow-list keeps stays, what it drops is gone, and
 * the finding says what. A description the plugin writes into a generated MDX page as it is, where a line
 * `export const x = …`, a `{…}` or an `mdx-code-block` fence would compile to code in the page's bundle, is
 * escaped until MDX reads it as Markdown alone.
 *
 * The unified packages are ESM only, so they are imported on first use (this module runs under tsx).
 */
import type { Root as HastRoot, Nodes as HastNodes } from 'hast';
import type { Schema } from 'hast-util-sanitize';
import { dropRelativeUrls, providerTextSchema } from '../../rules/providerText';
import { pluginClean } from '../../plugins/openapi-safety/generators';

/**
 * GitHub's allow-list (rehype-sanitize's `defaultSchema`) and `<abbr>`, which descriptions use for terms
 * (rules/providerText.ts, the allow-list the browser applies too): the HTML Markdown produces and the inline
 * HTML descriptions use (`<b>`, `<details>`, tables), links only to `http`, `https`, `mailto` and the like,
 * no scripts, styles, frames, forms, `meta`, `base` or event handlers, and ids prefixed so a text cannot take
 * the id of one of the page's own elements.
 */
export async function sanitizeSchema(): Promise<Schema> {
  const { defaultSchema } = await import('rehype-sanitize');
  return providerTextSchema(defaultSchema);
}

/**
 * A line Docusaurus unwraps as MDX wherever it stands (`@docusaurus/utils` `unwrapMdxCodeBlocks`, run on the
 * whole file before MDX reads it): three or four backticks, spaces, `mdx-code-block`, after only spaces.
 */
function opensMdxCodeBlock(line: string): boolean {
  const rest = line.trimStart();
  if (line.slice(0, line.length - rest.length).trim() !== '') return false;
  const fence = rest.startsWith('````') ? 4 : rest.startsWith('```') ? 3 : 0;
  return fence > 0 && rest.slice(fence).trimStart().startsWith('mdx-code-block');
}

/** `script`, `img`, `img[onerror]`, …: each element and each attribute on it (`attribute` names it), counted. */
function features(tree: HastNodes, attribute: (property: string) => string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const walk = (node: HastNodes): void => {
    if (node.type === 'element') {
      add(node.tagName);
      for (const name of Object.keys(node.properties)) add(`${node.tagName}[${attribute(name)}]`);
    }
    if ('children' in node) node.children.forEach(walk);
  };
  walk(tree);
  return counts;
}

/** Whether a text node holds `<` or an attribute value holds `"`: what the theme writes out unescaped. */
function holdsMarkup(node: HastNodes): boolean {
  if (node.type === 'text') return node.value.includes('<');
  if (node.type === 'element' && Object.values(node.properties).some((value) => String(value).includes('"')))
    return true;
  return 'children' in node && node.children.some(holdsMarkup);
}

/**
 * Whether a line of `text` starts (after spaces) with `:::`, where the OpenAPI theme's renderer reads an
 * admonition (`:::note` … `:::`, or `:::note text :::` in one paragraph). The build leaves such a text to
 * that renderer (./markdownHtml.ts), whose admonition needs the theme's component.
 */
export function hasAdmonitionMarker(text: string): boolean {
  return text.split('\n').some((line) => line.trimStart().startsWith(':::'));
}

/** Word characters of an admonition's type (`note`, `info`), as the theme's `:::(\w+)` reads them. */
const isWordChar = (char: string) =>
  (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9') || char === '_';

/**
 * The text with each admonition marker written as text the theme does not read as one: a line's leading
 * `:::type[Title]` becomes `**Title:**`, a trailing or lone `:::` goes. docusaurus-theme-openapi-docs 5.2
 * (lib/theme/Markdown `convertAstToHtmlStr`) writes an admonition's content into the page as HTML without
 * escaping it, so a `&lt;` in it becomes a tag and a `"` in a link's title ends the attribute; without the
 * markers the theme renders the same content as plain, escaped Markdown.
 */
function withoutAdmonitions(text: string): string {
  const lines = text.split('\n').flatMap((line) => {
    const indent = line.slice(0, line.length - line.trimStart().length);
    let rest = line.trimStart();
    if (!rest.startsWith(':::')) return [line];
    rest = rest.slice(3);
    let end = 0;
    while (end < rest.length && isWordChar(rest[end])) end += 1;
    const type = rest.slice(0, end);
    rest = rest.slice(end);
    let title: string | undefined;
    const close = rest.startsWith('[') ? rest.indexOf(']') : -1;
    if (close > 0) [title, rest] = [rest.slice(1, close), rest.slice(close + 1)];
    rest = rest.trim();
    if (rest.endsWith(':::')) rest = rest.slice(0, -3).trimEnd();
    if (!type) return rest ? [`${indent}${rest}`] : [];
    const label = title?.trim() || type[0].toUpperCase() + type.slice(1);
    return [`${indent}**${label}:**${rest ? ` ${rest}` : ''}`];
  });
  return lines.join('\n');
}

/** A loaded sanitizer: {@link loadSanitizer}. */
export interface Sanitizer {
  /**
   * @param text - a Markdown text of the description.
   * @param where.mdx - the plugin writes the text into a generated MDX page (Docusaurus' own admonitions);
   *   else the theme's Markdown renderer shows it, and an admonition whose text holds markup loses its
   *   markers ({@link withoutAdmonitions}).
   * @returns the text unchanged when the allow-list keeps all of it and its links and images are absolute;
   *   else the Markdown of what it keeps, and what it dropped.
   */
  markdown(text: string, where?: { mdx: boolean }): { text: string; dropped: string[] };
  /**
   * @param text - a Markdown text the plugin writes into a generated MDX page as it is (a description).
   * @returns the text unchanged when MDX reads it as Markdown alone; else the text with its braces and
   *   line-leading `import`/`export` escaped and its raw HTML as text, so MDX compiles none of it to code,
   *   and each line that opens an `mdx-code-block` fence ({@link opensMdxCodeBlock}) opening an `mdx` one.
   * @throws {Error} when the escaped text still holds code for MDX (a bug here, not in the text).
   */
  mdx(text: string): { text: string; dropped: string[] };
}

/** MDX nodes that compile to code: ESM, `{…}` expressions, and JSX attributes that are expressions. */
function mdxCode(node: { type: string; children?: unknown[]; attributes?: unknown[] }): boolean {
  if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return true;
  const attributes = (node.attributes ?? []) as { type: string; value?: unknown }[];
  if (
    attributes.some((a) => a.type === 'mdxJsxExpressionAttribute' || (a.value !== null && typeof a.value === 'object'))
  )
    return true;
  return ((node.children ?? []) as (typeof node)[]).some(mdxCode);
}

/** mdast-util-to-markdown's `state.safe`: a text with what would be syntax where it stands escaped. */
type Safe = (value: string, info: unknown) => string;

/** Character references of the characters MDX reads as code and clean() escapes (rules/providerText.ts). */
const REFERENCES: Record<string, string> = { '{': '&#123;', '}': '&#125;', '<': '&lt;' };

/**
 * A text as mdast-util-to-markdown escaped it, with each brace and `<`, escaped or not, a character
 * reference instead: MDX reads it as that character, and clean() finds nothing to escape again.
 */
function asReferences(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const next = text[i + 1];
    if (char === '\\' && next !== undefined && REFERENCES[next]) {
      out += REFERENCES[next];
      i += 1;
    } else if (char === '\\' && next !== undefined) {
      out += char + next;
      i += 1;
    } else out += REFERENCES[char] ?? char;
  }
  return out;
}

/** The unified pipelines the sanitizer runs, loaded once (the packages are ESM only). */
async function loadPipelines() {
  const [{ unified }, remarkParse, remarkGfm, remarkRehype, rehypeRaw, rehypeSanitize, rehypeRemark, remarkStringify] =
    await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-rehype'),
      import('rehype-raw'),
      import('rehype-sanitize'),
      import('rehype-remark'),
      import('remark-stringify'),
    ]);
  const { default: remarkMdx } = await import('remark-mdx');
  const { toHtml } = await import('hast-util-to-html');
  const { toString } = await import('mdast-util-to-string');
  const { find, html } = await import('property-information');
  // Text MDX reads as text and the plugin's clean() leaves as it is: braces and `<` as character references
  // (clean() would double a backslash escape into an escaped backslash and a live brace), no autolinks (MDX
  // reads `<` as JSX), and a line-leading `import`/`export` escaped.
  const escaping = {
    resourceLink: true,
    unsafe: [
      { character: '{' },
      { character: '}' },
      { character: '<' },
      { atBreak: true, character: 'e', after: 'xport\\b' },
      { atBreak: true, character: 'i', after: 'mport\\b' },
    ],
    handlers: {
      text: (node: { value: string }, _parent: unknown, state: { safe: Safe }, info: unknown) =>
        asReferences(state.safe(node.value, info)),
    },
  } as never;
  return {
    toHtml,
    toString,
    attribute: (property: string) => find(html, property).attribute,
    toHast: unified()
      .use(remarkParse.default)
      .use(remarkGfm.default)
      .use(remarkRehype.default, { allowDangerousHtml: true })
      .use(rehypeRaw.default),
    clean: unified().use(rehypeSanitize.default, await sanitizeSchema()),
    toMarkdown: unified().use(rehypeRemark.default).use(remarkGfm.default).use(remarkStringify.default),
    asMdx: unified().use(remarkParse.default).use(remarkMdx),
    asCommonMark: unified().use(remarkParse.default).use(remarkGfm.default),
    escaped: unified().use(remarkGfm.default).use(remarkStringify.default, escaping),
    htmlAsMarkdown: unified().use(rehypeRemark.default).use(remarkGfm.default).use(remarkStringify.default, escaping),
  };
}

type Pipelines = Awaited<ReturnType<typeof loadPipelines>>;

/** {@link Sanitizer.markdown} on `p`. */
function markdownSanitizer(p: Pipelines): Sanitizer['markdown'] {
  const markdown: Sanitizer['markdown'] = (text, where = { mdx: false }) => {
    const raw = p.toHast.runSync(p.toHast.parse(text)) as HastRoot;
    const sanitized = p.clean.runSync(structuredClone(raw)) as HastRoot;
    const kept = features(sanitized, p.attribute);
    const relative = dropRelativeUrls(sanitized);
    if (!where.mdx && hasAdmonitionMarker(text) && holdsMarkup(sanitized)) {
      const { text: written, dropped } = markdown(withoutAdmonitions(text), where);
      return { text: written, dropped: ['admonition (its text holds < or ")', ...dropped] };
    }
    if (p.toHtml(sanitized) === p.toHtml(raw)) return { text, dropped: [] };
    const dropped = [
      ...new Set([
        ...[...features(raw, p.attribute)].filter(([key, count]) => (kept.get(key) ?? 0) < count).map(([key]) => key),
        ...relative.map((what) => `${what} (relative: only absolute URLs)`),
      ]),
    ];
    const written = p.toMarkdown.stringify(p.toMarkdown.runSync(sanitized) as never);
    return { text: written.trimEnd(), dropped };
  };
  return markdown;
}

/** {@link Sanitizer.mdx} on `p`, checking texts as the plugin's clean() writes them into a page. */
function mdxEscaper(p: Pipelines): Sanitizer['mdx'] {
  const cleanOnPage = pluginClean();
  // A text MDX cannot parse fails the build's compile, so it counts as code and is escaped too.
  const holdsCode = (text: string) => {
    try {
      return mdxCode(p.asMdx.parse(cleanOnPage(text)));
    } catch {
      return true;
    }
  };
  const holdsHtml = (text: string) => {
    const has = (node: { type: string; children?: unknown[] }): boolean =>
      node.type === 'html' || ((node.children ?? []) as (typeof node)[]).some(has);
    return has(p.asCommonMark.parse(text));
  };
  return (original) => {
    // Docusaurus reads such a line before MDX does: its block would be compiled as MDX whatever MDX makes of it.
    const lines = original.split('\n');
    const text = lines
      .map((line) => (opensMdxCodeBlock(line) ? line.replace('mdx-code-block', 'mdx') : line))
      .join('\n');
    const fences = lines.some(opensMdxCodeBlock) ? ['`mdx-code-block` fence, now an `mdx` code block'] : [];
    const html = holdsHtml(text);
    if (!html && !holdsCode(text)) return { text, dropped: fences };
    // Inline HTML (sanitized already) would be JSX in the page: it is written as Markdown instead.
    const tree = html
      ? p.htmlAsMarkdown.runSync(p.clean.runSync(p.toHast.runSync(p.toHast.parse(text))) as HastRoot)
      : p.asCommonMark.parse(text);
    let written = (html ? p.htmlAsMarkdown : p.escaped).stringify(tree as never).trimEnd();
    const dropped = [
      ...fences,
      html ? 'inline HTML, now Markdown' : 'MDX code (import/export or {…}), now shown as text',
    ];
    if (holdsCode(written)) {
      // A construct whose text is no text node (an image's alt, a link's title) still reads as code: the
      // text alone, as one paragraph.
      const paragraph = { type: 'paragraph', children: [{ type: 'text', value: p.toString(tree) }] };
      written = p.escaped.stringify({ type: 'root', children: [paragraph] } as never).trimEnd();
      dropped.push('its formatting (only its text is shown)');
    }
    if (holdsCode(written))
      throw new Error(`sanitize: MDX still reads code in ${JSON.stringify(written.slice(0, 80))}`);
    return { text: written, dropped };
  };
}

/** Loads the unified packages once and returns the sanitizer. */
export async function loadSanitizer(): Promise<Sanitizer> {
  const pipelines = await loadPipelines();
  return { markdown: markdownSanitizer(pipelines), mdx: mdxEscaper(pipelines) };
}
