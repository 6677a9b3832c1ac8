/**
 * What text from the provider's OpenAPI description may become on a page, for the two runtimes that render
 * it: the build (scripts/openapi/sanitize.ts sanitizes every text before the pages are generated) and the
 * browser (plugins/openapi-safety: the OpenAPI theme's Markdown renderer sanitizes whatever it renders, with
 * the same allow-list). The description arrives from the provider's host with each build, so every text in
 * it is treated as hostile input.
 *
 * - The HTML allow-list is rehype-sanitize's `defaultSchema` (GitHub's) plus {@link EXTRA_ALLOWED_TAGS}.
 * - Links and images must be absolute: a relative destination (`../../.env`, `./logo.png`) is one Docusaurus
 *   resolves against the build machine's files and bundles into the site (its MDX link and image
 *   transforms), and the provider knows none of this portal's paths anyway.
 * - An email address must be one (it becomes a `mailto:` link), an HTTP authentication scheme a token.
 */
import type { Element, Nodes, Root } from 'hast';

/** Elements the portal allows in provider Markdown besides GitHub's allow-list: `<abbr>` for terms. */
export const EXTRA_ALLOWED_TAGS: readonly string[] = ['abbr'];

/**
 * The portal's HTML allow-list, built on rehype-sanitize's `defaultSchema` (passed in, so this module imports
 * no ESM-only package and both runtimes load rehype-sanitize their own way).
 *
 * @param base - rehype-sanitize's `defaultSchema`.
 */
export function providerTextSchema<T extends { tagNames?: string[] | null }>(base: T): T {
  return { ...base, tagNames: [...(base.tagNames ?? []), ...EXTRA_ALLOWED_TAGS] };
}

/** The URL's scheme if it is an absolute URL (`https:`), else undefined; a bounded scan, no regex. */
function schemeOf(url: string): string | undefined {
  const colon = url.indexOf(':');
  if (colon < 1 || colon > 32) return undefined;
  const scheme = url.slice(0, colon).toLowerCase();
  for (const char of scheme)
    if (!((char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || '+-.'.includes(char))) return undefined;
  return `${scheme}:`;
}

/** Whether `url` may be a link's destination: an absolute `http`, `https` or `mailto` URL, or `#fragment`. */
export function isAllowedLinkUrl(url: string): boolean {
  if (url.startsWith('#')) return true;
  const scheme = schemeOf(url.trim());
  return scheme === 'http:' || scheme === 'https:' || scheme === 'mailto:';
}

/** Whether `url` may be an image's source: an absolute `http` or `https` URL. */
export function isAllowedImageUrl(url: string): boolean {
  const scheme = schemeOf(url.trim());
  return scheme === 'http:' || scheme === 'https:';
}

/**
 * Removes from a sanitized HTML tree each link destination and each image that {@link isAllowedLinkUrl} or
 * {@link isAllowedImageUrl} refuses: the image goes, the link is replaced by its content.
 *
 * @param tree - a hast tree, changed in place.
 * @returns what it removed, e.g. `a[href]` (a relative link), `img` (a relative image), once each.
 */
export function dropRelativeUrls(tree: Root | Element): string[] {
  const dropped = new Set<string>();
  const walk = (node: Nodes): void => {
    if (!('children' in node)) return;
    node.children = (node.children as Nodes[]).flatMap((child): Nodes[] => {
      if (child.type !== 'element') return [child];
      const { href, src } = child.properties;
      if (child.tagName === 'img' && !(typeof src === 'string' && isAllowedImageUrl(src))) {
        dropped.add('img');
        return [];
      }
      walk(child);
      if (child.tagName === 'a' && href !== undefined && !(typeof href === 'string' && isAllowedLinkUrl(href))) {
        dropped.add('a[href]');
        return child.children;
      }
      return [child];
    }) as typeof node.children;
  };
  walk(tree);
  return [...dropped];
}

/**
 * Whether `address` may be shown as an email address and linked with `mailto:`: one `@`, no space, control,
 * quote, bracket, brace, angle bracket, backslash, comma, semicolon or colon, at most 254 characters.
 */
export function isPlainEmailAddress(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.indexOf('@');
  if (at < 1 || at !== address.lastIndexOf('@') || at === address.length - 1) return false;
  for (const char of address) if (char <= ' ' || char === '\u007f' || '"\'()<>[]{}\\,;:`'.includes(char)) return false;
  return true;
}

/** RFC 9110 token characters besides letters and digits (an authentication scheme's name is a token). */
const TOKEN_MARKS = new Set("!#$%&'*+-.^_`|~");

/** Whether `scheme` is an HTTP authentication scheme's name: a token (RFC 9110, 5.6.2), at most 64 characters. */
export function isAuthScheme(scheme: string): boolean {
  if (scheme.length === 0 || scheme.length > 64) return false;
  for (const char of scheme)
    if (!(
      (char >= 'a' && char <= 'z') ||
      (char >= 'A' && char <= 'Z') ||
      (char >= '0' && char <= '9') ||
      TOKEN_MARKS.has(char)
    ))
      return false;
  return true;
}

/** Characters a URL written into a page keeps percent-encoded: none of them can then end a string or a link. */
const URL_ENCODED = new Set('\'"<>{}`\\|^[]() ');

/**
 * A URL the pages may hold as a link, or undefined: an absolute `http`, `https` or `mailto` URL, normalised
 * by the WHATWG URL parser, with quotes, brackets, braces, backslashes and spaces percent-encoded (the
 * OpenAPI generator writes `info.termsOfService` inside a JavaScript string and contact URLs as a Markdown
 * link's text and destination).
 *
 * @param url - a URL field of the description (`info.termsOfService`, `contact.url`, `license.url`, …).
 */
export function safeLinkUrl(url: string): string | undefined {
  if (!isAllowedLinkUrl(url) || url.startsWith('#')) return undefined;
  let href: string;
  try {
    href = new URL(url).href;
  } catch {
    return undefined;
  }
  let out = '';
  for (const char of href) {
    const code = char.codePointAt(0) ?? 0;
    out += URL_ENCODED.has(char) || code < 0x20 || code === 0x7f ? encodeURIComponent(char) : char;
  }
  // encodeURIComponent leaves these: encode them by hand.
  return out.replaceAll("'", '%27').replaceAll('(', '%28').replaceAll(')', '%29');
}
