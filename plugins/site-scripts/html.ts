/**
 * A built page as the browser parses it: parse5 implements the HTML standard's parsing algorithm, so an
 * element found here (or not) is where the browser puts it, even in markup that content wrote on purpose
 * to confuse a looser parser (a stray `</div>` that closes the React root early, a `<script>` inside
 * `<svg>`). The site-scripts plugin learns the site's own scripts with it, and postbuild/pageSafety.ts
 * checks every built page with it.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

export type HtmlElement = DefaultTreeAdapterMap['element'];
type HtmlNode = DefaultTreeAdapterMap['node'];
type HtmlParent = DefaultTreeAdapterMap['parentNode'];

/** Where Docusaurus renders a page's React tree, and with it everything that comes from content. */
export const REACT_ROOT_ID = '__docusaurus';

/**
 * `<script type>` values whose text the browser never runs: data blocks. Every other type (none, a
 * JavaScript MIME type, `module`, `importmap`, `speculationrules`, …) counts as a script.
 */
const DATA_SCRIPT_TYPES = new Set(['application/ld+json', 'application/json']);

/** An element's attribute value, or `undefined`. */
export function attributeOf(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name && !attr.prefix)?.value;
}

/** Every element of `html` in document order, template contents included (content can hide markup there). */
export function elementsOf(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const stack: HtmlNode[] = [parse(html)];
  // Children pushed last to first, a template's content after them, so both pop in document order; no
  // copies of child lists: a large page has hundreds of thousands of nodes.
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) elements.push(node);
    const children = (node as HtmlParent).childNodes;
    if (children) for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
    if (node.nodeName === 'template' && 'content' in node) stack.push(node.content);
  }
  return elements;
}

/** The text of an element's text children (a script's source). */
export function textOf(element: HtmlElement): string {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

/** Whether `element` is a `<script>` whose text the browser runs: no `src`, and not a data block. */
export function isInlineScript(element: HtmlElement): boolean {
  if (element.tagName !== 'script' || attributeOf(element, 'src') !== undefined) return false;
  const type = attributeOf(element, 'type')?.trim().toLowerCase();
  return type === undefined || !DATA_SCRIPT_TYPES.has(type);
}

/** Whether `element` is inside the React root (`id="__docusaurus"`). */
export function isInReactRoot(element: HtmlElement): boolean {
  for (let node: HtmlNode | null = element.parentNode; node && 'tagName' in node; node = node.parentNode)
    if (attributeOf(node, 'id') === REACT_ROOT_ID) return true;
  return false;
}
