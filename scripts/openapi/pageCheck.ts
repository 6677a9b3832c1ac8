/**
 * The generated API pages read as Docusaurus will read them, and held to what the OpenAPI generator itself
 * writes: fail closed. After `docusaurus gen-api-docs` has written `generated/api`, every `.mdx` page is
 * parsed (its front matter with Docusaurus' own parser, its content after Docusaurus' own preprocessing,
 * which unwraps `mdx-code-block` fences, then as MDX) and every piece of code in it is checked:
 *
 * - ESM: `import` declarations of `@theme/…` and `@docusaurus/…` modules only (the generator's header), and
 *   of the components our landing-page template adds ({@link TEMPLATE_IMPORTS});
 * - JSX elements: the elements the generator writes (./pageAllowList.ts {@link ELEMENTS}), with its attributes
 *   ({@link ATTRIBUTES}), each a string or static JSON data (a `style` of {@link STYLE_KEYS} only, a
 *   `className` of {@link CLASS_NAMES} only, an `href` an absolute http, https or mailto URL), or the
 *   generator's `{...require("./<page>.<Component>.json")}`;
 * - expressions: static data only (the generator writes the terms of service as `{'<url>'}`), and the tag
 *   template's `useCurrentSidebarCategory().items`;
 * - front matter: the keys the plugin's templates write ({@link FRONT_MATTER_KEYS}), `id` the page's own,
 *   `slug` only `/` (the landing page), `sidebar_class_name` an HTTP method's.
 *
 * Anything else is code, markup or a route that came from a text of the description (scripts/openapi/
 * sanitize.ts and plugins/openapi-safety/generators.ts missed it, or a plugin version writes a field they
 * do not know), and the build fails naming the page and, where a text of the description holds it, that
 * text's JSON pointer. A new generator version that writes new elements or attributes fails here too,
 * until they are reviewed and added.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Node as EstreeNode } from 'estree';
import { API_DOCS_DIR, BUNDLED_SPEC_PATH } from '../../config/openapi';
import { isAllowedLinkUrl } from '../../rules/providerText';
import {
  ATTRIBUTES,
  CLASS_NAMES,
  ELEMENTS,
  FRONT_MATTER_KEYS,
  METHODS,
  STYLE_KEYS,
  TEMPLATE_IMPORTS,
  TEMPLATE_ITEMS,
} from './pageAllowList';

/** One piece of a generated page the generator does not write. */
export interface PageFinding {
  /** The page, relative to the site, e.g. `generated/api/v1/get-document.api.mdx`. */
  page: string;
  /** What it is, e.g. `<img> (an element the generator does not write)`. */
  what: string;
  /** The JSON pointer of the description's text that holds it, when one does. */
  field?: string;
  /** The source it came from, shortened. */
  source: string;
}

/** A node of the parsed page, as much of mdast and its MDX nodes as the check reads. */
interface MdxNode {
  type: string;
  name?: string | null;
  value?: unknown;
  position?: { start: { offset?: number }; end: { offset?: number } };
  attributes?: MdxNode[];
  children?: MdxNode[];
  data?: { estree?: { body: EstreeNode[] } };
}

/** Whether an estree expression is static data: literals, and arrays and objects of them. */
function isStaticData(node: EstreeNode | null | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'Literal':
      return !('regex' in node && node.regex);
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'UnaryExpression':
      return (node.operator === '-' || node.operator === '+') && node.argument.type === 'Literal';
    case 'ArrayExpression':
      return node.elements.every(
        (element) => element !== null && element.type !== 'SpreadElement' && isStaticData(element),
      );
    case 'ObjectExpression':
      return node.properties.every(
        (property) =>
          property.type === 'Property' &&
          !property.computed &&
          property.kind === 'init' &&
          !property.method &&
          (property.key.type === 'Identifier' || property.key.type === 'Literal') &&
          isStaticData(property.value as EstreeNode),
      );
    default:
      return false;
  }
}

/** The expression of a one-statement estree program (an MDX expression's), `undefined` for an empty one. */
function expressionOf(node: MdxNode): EstreeNode | null | undefined {
  const body = node.data?.estree?.body ?? [];
  if (body.length === 0) return undefined;
  const [statement] = body;
  return body.length === 1 && statement.type === 'ExpressionStatement' ? statement.expression : null;
}

