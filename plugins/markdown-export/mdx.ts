/**
 * A doc, blog post or page source (Markdown or MDX) as plain Markdown for readers' tools,
 * with the unified/remark parsers Docusaurus itself uses (remark-mdx for `.mdx`, CommonMark for `.md`
 * as `markdown.format: 'detect'` does; GFM tables; directives for admonitions):
 *
 * - front matter, `import`/`export` and `{…}` expressions are dropped;
 * - `<ApiSample>` becomes its curl, Python, TypeScript, Java and Go code blocks (src/components/ApiSample),
 *   `<ScriptSettings />` the lines it shows for this portal (src/components/ScriptSettings), and
 *   `<McpInstall />` its install links, command and file for this site, with a placeholder token
 *   (src/components/McpInstall);
 * - `<TabItem label="…">` becomes a bold label before its content; other components keep their content;
 * - admonitions (`:::note[Title]`) become block quotes led by their title;
 * - a part for a portal run on the reader's own machine (`:::on-your-machine`) goes, unless `localParts` is set,
 *   then becomes a block quote led by its heading (rules/localParts.ts, the rule the site's pages follow);
 * - link and image targets are made absolute to the site (`resolveUrl`); heading ids (`{#id}`) go.
 *
 * The remark packages are ESM-only, so they are imported on first use (this module runs under tsx).
 */
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { parseRequestSample, toCurl, toPython, toTypeScript } from '../../rules/apiSample';
import { toGo, toJava } from '../../rules/apiSampleSnippets';
import {
  claudeCodeCommand,
  cursorInstallLink,
  mcpJson,
  vscodeInstallLink,
  type McpServerSettings,
} from '../../rules/mcpInstall';
import { applyLocalParts } from '../../rules/localParts';

/** Options of {@link toPlainMarkdown}. */
export interface PlainMarkdownOptions {
  /** `md` is CommonMark (no JSX), `mdx` is MDX: as Docusaurus reads the file (`markdown.format: 'detect'`). */
  format: 'md' | 'mdx';
  /** The absolute URL of a link or image target as the source writes it (e.g. `/docs/x`, `./y.md`). */
  resolveUrl(url: string): string;
  /** Added as the `# title` when the source has no level-1 heading (Docusaurus shows the front matter title). */
  title?: string;
  /** What `<ScriptSettings />` shows for this portal (rules/scriptSettings.ts); without it, nothing. */
  scriptSettings?: string;
  /** Whether AI tools sign in by OAuth on this portal (`<McpInstall />` then shows that way first). */
  mcpSignIn?: boolean;
  /**
   * Whether the copy is for a portal run locally, and keeps the parts for a portal run on the reader's own
   * machine (rules/localParts.ts); without it, they are left out, as a build for a user pool leaves them.
   */
  localParts?: boolean;
  /**
   * Whether table columns are padded to line up (remark-gfm's `tablePipeAlign`, the default); `false` writes
   * each cell once, for tables of long cells (the API pages' fields).
   */
  alignTables?: boolean;
}

/** Docusaurus' admonition types (`:::note` … `:::danger`). */
const ADMONITIONS = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
]);

type AnyNode = Nodes & { name?: string | null; value?: string; attributes?: unknown[]; data?: Record<string, unknown> };

async function remark() {
  const [unified, parse, mdx, gfm, directive, frontmatter, stringify] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-mdx'),
    import('remark-gfm'),
    import('remark-directive'),
    import('remark-frontmatter'),
    import('remark-stringify'),
  ]);
  return {
    parser: (format: 'md' | 'mdx') => {
      const base = unified
        .unified()
        .use(parse.default)
        .use(frontmatter.default, ['yaml'])
        .use(gfm.default)
        .use(directive.default);
      return format === 'mdx' ? base.use(mdx.default) : base;
    },
    stringifier: (alignTables = true) =>
      unified
        .unified()
        .use(gfm.default, { tablePipeAlign: alignTables })
        .use(stringify.default, { bullet: '-', fences: true, rule: '-', listItemIndent: 'one', emphasis: '_' }),
  };
}

let loaded: ReturnType<typeof remark> | undefined;

