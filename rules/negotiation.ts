/**
 * Which representation of a page a request asks for: the page's HTML, or its Markdown copy (the file
 * plugins/markdown-export writes beside the route, ./routes.ts `markdownFileOf`). AI tools and scripts
 * send `Accept: text/markdown`; a browser sends `text/html` first. The Fastify gate (server/app.ts) and
 * the CloudFront edge handler (deploy/edge) both answer with what {@link negotiatedFile} names, so the
 * two cannot choose differently; both send `Vary: Accept` on pages (server/gate/securityHeaders.ts).
 *
 * The rule, after RFC 9110 §12.5.1 (Accept) and §12.4.2 (quality values):
 * - each of `text/html` and `text/markdown` takes the weight of the most specific media range that
 *   matches it (`text/markdown` over `text/*` over the wildcard `*` slash `*`; the first of
 *   equals); unmatched, it is not
 *   acceptable;
 * - Markdown wins when its weight is above 0 and higher than HTML's; on equal weights, when it was matched
 *   by a more specific range, then when its range comes first in the header. Otherwise the page is HTML,
 *   as for a request with no `Accept`: the wildcard and `text/*` alone keep HTML.
 * - Parameters other than `q` are ignored (the copies are UTF-8 CommonMark with GFM tables); an element
 *   with a malformed weight is ignored, as is one without a `/`.
 *
 * Runtime-neutral and linear: the header is refused above {@link MAX_ACCEPT_LENGTH} before it is read,
 * and read with `split`, `indexOf` and one anchored regular expression without nested repetition, since
 * it runs before anyone is known.
 */
import { markdownFileOf } from './routes';

/**
 * Longest `Accept` header read, in UTF-16 code units (2 KiB; a browser's is under 200): a longer one is not
 * parsed, and the page is HTML as for no header. It bounds the work one anonymous request can cause.
 */
export const MAX_ACCEPT_LENGTH = 2048;

/** The media type of the pages' Markdown copies (RFC 7763). */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown';

/** `Content-Type` of a Markdown copy as both gates send it. */
export const MARKDOWN_CONTENT_TYPE = `${MARKDOWN_MEDIA_TYPE}; charset=utf-8`;

/** RFC 9110 §12.4.2 `qvalue`: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** One media range of an `Accept` header, lower-cased, with its weight and place in the header. */
interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  order: number;
}

/** The weight of `;q=…` among an element's parameters: 1 without one, `undefined` when malformed. */
function weightOf(parameters: string[]): number | undefined {
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'q') continue;
    const value = parameter.slice(equals + 1).trim();
    // The first `q` is the weight; what follows it is accept-ext (RFC 9110 §12.5.1), ignored.
    return QVALUE.test(value) ? Number(value) : undefined;
  }
  return 1;
}

/**
 * The media ranges of an `Accept` header, in order. A quoted parameter value holding a comma is split at
 * it; the pieces lack a `/` or a valid weight and are dropped.
 */
function mediaRanges(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  accept.split(',').forEach((element, order) => {
    const [range, ...parameters] = element.split(';');
    const slash = range.indexOf('/');
    if (slash < 0) return;
    const type = range.slice(0, slash).trim().toLowerCase();
    const subtype = range
      .slice(slash + 1)
      .trim()
      .toLowerCase();
    const q = weightOf(parameters);
    if (type && subtype && q !== undefined) ranges.push({ type, subtype, q, order });
  });
  return ranges;
}

/** How a media type is accepted: the weight and specificity (2 exact, 1 `type/*`, 0 the wildcard) of its range. */
interface Preference {
  q: number;
  specificity: number;
  order: number;
}

function preferenceFor(ranges: MediaRange[], type: string, subtype: string): Preference | undefined {
  let best: Preference | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > (best?.specificity ?? -1)) best = { q: range.q, specificity, order: range.order };
  }
  return best;
}

/**
 * Whether a request's `Accept` header prefers a page's Markdown to its HTML (the rule in the module
 * comment). `text/markdown` and `text/markdown, text/html` → true; a browser's header, the wildcard,
 * `text/html, text/markdown`, none, or one over {@link MAX_ACCEPT_LENGTH} → false.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || accept.length > MAX_ACCEPT_LENGTH) return false;
  const ranges = mediaRanges(accept);
  const markdown = preferenceFor(ranges, 'text', 'markdown');
  if (!markdown || markdown.q === 0) return false;
  const html = preferenceFor(ranges, 'text', 'html');
  if (!html || markdown.q !== html.q) return markdown.q > (html?.q ?? 0);
  if (markdown.specificity !== html.specificity) return markdown.specificity > html.specificity;
  return markdown.order < html.order;
}

/**
 * The file of the build that answers a request for `pageFile`: its Markdown copy when the request prefers
 * Markdown and the build has a copy, else `pageFile` itself. A page without a copy (the sign-in page,
 * search, the not-found page) stays HTML, which RFC 9110 §12.1 allows a server to send instead of 406: a
 * reader gets the page rather than nothing. Files that are not pages (`.html`) are never negotiated.
 *
 * @param pageFile - the file the request's path names, relative to the build folder (./routes.ts
 *   `builtFileOf`), e.g. `docs/x/index.html`.
 * @param hasMarkdownCopy - whether the build holds `markdownFile`, the copy of `pageFile`.
 * @returns a file relative to the build folder, e.g. `docs/x.md` or `docs/x/index.html`.
 */
export function negotiatedFile(
  pageFile: string,
  accept: string | undefined,
  hasMarkdownCopy: (markdownFile: string, pageFile: string) => boolean,
): string {
  if (!pageFile.endsWith('.html') || !prefersMarkdown(accept)) return pageFile;
  const markdown = markdownFileOf(pageFile);
  return hasMarkdownCopy(markdown, pageFile) ? markdown : pageFile;
}
