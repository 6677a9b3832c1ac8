/**
 * What content may not bring into a built page, checked on every page the build writes, as the browser
 * parses it (plugins/site-scripts/html.ts). A Markdown or MDX page, an OpenAPI description or a file in
 * `static/` that holds any of these fails the build, naming the page and its source:
 *
 * - an inline script that is not exactly one the site's own code writes (plugins/site-scripts: its HTML
 *   tags, React's streaming runtime, our build steps' own): the Content-Security-Policy allows exactly
 *   those by their hashes, and the session's tokens are readable by script;
 * - an event-handler attribute (`onerror=…`) or a `javascript:` URL: code outside any script element;
 * - `<meta http-equiv>`: a refresh navigates away and no CSP directive stops it;
 * - `<iframe>`, `<frame>`, `<object>`, `<embed>`, `<base>`: a frame or plug-in the CSP refuses anyway, or
 *   a base URL that moves every relative link;
 * - a `<script src>` inside the React root: Docusaurus writes its entry scripts in the head.
 *
 * The pages a plugin writes whole (plugin-client-redirects' redirect page, whose `<meta http-equiv="refresh">`
 * is its job; plugins/site-scripts lists them) hold nothing from content, so their scripts are the site's
 * own. Every other page is checked, including a page without the React root (a file of a static folder, or
 * an HTML file a doc links to, which the bundler copies).
 */
import crypto from 'node:crypto';
import { completionArguments, type SiteScripts } from '../rules/buildFiles';
import {
  attributeOf,
  elementsOf,
  isInlineScript,
  isInReactRoot,
  REACT_ROOT_ID,
  textOf,
  type HtmlElement,
} from '../plugins/site-scripts/html';

/** Where a built page comes from. */
export type PageOrigin =
  /** Rendered by Docusaurus from content (it has the React root). */
  | 'rendered'
  /** Copied from a static folder: a writer's file. */
  | 'static'
  /** Written whole by one of the site's plugins (plugins/site-scripts `pluginPages`). */
  | 'plugin'
  /** Any other page without the React root, e.g. an HTML file a doc links to: content. */
  | 'copied';

/** One thing a page holds that content may not bring. */
export interface PageProblem {
  kind: 'script' | 'event-handler' | 'javascript-url' | 'meta-http-equiv' | 'embedded';
  /** What and where, for the build's error, e.g. `onerror on <img>`. */
  detail: string;
}

/** What {@link checkPage} found on one page. */
export interface PageCheck {
  origin: PageOrigin;
  /** The executable inline scripts the CSP allows on this page (the site's own), each once. */
  scripts: string[];
  problems: PageProblem[];
}

/** What a page is checked against. */
export interface PageTrust {
  /** The site's own scripts, learned by plugins/site-scripts. */
  site: SiteScripts;
  /** Whether the build's own steps added the script `text` to this page after rendering (the paint-first loader). */
  isOwn: (text: string) => boolean;
  /** Whether the page is a file of a static folder (`static/…`). */
  isStatic: boolean;
  /** Whether one of the site's plugins wrote the page whole (plugins/site-scripts `pluginPages`). */
  isPluginPage: boolean;
}

/** Elements content may not bring: frames, plug-ins and the document's base URL. */
const EMBEDDING = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'base']);

/**
 * Attributes whose value is a URL (HTML, SVG and MathML), including SVG animation values, which can set
 * a link's `href` to `javascript:`.
 */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'poster',
  'cite',
  'background',
  'codebase',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'manifest',
  'ping',
  'to',
  'from',
  'values',
  'by',
]);

const JAVASCRIPT_SCHEME = 'javascript:';

/** Longest argument list of a React reveal, in characters (two short ids); longer is not React's. */
const MAX_REVEAL_ARGUMENTS = 200;

/**
 * Whether `value` is a `javascript:` URL as the URL parser reads it: tabs and newlines removed anywhere,
 * leading C0 controls and spaces stripped, the scheme in any case (WHATWG URL, "basic URL parser").
 */