/** Whether a spread attribute is the generator's `{...require("./<page>.<Component>.json")}`. */
function isExternalizedProps(node: MdxNode): boolean {
  const object = expressionOf(node);
  if (object?.type !== 'ObjectExpression' || object.properties.length !== 1) return false;
  const [spread] = object.properties;
  if (spread.type !== 'SpreadElement' || spread.argument.type !== 'CallExpression') return false;
  const { callee, arguments: args } = spread.argument;
  if (callee.type !== 'Identifier' || callee.name !== 'require' || args.length !== 1) return false;
  const [file] = args;
  if (file.type !== 'Literal' || typeof file.value !== 'string' || !file.value.startsWith('./')) return false;
  const name = file.value.slice(2);
  return name.endsWith('.json') && [...name].every((c) => /[\w.-]/.test(c)) && !name.includes('..');
}

/** Whether a `style` attribute's value is an object of {@link STYLE_KEYS} with literal values. */
function isGeneratorStyle(value: EstreeNode | null | undefined): boolean {
  if (value?.type !== 'ObjectExpression') return false;
  return value.properties.every((property) => {
    if (property.type !== 'Property' || property.computed || property.value.type !== 'Literal') return false;
    const key =
      property.key.type === 'Identifier' ? property.key.name : String((property.key as { value: unknown }).value);
    return STYLE_KEYS.has(key);
  });
}

/** What is wrong with one JSX attribute, or undefined. */
function attributeProblem(element: string, attribute: MdxNode): string | undefined {
  if (attribute.type === 'mdxJsxExpressionAttribute')
    return isExternalizedProps(attribute) ? undefined : `a spread of code on <${element}>`;
  const name = attribute.name ?? '';
  if (!ATTRIBUTES.has(name)) return `the attribute ${name} on <${element}> (the generator writes none such)`;
  const { value } = attribute;
  const literal = typeof value === 'string' ? value : undefined;
  const expression = value && typeof value === 'object' ? expressionOf(value as MdxNode) : undefined;
  if (value && typeof value === 'object') {
    if (element === 'DocCardList' && name === 'items' && (value as MdxNode).value === TEMPLATE_ITEMS) return undefined;
    if (!isStaticData(expression)) return `code in the attribute ${name} of <${element}>`;
  }
  const text = literal ?? (expression?.type === 'Literal' ? expression.value : undefined);
  if (name === 'style' && !isGeneratorStyle(expression)) return `a style the generator does not write on <${element}>`;
  if (name === 'className' && !(typeof text === 'string' && CLASS_NAMES.has(text)))
    return `the class ${JSON.stringify(text)} on <${element}>`;
  if (name === 'href' && !(typeof text === 'string' && isAllowedLinkUrl(text)))
    return `the link ${JSON.stringify(text)} on <${element}>`;
  return undefined;
}

