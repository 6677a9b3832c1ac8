/**
 * The OpenAPI description's texts held to an allow-list before any page is made from them. Every
 * `description`, `summary` and `title` is Markdown that the reference renders as HTML: the plugin's
 * generated MDX pages, the theme's Markdown renderer (react-markdown with rehype-raw, which keeps raw HTML)
 * and the build's own rendering of it (./markdownHtml.ts). The provider writes these texts, and a build
 * with `API_HOST` takes them from its server, so a text could carry a script, an event-handler attribute,
 * a `javascript:` link, a `<meta http-equiv="refresh">` or a frame.
 *
 * Each text is rendered to HTML as the theme renders it (remark-parse, remark-gfm, remark-rehype, rehype-raw)
 * and that HTML is sanitized with rehype-sanitize ({@link SANITIZE_SCHEMA}). A text the sanitizer leaves as
 * it is stays word for word. A text it changes is written again as Markdown from the sanitized HTML
 * (rehype-remark, remark-stringify): what the allow-list keeps stays, what it drops is gone, and the build
 * says which text lost what. A description is also written into the plugin's generated MDX pages as it is,
 * where a line `export const x = …` or a `{…}` would compile to code in the page's bundle: such a text is
 * escaped until MDX reads it as Markdown alone. postbuild/pageSafety.ts checks the built pages after this,
 * in case a renderer makes something of a clean text that this rendering does not.
 *
 * The unified packages are ESM only, so they are imported on first use (this module runs under tsx).
 */
import type { Root as HastRoot, Nodes as HastNodes } from 'hast';
import type { Schema } from 'hast-util-sanitize';

/**
 * GitHub's allow-list (rehype-sanitize's `defaultSchema`) and `<abbr>`, which descriptions use for terms:
 * the HTML Markdown produces and the inline HTML descriptions use (`<b>`, `<details>`, tables), links only
 * to `http`, `https`, `mailto` and the like, no scripts, styles, frames, forms, `meta`, `base` or event
 * handlers, and ids prefixed so a text cannot take the id of one of the page's own elements.
 */
export async function sanitizeSchema(): Promise<Schema> {
  const { defaultSchema } = await import('rehype-sanitize');
  return { ...defaultSchema, tagNames: [...(defaultSchema.tagNames ?? []), 'abbr'] };
}

/** One text of the description the sanitizer changed. */
export interface SanitizeFinding {
  /** JSON pointer of the text, e.g. `/paths/~1documents/post/description`. */
  pointer: string;
  /** What the allow-list dropped, e.g. `script`, `img[onerror]`, `a[href]` (a `javascript:` link). */
  dropped: string[];
}

/** Texts the reference renders as Markdown. */
const MARKDOWN_KEYS = new Set(['description', 'summary', 'title']);

/**
 * Links the reference shows as links (`info.contact.url`, `info.license.url`, `info.termsOfService`,
 * `externalDocs.url`); the servers' URLs are the API's, not links, and the build sets them.
 */
const LINK_KEYS = new Set(['url', 'termsOfService']);

/** Whether `url` is a link a page may hold: an absolute `http`, `https` or `mailto` URL. */
function isLinkUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Sample data, shown as code (escaped), never as Markdown: left exactly as written. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);

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
   * @returns the text unchanged when the allow-list keeps all of it; else the Markdown of what it keeps,
   *   and what it dropped.
   */
  markdown(text: string, where?: { mdx: boolean }): { text: string; dropped: string[] };
  /**
   * @param text - a Markdown text the plugin writes into a generated MDX page as it is (a description).
   * @returns the text unchanged when MDX reads it as Markdown alone; else the text with its braces and
   *   line-leading `import`/`export` escaped and its raw HTML as text, so MDX compiles none of it to code.
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

/** Loads the unified packages once and returns the sanitizer. */
export async function loadSanitizer(): Promise<Sanitizer> {
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
  const { find, html } = await import('property-information');
  const attribute = (property: string) => find(html, property).attribute;
  const schema = await sanitizeSchema();
  const toHast = unified()
    .use(remarkParse.default)
    .use(remarkGfm.default)
    .use(remarkRehype.default, { allowDangerousHtml: true })
    .use(rehypeRaw.default);
  const clean = unified().use(rehypeSanitize.default, schema);
  const toMarkdown = unified().use(rehypeRemark.default).use(remarkGfm.default).use(remarkStringify.default);
  const markdown: Sanitizer['markdown'] = (text, where = { mdx: false }) => {
    const raw = toHast.runSync(toHast.parse(text)) as HastRoot;
    const sanitized = clean.runSync(structuredClone(raw)) as HastRoot;
    if (!where.mdx && hasAdmonitionMarker(text) && holdsMarkup(sanitized)) {
      const { text: kept, dropped } = markdown(withoutAdmonitions(text), where);
      return { text: kept, dropped: ['admonition (its text holds < or ")', ...dropped] };
    }
    if (toHtml(sanitized) === toHtml(raw)) return { text, dropped: [] };
    const kept = features(sanitized, attribute);
    const dropped = [...features(raw, attribute)]
      .filter(([key, count]) => (kept.get(key) ?? 0) < count)
      .map(([key]) => key);
    const written = toMarkdown.stringify(toMarkdown.runSync(sanitized) as Parameters<typeof toMarkdown.stringify>[0]);
    return { text: written.trimEnd(), dropped };
  };
  // MDX reads the text as the generated page holds it; a text it cannot parse fails the build's compile, so
  // it is escaped too.
  const asMdx = unified().use(remarkParse.default).use(remarkMdx);
  const holdsCode = (text: string) => {
    try {
      return mdxCode(asMdx.parse(text));
    } catch {
      return true;
    }
  };
  const asCommonMark = unified().use(remarkParse.default).use(remarkGfm.default);
  const escaped = unified()
    .use(remarkGfm.default)
    .use(remarkStringify.default, {
      unsafe: [
        { character: '{' },
        { character: '}' },
        { atBreak: true, character: 'e', after: 'xport\\b' },
        { atBreak: true, character: 'i', after: 'mport\\b' },
      ],
    });
  const mdx: Sanitizer['mdx'] = (text) => {
    if (!holdsCode(text)) return { text, dropped: [] };
    const tree = asCommonMark.parse(text);
    const asText = (node: { type: string; children?: unknown[] }): void => {
      if (node.type === 'html') node.type = 'text';
      ((node.children ?? []) as (typeof node)[]).forEach(asText);
    };
    asText(tree);
    const written = escaped.stringify(tree).trimEnd();
    if (holdsCode(written))
      throw new Error(`sanitize: MDX still reads code in ${JSON.stringify(written.slice(0, 80))}`);
    return { text: written, dropped: ['MDX code (import/export or {…}), now shown as text'] };
  };
  return { markdown, mdx };
}