export function isJavaScriptUrl(value: string): boolean {
  // One scan without copies: every attribute of every page passes here.
  let at = 0;
  while (at < value.length && value.charCodeAt(at) <= 0x20) at += 1;
  let matched = 0;
  for (; at < value.length && matched < JAVASCRIPT_SCHEME.length; at += 1) {
    const code = value.charCodeAt(at);
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    // ASCII letters only compare without case: the URL parser reads a scheme of ASCII only.
    const lower = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    if (lower !== JAVASCRIPT_SCHEME.charCodeAt(matched)) return false;
    matched += 1;
  }
  return matched === JAVASCRIPT_SCHEME.length;
}

/** Whether `text` is React's reveal `head + ("B:n","S:n")` of a boundary and segment this page has. */
function isReveal(text: string, head: string, ids: Set<string>): boolean {
  if (!text.startsWith(head)) return false;
  const args = text.slice(head.length);
  if (args.length > MAX_REVEAL_ARGUMENTS || !args.startsWith('(') || !args.endsWith(')')) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(`[${args.slice(1, -1)}]`);
  } catch {
    return false;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((id) => typeof id === 'string')) return false;
  const [boundary, segment] = parsed as [string, string];
  return completionArguments(boundary, segment) === args && ids.has(boundary) && ids.has(segment);
}

/** Whether `text` is exactly a script the site's own code writes. */
function isSiteScript(text: string, trust: PageTrust, ids: Set<string>): boolean {
  const { tags, react } = trust.site;
  return (
    trust.isOwn(text) ||
    tags.includes(text) ||
    react.constants.includes(text) ||
    isReveal(text, react.prelude, ids) ||
    isReveal(text, react.complete, ids)
  );
}

/** A script's text shortened for an error line. */
const excerpt = (text: string) => JSON.stringify(text.trim().slice(0, 60) + (text.trim().length > 60 ? '…' : ''));

/** Adds to `problems` those of one element other than its being an untrusted script. */
function addElementProblems(element: HtmlElement, problems: PageProblem[]): void {
  const tag = element.tagName;
  if (EMBEDDING.has(tag)) problems.push({ kind: 'embedded', detail: `the element <${tag}>` });
  if (tag === 'meta' && attributeOf(element, 'http-equiv') !== undefined)
    problems.push({ kind: 'meta-http-equiv', detail: `<meta http-equiv="${attributeOf(element, 'http-equiv')}">` });
  for (const { name, value, prefix } of element.attrs) {
    const lower = name.toLowerCase();
    const qualified = prefix ? `${prefix}:${name}` : name;
    if (lower.startsWith('on'))
      problems.push({ kind: 'event-handler', detail: `the event-handler attribute ${qualified} on <${tag}>` });
    else if (URL_ATTRIBUTES.has(lower) && isJavaScriptUrl(value))
      problems.push({ kind: 'javascript-url', detail: `a javascript: URL in ${qualified} of <${tag}>` });
  }
}

/**
 * Checks one built page.
 *
 * @param html - the page as it will be served (after every other post-build step).
 * @returns its origin, the site's own inline scripts on it (for the CSP's hash list) and what it holds that
 *   content may not bring (none for a page a plugin wrote).
 */
export function checkPage(html: string, trust: PageTrust): PageCheck {
  const elements = elementsOf(html);
  const rooted = elements.some((element) => attributeOf(element, 'id') === REACT_ROOT_ID);
  const origin: PageOrigin = trust.isStatic ? 'static' : trust.isPluginPage ? 'plugin' : rooted ? 'rendered' : 'copied';
  const ids = new Set(elements.map((element) => attributeOf(element, 'id')).filter((id) => id !== undefined));
  const scripts = new Set<string>();
  const problems: PageProblem[] = [];
  for (const element of elements) {
    if (isInlineScript(element)) {
      const text = textOf(element);
      if (origin === 'plugin' || isSiteScript(text, trust, ids)) scripts.add(text);
      else
        problems.push({
          kind: 'script',
          detail: `an inline <script> the site's own code does not write (${excerpt(text)})`,
        });
    }
    if (origin === 'plugin') continue;
    if (element.tagName === 'script' && attributeOf(element, 'src') !== undefined && isInReactRoot(element))
      problems.push({
        kind: 'script',
        detail: `a <script src="${attributeOf(element, 'src')}"> in the page's content`,
      });
    addElementProblems(element, problems);
  }
  return { origin, scripts: [...scripts], problems };
}

/** The CSP source that allows the inline script `text`: `'sha256-<base64>'` (CSP Level 3, hash-source). */
export const scriptHashSource = (text: string): string =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