/** What is wrong with one node of the page (not its children), or undefined. */
function nodeProblem(node: MdxNode): string | undefined {
  switch (node.type) {
    case 'mdxjsEsm': {
      const body = node.data?.estree?.body ?? [];
      const foreign = body.find(
        (statement) =>
          statement.type !== 'ImportDeclaration' ||
          typeof statement.source.value !== 'string' ||
          !(
            statement.source.value.startsWith('@theme/') ||
            statement.source.value.startsWith('@docusaurus/') ||
            [...TEMPLATE_IMPORTS.values()].includes(statement.source.value)
          ),
      );
      return foreign
        ? `${foreign.type === 'ImportDeclaration' ? 'an import' : 'an export or statement'} the generator does not write`
        : undefined;
    }
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return isStaticData(expressionOf(node)) ? undefined : 'an expression (code)';
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const name = node.name ?? '';
      if (!ELEMENTS.has(name)) return `<${name || '>'}> (an element the generator does not write)`;
      for (const attribute of node.attributes ?? []) {
        const problem = attributeProblem(name, attribute);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'html':
      return 'raw HTML';
    default:
      return undefined;
  }
}

/** Every string of the description, with its JSON pointer. */
function stringsOf(doc: unknown, pointer = '', out: [string, string][] = []): [string, string][] {
  if (typeof doc === 'string') out.push([pointer, doc]);
  else if (doc && typeof doc === 'object')
    for (const [key, child] of Object.entries(doc))
      stringsOf(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, out);
  return out;
}

/**
 * The pointer of the description's text that holds `source` (or that `source` holds whole), the longest
 * such text, if any.
 */
function fieldOf(source: string, strings: [string, string][]): string | undefined {
  const needle = source.trim();
  let best: [string, string] | undefined;
  for (const entry of strings) {
    const [, text] = entry;
    const holds = (needle.length >= 4 && text.includes(needle)) || (text.length >= 8 && needle.includes(text));
    if (holds && (!best || text.length > best[1].length)) best = entry;
  }
  return best?.[0];
}

/** A page's preprocessed content as Docusaurus' MDX loader gives it to MDX (`@docusaurus/mdx-loader` preprocessor). */
function preprocessed(content: string, utils: typeof import('@docusaurus/utils')): string {
  return utils.escapeMarkdownHeadingIds(utils.unwrapMdxCodeBlocks(content));
}

/**
 * Reports through `found` each front-matter key the plugin's templates do not write, and each value they would
 * not: an `id` other than the page's own (`id`), a `slug` other than `/`, a `sidebar_class_name` other than an
 * HTTP method's.
 */
function frontMatterProblems(
  frontMatter: Record<string, unknown>,
  id: string,
  found: (what: string, source: string) => void,
): void {
  for (const [key, value] of Object.entries(frontMatter)) {
    if (!FRONT_MATTER_KEYS.has(key)) found(`the front-matter key ${key}`, `${key}: ${JSON.stringify(value)}`);
    else if (key === 'id' && value !== id) found(`the id ${JSON.stringify(value)}`, String(value));
    else if (key === 'slug' && value !== '/') found(`the slug ${JSON.stringify(value)}`, String(value));
    else if (
      key === 'sidebar_class_name' &&
      !(typeof value === 'string' && METHODS.has(value.split(' ')[0]) && value.split(' ')[1] === 'api-method')
    )
      found(`the sidebar class ${JSON.stringify(value)}`, String(value));
  }
}

/**
 * Checks every generated page under `generated/api`.
 *
 * @param root - the site directory.
 * @returns one finding per piece of code, markup or front matter the generator does not write; none when
 *   every page holds only the generator's own.
 */
export async function checkGeneratedPages(root: string): Promise<PageFinding[]> {
  const utils = await import('@docusaurus/utils');
  const { createProcessor } = await import('@mdx-js/mdx');
  const processor = createProcessor({ format: 'mdx' });
  const bundled = path.join(root, BUNDLED_SPEC_PATH);
  const strings = fs.existsSync(bundled) ? stringsOf(JSON.parse(fs.readFileSync(bundled, 'utf8'))) : [];
  const dir = path.join(root, API_DOCS_DIR);
  const pages = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.mdx'));
  const findings: PageFinding[] = [];
  for (const file of pages.sort()) {
    const page = path.posix.join(API_DOCS_DIR, file.split(path.sep).join('/'));
    const found = (what: string, source: string, attribute = true) =>
      findings.push({
        page,
        what,
        field: attribute ? fieldOf(source, strings) : undefined,
        source: source.trim().slice(0, 120),
      });
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    let parsed: { frontMatter: Record<string, unknown>; content: string };
    try {
      parsed = await utils.DEFAULT_PARSE_FRONT_MATTER({ filePath: path.join(dir, file), fileContent: text });
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      found(`front matter that does not parse (${why})`, text.slice(0, 400), false);
      continue;
    }
    frontMatterProblems(parsed.frontMatter, path.basename(file).split('.')[0], found);
    const content = preprocessed(parsed.content, utils);
    let tree: MdxNode;
    try {
      tree = processor.parse(content) as unknown as MdxNode;
    } catch (error) {
      found(
        `content that does not parse as MDX (${error instanceof Error ? error.message : error})`,
        content.slice(0, 400),
      );
      continue;
    }
    const walk = (node: MdxNode): void => {
      const problem = nodeProblem(node);
      if (problem) {
        const { start, end } = node.position ?? { start: {}, end: {} };
        found(problem, content.slice(start.offset ?? 0, end.offset ?? 0));
        return;
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  }
  return findings;
}

/** The build's error for findings: one line each, page, what, and the description's text that holds it. */
export function pageCheckMessage(findings: PageFinding[]): string {
  const lines = findings.map(
    ({ page, what, field, source }) =>
      `  ${page}: ${what}${field ? `, from the description's ${field}` : ''}: ${JSON.stringify(source)}`,
  );
  return (
    `The generated API pages hold code or markup the OpenAPI generator does not write (scripts/openapi/pageCheck.ts); ` +
    `the build stops before any of it reaches a page. Fix the text in the OpenAPI description, or, if a new plugin ` +
    `version writes it, review it and add it to the check:\n${lines.join('\n')}`
  );
}