/** The value of a JSX attribute (`title="x"` or `title={'x'}`), or `undefined`. */
function attribute(node: AnyNode, name: string): string | undefined {
  for (const attr of (node.attributes ?? []) as { type: string; name?: string; value?: unknown }[]) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name) continue;
    if (typeof attr.value === 'string') return attr.value;
    const expression = (attr.value as { value?: string } | null)?.value?.trim();
    return expression ? literalText(expression) : undefined;
  }
  return undefined;
}

/** The text of a JS string or template literal as written in MDX (`{\`POST /x\`}`, `{'a'}`). */
function literalText(expression: string): string {
  const match = /^([`'"])([\s\S]*)\1$/.exec(expression.trim());
  if (!match) return expression;
  return match[2].replace(/\\n/g, '\n').replace(/\\([`'"$\\])/g, '$1');
}

/** The text of all descendants (for an `<ApiSample>`'s expression or plain children). */
function textOf(node: AnyNode): string {
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return literalText(node.value ?? '');
  if ('value' in node && typeof node.value === 'string') return node.value;
  return ((node as Parent).children ?? []).map((child) => textOf(child as AnyNode)).join('');
}

const paragraph = (children: RootContent[]): RootContent => ({ type: 'paragraph', children }) as RootContent;
const strong = (text: string): RootContent =>
  ({ type: 'strong', children: [{ type: 'text', value: text }] }) as RootContent;
const code = (lang: string, value: string): RootContent => ({ type: 'code', lang, value }) as RootContent;

/** `<ApiSample title="…">{`POST /x …`}</ApiSample>` → its five code blocks (as the component renders them). */
function apiSample(node: AnyNode): RootContent[] {
  const sample = parseRequestSample(textOf(node));
  const title = attribute(node, 'title');
  return [
    ...(title ? [paragraph([strong(title)])] : []),
    code('bash', toCurl(sample)),
    code('python', toPython(sample)),
    code('typescript', toTypeScript(sample)),
    code('java', toJava(sample)),
    code('go', toGo(sample)),
  ];
}

/** `<ContinuesFrom page title />` → the note the component shows, its link absolute. */
function continuesFrom(node: AnyNode, options: PlainMarkdownOptions): RootContent[] {
  const link = {
    type: 'link',
    url: options.resolveUrl(attribute(node, 'page') ?? ''),
    children: [{ type: 'text', value: attribute(node, 'title') ?? '' }],
  };
  return [
    paragraph([
      strong('Before this page:'),
      { type: 'text', value: ' this page continues ' } as RootContent,
      link as RootContent,
      { type: 'text', value: ': its samples need API_BASE and TOKEN set as that page sets them.' } as RootContent,
    ]),
  ];
}

/** The install links, command and file of {@link mcpInstall} for one way in. */
function mcpInstallWay(settings: McpServerSettings): RootContent[] {
  const link = (text: string, url: string) => ({ type: 'link', url, children: [{ type: 'text', value: text }] });
  const item = (text: string, url: string) => ({
    type: 'listItem',
    children: [paragraph([link(text, url) as RootContent])],
  });
  return [
    {
      type: 'list',
      ordered: false,
      spread: false,
      children: [
        item('Add to Cursor', cursorInstallLink(settings)),
        item('Add to VS Code', vscodeInstallLink(settings)),
      ],
    } as RootContent,
    paragraph([strong('Claude Code')]),
    code('bash', claudeCodeCommand(settings)),
    paragraph([strong('mcp.json')]),
    code('json', mcpJson(settings)),
  ];
}

/**
 * `<McpInstall name />` → what the component shows with "Use my token" off, at this site's origin: where the
 * portal signs AI tools in, the sign-in way, then the token way with a placeholder; else the token way.
 */
function mcpInstall(node: AnyNode, options: PlainMarkdownOptions): RootContent[] {
  const name = attribute(node, 'name') ?? '';
  const origin = options.resolveUrl('/');
  const tokenWay = mcpInstallWay({ name, origin, access: { token: null } });
  if (!options.mcpSignIn) return tokenWay;
  return [
    ...mcpInstallWay({ name, origin, access: 'sign-in' }),
    paragraph([strong('With an access token instead (clients without sign-in)')]),
    ...tokenWay,
  ];
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Replaces one node by what plain Markdown shows for it (possibly nothing, possibly several nodes). */
function convert(node: AnyNode, source: string, options: PlainMarkdownOptions): RootContent[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'html':
      // `<!-- truncate -->` and other comments are for the site only.
      return /^\s*<!--[\s\S]*-->\s*$/.test(node.value ?? '') ? [] : [node as RootContent];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      if (node.name === 'ApiSample') return apiSample(node);
      if (node.name === 'ScriptSettings') return options.scriptSettings ? [code('bash', options.scriptSettings)] : [];
      if (node.name === 'ContinuesFrom') return continuesFrom(node, options);
      if (node.name === 'McpInstall') return mcpInstall(node, options);
      const children = convertChildren(node as Parent, source, options);
      if (node.name === 'TabItem') {
        const label = attribute(node, 'label') ?? attribute(node, 'value');
        return label ? [paragraph([strong(label)]), ...children] : children;
      }
      if (node.name === 'br') return [{ type: 'break' } as RootContent];
      return children;
    }
    case 'containerDirective': {
      if (!ADMONITIONS.has(node.name ?? '')) return [{ type: 'text', value: sliceOf(node, source) } as RootContent];
      const [first, ...rest] = (node as Parent).children as AnyNode[];
      const labelled = first?.type === 'paragraph' && first.data?.directiveLabel === true;
      const label = labelled ? textOf(first) : capitalised(node.name ?? 'note');
      const body = convertChildren(
        { ...(node as Parent), children: labelled ? rest : (node as Parent).children } as Parent,
        source,
        options,
      );
      return [{ type: 'blockquote', children: [paragraph([strong(label)]), ...body] } as RootContent];
    }
    case 'leafDirective':
    case 'textDirective':
      // Not a directive the site uses: text such as `10:30` or `a:b`, as written.
      return [{ type: 'text', value: sliceOf(node, source) } as RootContent];
    case 'link':
    case 'image':
    case 'definition':
      (node as { url: string }).url = options.resolveUrl((node as { url: string }).url);
      break;
    default:
      break;
  }
  if ('children' in node) (node as Parent).children = convertChildren(node as Parent, source, options);
  return [node as RootContent];
}

function convertChildren(parent: Parent, source: string, options: PlainMarkdownOptions): RootContent[] {
  return parent.children.flatMap((child) => convert(child as AnyNode, source, options));
}

function sliceOf(node: AnyNode, source: string): string {
  const { start, end } = node.position ?? {};
  return start?.offset !== undefined && end?.offset !== undefined ? source.slice(start.offset, end.offset) : '';
}

/** The opening of an ATX heading line: one to six `#` and a space. */
const HEADING_START = /^#{1,6}[ \t]/;

/** Docusaurus' explicit heading id at the end of a heading line: `{#custom-id}`. */
const HEADING_ID = /\{#[\w-]+\}[ \t]*\r?$/;

/**
 * `## Title {#custom-id}` → `## Title`, line by line. One expression over the whole source
 * (`^(#{1,6}\s.*?)\s*\{#…}$` with `m`) backtracks polynomially over a long heading.
 */
function withoutHeadingIds(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      const start = HEADING_START.exec(line)?.[0].length;
      if (start === undefined) return line;
      const id = HEADING_ID.exec(line.slice(start));
      if (!id) return line;
      const lineEnd = line.endsWith('\r') ? '\r' : '';
      return line.slice(0, start) + line.slice(start, start + id.index).trimEnd() + lineEnd;
    })
    .join('\n');
}

/**
 * @returns the page as plain Markdown, ending with one newline.
 * @throws {Error} when the source is not valid MDX (the build would have failed on it first), an
 *   `<ApiSample>` is malformed or a local part has a title (the message says what to fix).
 */
export async function toPlainMarkdown(source: string, options: PlainMarkdownOptions): Promise<string> {
  const { parser, stringifier } = await (loaded ??= remark());
  // Heading ids go before parsing, as Docusaurus' own preprocessor escapes them (`{#id}` is no JS expression).
  source = withoutHeadingIds(source);
  const tree = parser(options.format).parse(source) as Root;
  applyLocalParts(tree, options.localParts === true);
  tree.children = convertChildren(tree, source, options);
  if (options.title && !tree.children.some((n) => n.type === 'heading' && n.depth === 1)) {
    tree.children.unshift({ type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] });
  }
  return `${stringifier(options.alignTables).stringify(tree).trim()}\n`;
}