/**
 * Whether the plugin writes the text at `pointer` into a generated MDX page as it is: the API's and each
 * tag's description, and each operation's (`/paths/<path>/<method>/description`). The theme's Markdown
 * renderer shows the other descriptions (parameters, schemas, responses).
 */
function rendersAsMdx(pointer: string): boolean {
  const segments = pointer.split('/').slice(1);
  return (
    pointer === '/info/description' ||
    (segments.length === 3 && segments[0] === 'tags' && segments[2] === 'description') ||
    (segments.length === 4 && segments[0] === 'paths' && segments[3] === 'description')
  );
}

/** `~` and `/` escaped for a JSON pointer segment (RFC 6901). */
const pointerSegment = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Sanitizes every `description`, `summary` and `title` string of an OpenAPI document, and drops each link
 * ({@link LINK_KEYS}) that is no `http`, `https` or `mailto` URL (a `javascript:` one would fail the build's
 * page check).
 *
 * @param doc - the bundled description (JSON), not changed.
 * @returns a copy with each text sanitized, and one finding per text the sanitizer changed.
 */
export async function sanitizeContract<T>(doc: T): Promise<{ doc: T; findings: SanitizeFinding[] }> {
  const sanitizer = await loadSanitizer();
  const findings: SanitizeFinding[] = [];
  // `exampleValue`: inside an Example Object, whose `value` is sample data too.
  const walk = (value: unknown, pointer: string, exampleValue = false): unknown => {
    if (Array.isArray(value)) return value.map((item, n) => walk(item, `${pointer}/${n}`));
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, child]): [string, unknown][] => {
        const at = `${pointer}/${pointerSegment(key)}`;
        if (LINK_KEYS.has(key) && typeof child === 'string' && !pointer.startsWith('/servers') && !isLinkUrl(child)) {
          findings.push({
            pointer: at,
            dropped: [`${key} (${JSON.stringify(child.slice(0, 40))} is no http, https or mailto URL)`],
          });
          return [];
        }
        if (DATA_KEYS.has(key) || key.startsWith('x-') || (exampleValue && key === 'value')) return [[key, child]];
        if (key === 'examples' && child && typeof child === 'object' && !Array.isArray(child))
          return [
            [
              key,
              Object.fromEntries(
                Object.entries(child).map(([name, ex]) => [name, walk(ex, `${at}/${pointerSegment(name)}`, true)]),
              ),
            ],
          ];
        if (!MARKDOWN_KEYS.has(key) || typeof child !== 'string') return [[key, walk(child, at)]];
        const html = sanitizer.markdown(child, { mdx: rendersAsMdx(at) });
        const mdx = key === 'description' ? sanitizer.mdx(html.text) : { text: html.text, dropped: [] };
        const dropped = [...html.dropped, ...mdx.dropped];
        if (dropped.length > 0) findings.push({ pointer: at, dropped });
        return [[key, mdx.text]];
      }),
    );
  };
  return { doc: walk(doc, '') as T, findings };
}

/** The build-log line for a finding: which text, what was dropped, and what to do. */
export function findingLogLine(finding: SanitizeFinding): string {
  return (
    `API reference: the description's ${finding.pointer} holds HTML the portal does not allow ` +
    `(${finding.dropped.join(', ')}); the pages show it without that. Fix the text in the OpenAPI description.`
  );
}
