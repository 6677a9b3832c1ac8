/**
 * The OpenAPI description's texts held to an allow-list before any page is made from them. Every
 * `description`, `summary`, `title`, deprecation notice (`x-deprecated-description`) and enum description
 * (`x-enumDescriptions`) is Markdown that the reference renders as HTML: the plugin's generated MDX pages,
 * the theme's Markdown renderer (react-markdown with rehype-raw, which keeps raw HTML) and the build's own
 * rendering of it (./markdownHtml.ts). The provider writes these texts, and a build with `API_HOST` takes
 * them from its server, so a text could carry a script, an event-handler attribute, a `javascript:` link, a
 * `<meta http-equiv="refresh">`, a frame, or a relative link or image that Docusaurus would resolve against
 * the build machine's own files.
 *
 * This module walks the document: which field is Markdown, MDX, a link, sample data or an extension, and what
 * each becomes. ./textSanitizer.ts holds each text to the allow-list and escapes what MDX would compile. URLs
 * are held to absolute `http`, `https` and `mailto` ones, and extensions the reference does not know are dropped.
 *
 * After generation, ./pageCheck.ts reads every generated page as Docusaurus will and fails the build on any
 * code the generator did not write; postbuild/pageSafety.ts checks the built pages; and the browser's
 * renderer sanitizes every text it renders (plugins/openapi-safety).
 */
import { isAuthScheme, isPlainEmailAddress, safeLinkUrl } from '../../rules/providerText';
import { loadSanitizer } from './textSanitizer';

/** One text of the description the sanitizer changed. */
export interface SanitizeFinding {
  /** JSON pointer of the text, e.g. `/paths/~1documents/post/description`. */
  pointer: string;
  /** What the allow-list dropped, e.g. `script`, `img[onerror]`, `a[href]` (a `javascript:` link). */
  dropped: string[];
}

/**
 * Texts the reference renders as Markdown: `x-deprecated-description` is the notice of a deprecated
 * operation, `x-assumed` this portal's note of what the provider has not confirmed (./assumptions.ts).
 */
const MARKDOWN_KEYS = new Set(['description', 'summary', 'title', 'x-deprecated-description', 'x-assumed']);

/** Markdown texts the plugin writes into a generated MDX page as they are (its `clean()` is no escape). */
const MDX_KEYS = new Set(['description', 'x-deprecated-description']);

/**
 * URLs the reference shows as links or as text (`info.contact.url`, `info.license.url`, `info.termsOfService`,
 * `externalDocs.url`, a logo's `url` and `href`, an OAuth flow's or OpenID Connect's endpoints); the servers' URLs are
 * the API's, not links, and the build sets them.
 */
const LINK_KEYS = new Set([
  'url',
  'href',
  'termsOfService',
  'openIdConnectUrl',
  'authorizationUrl',
  'tokenUrl',
  'refreshUrl',
]);

/** Sample data, shown as code (escaped), never as Markdown: left exactly as written. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);

/**
 * The extensions the reference shows or uses, and how: Markdown texts (above), `x-enumDescriptions` (a
 * Markdown text per enum value, which the theme puts in a table and renders in the browser), plain text
 * the generated pages hold as data (`x-displayName`, `x-tagGroups`, `x-codeSamples`, a logo's `altText`),
 * data (`x-position`, `x-prerelease`). Any other `x-*` key is dropped from the copy the build uses: the
 * reference does not show it, and a key nobody reviewed is not handed to a renderer.
 */
const KNOWN_EXTENSIONS = new Set([
  'x-assumed',
  'x-deprecated-description',
  'x-enumDescriptions',
  'x-displayName',
  'x-tagGroups',
  'x-codeSamples',
  'x-logo',
  'x-dark-logo',
  'x-position',
  'x-prerelease',
]);

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
 * Sanitizes every text of an OpenAPI document the reference renders, before any page is generated from it:
 * each Markdown text ({@link MARKDOWN_KEYS}, and each value of an `x-enumDescriptions`) is held to the
 * allow-list, and escaped where MDX would compile it ({@link MDX_KEYS}); each URL ({@link LINK_KEYS}) that
 * is no absolute `http`, `https` or `mailto` URL is dropped, and the others are normalised
 * (rules/providerText.ts `safeLinkUrl`); each extension the reference does not know ({@link
 * KNOWN_EXTENSIONS}) is dropped. Plain-text fields stay as they are here: the generated pages hold them as
 * data, or escaped where a page holds them as Markdown (plugins/openapi-safety/generators.ts).
 *
 * @param doc - the bundled description (JSON), not changed.
 * @returns a copy with each text sanitized, and one finding per text the sanitizer changed (one for all
 *   unknown extensions).
 */
