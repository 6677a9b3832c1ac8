/**
 * Lets a built page paint before its scripts run. Docusaurus loads its entry scripts with
 * `<script defer>`; when they have downloaded by the time the HTML is parsed, Chrome runs them (and
 * with them React's hydration) before it paints the first frame, so a page that is complete in its
 * HTML would wait for hydration to show. Here each entry script is fetched as early as `defer` fetches
 * it (`<link rel="preload" as="script">`, low priority like `defer`), and runs, in order, once
 * the first frame after the end of parsing is out (`DOMContentLoaded`, then two
 * `requestAnimationFrame`s), or 100 ms after `DOMContentLoaded` where no frame comes (a background tab).
 * A step of postbuild/ (after `docusaurus build`); the CSP allows the one inline script by its hash.
 */

/** Empty `<script …></script>` tags, their attributes in group 1. */
const EMPTY_SCRIPT = /<script\b([^<>]*)>\s*<\/script>/gi;

/**
 * The `src` of an entry script as Docusaurus 3 writes it (`<script src=… defer>`), or `undefined` for any
 * other script. The attributes are read apart from the tag: one expression for both backtracks
 * polynomially over a long tag.
 */
function deferredSource(attributes: string): string | undefined {
  const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes);
  if (!src) return undefined;
  return /\bdefer\b/i.test(attributes.slice(src.index + src[0].length)) ? src[1] : undefined;
}

/** The loader's text for `sources`, in order (a classic inline script, no module syntax). */
export function paintFirstScript(sources: string[]): string {
  return (
    '(function(){var s=' +
    JSON.stringify(sources) +
    ',d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");' +
    'e.src=u;e.async=false;document.head.appendChild(e)})}' +
    'function ready(){requestAnimationFrame(function(){requestAnimationFrame(go)});setTimeout(go,100)}' +
    'document.readyState==="loading"?document.addEventListener("DOMContentLoaded",ready):ready()})()'
  );
}

/** The loader for `sources` as an element. */
export const paintFirstLoader = (sources: string[]): string => `<script>${paintFirstScript(sources)}</script>`;

/**
 * The head of a page (up to `</head>`) and the rest. Docusaurus writes its entry scripts in the head;
 * a script in the body came with the page's content, and is not the loader's to run.
 */
function splitAtHeadEnd(html: string): [string, string] {
  const end = html.indexOf('</head>');
  return end < 0 ? [html, ''] : [html.slice(0, end), html.slice(end)];
}

/** The entry scripts of a page's head (`<script src=… defer>`), in order. */
export function entryScriptsOf(html: string): string[] {
  const [head] = splitAtHeadEnd(html);
  return [...head.matchAll(EMPTY_SCRIPT)].flatMap((match) => deferredSource(match[1]) ?? []);
}

/**
 * @param html - a built page.
 * @returns the page with the deferred entry scripts of its head preloaded and run after first paint (by
 *   the loader {@link paintFirstScript} of {@link entryScriptsOf}); unchanged when it has none.
 */
export function withPaintFirstScripts(html: string): string {
  const sources = entryScriptsOf(html);
  if (sources.length === 0) return html;
  const [head, rest] = splitAtHeadEnd(html);
  let first = true;
  return (
    head.replace(EMPTY_SCRIPT, (tag, attributes: string) => {
      const src = deferredSource(attributes);
      if (src === undefined) return tag;
      const preload = `<link rel="preload" as="script" fetchpriority="low" href="${src}">`;
      if (!first) return preload;
      first = false;
      return preload + paintFirstLoader(sources);
    }) + rest
  );
}