export async function sanitizeContract<T>(doc: T): Promise<{ doc: T; findings: SanitizeFinding[] }> {
  const sanitizer = await loadSanitizer();
  const findings: SanitizeFinding[] = [];
  /** Unknown extension → where it was first seen and how many times. */
  const unknown = new Map<string, { first: string; count: number }>();
  const markdownText = (text: string, at: string, key: string): string => {
    const html = sanitizer.markdown(text, { mdx: rendersAsMdx(at) || key === 'x-deprecated-description' });
    const mdx = MDX_KEYS.has(key) ? sanitizer.mdx(html.text) : { text: html.text, dropped: [] };
    const dropped = [...html.dropped, ...mdx.dropped];
    if (dropped.length > 0) findings.push({ pointer: at, dropped });
    return mdx.text;
  };
  // `exampleValue`: inside an Example Object, whose `value` is sample data too.
  const walk = (value: unknown, pointer: string, exampleValue = false): unknown => {
    if (Array.isArray(value)) return value.map((item, n) => walk(item, `${pointer}/${n}`));
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, child]): [string, unknown][] => {
        const at = `${pointer}/${pointerSegment(key)}`;
        if (key.startsWith('x-') && !KNOWN_EXTENSIONS.has(key)) {
          const seen = unknown.get(key);
          if (seen) seen.count += 1;
          else unknown.set(key, { first: at, count: 1 });
          return [];
        }
        if (LINK_KEYS.has(key) && typeof child === 'string' && !pointer.startsWith('/servers'))
          return linkEntry(key, child, at, findings);
        const plain = plainFieldProblem(pointer, key, child);
        if (plain) {
          findings.push({ pointer: at, dropped: [plain] });
          return [];
        }
        if (key === 'x-enumDescriptions')
          return [
            [
              key,
              mapEntries(child, at, (text, where) =>
                typeof text === 'string' ? markdownText(text, where, key) : text,
              ),
            ],
          ];
        if (DATA_KEYS.has(key) || key.startsWith('x-') || (exampleValue && key === 'value')) {
          if (MARKDOWN_KEYS.has(key) && typeof child === 'string') return [[key, markdownText(child, at, key)]];
          // A logo's `url` and `href` are links like any other.
          if (key === 'x-logo' || key === 'x-dark-logo') return [[key, walk(child, at)]];
          return [[key, child]];
        }
        if (key === 'examples') return [[key, mapEntries(child, at, (example, where) => walk(example, where, true))]];
        if (!MARKDOWN_KEYS.has(key) || typeof child !== 'string') return [[key, walk(child, at)]];
        return [[key, markdownText(child, at, key)]];
      }),
    );
  };
  const sanitized = walk(doc, '') as T;
  if (unknown.size > 0)
    findings.push({
      pointer: [...unknown.values()][0].first,
      dropped: [...unknown].map(([key, { count }]) => `${key} (an extension the reference does not show, ${count}×)`),
    });
  return { doc: sanitized, findings };
}

/**
 * Why a plain field cannot be shown as what it says it is, if so: the contact's email (a `mailto:` link) and a
 * security scheme's HTTP authentication scheme (a token), which the generated pages hold as they are.
 */
function plainFieldProblem(pointer: string, key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (pointer === '/info/contact' && key === 'email' && !isPlainEmailAddress(value))
    return `email (${JSON.stringify(value.slice(0, 40))} is no email address)`;
  const segments = pointer.split('/');
  if (segments.length === 4 && segments[1] === 'components' && segments[2] === 'securitySchemes' && key === 'scheme')
    return isAuthScheme(value)
      ? undefined
      : `scheme (${JSON.stringify(value.slice(0, 40))} is no HTTP authentication scheme)`;
  return undefined;
}

/** An object's entries, each value mapped with its JSON pointer (anything else as it is). */
function mapEntries(value: unknown, at: string, map: (child: unknown, where: string) => unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => [name, map(child, `${at}/${pointerSegment(name)}`)]),
  );
}

/** A URL field's entry: normalised (rules/providerText.ts `safeLinkUrl`), or dropped; either said in `findings`. */
function linkEntry(key: string, url: string, at: string, findings: SanitizeFinding[]): [string, unknown][] {
  const safe = safeLinkUrl(url);
  if (safe === undefined) {
    findings.push({
      pointer: at,
      dropped: [`${key} (${JSON.stringify(url.slice(0, 40))} is no http, https or mailto URL)`],
    });
    return [];
  }
  if (safe !== url)
    findings.push({
      pointer: at,
      dropped: [`${key}: characters a page may not hold as they are, now percent-encoded`],
    });
  return [[key, safe]];
}

/** The build-log line for a finding: which text, what was dropped, and what to do. */
export function findingLogLine(finding: SanitizeFinding): string {
  return (
    `API reference: the description's ${finding.pointer} holds what the portal does not show as written ` +
    `(${finding.dropped.join(', ')}); the pages show it without that. Fix the text in the OpenAPI description.`
  );
}
