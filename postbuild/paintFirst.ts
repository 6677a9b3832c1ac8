/**
 * Lets a built page paint before its scripts run (issue #9). Docusaurus loads its entry scripts with
 * `<script defer>`; when they have downloaded by the time the HTML is parsed, Chrome runs them (and
 * with them React's hydration) before it paints the first frame, so a page that is complete in its
 * HTML showed up 200–450 ms after its bytes had arrived. Here each entry script is fetched as early
 * as before (`<link rel="preload" as="script">`, low priority like `defer`), and runs, in order, once
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

/** The loader for `sources`, in order (a classic inline script, no module syntax). */
export function paintFirstLoader(sources: string[]): string {
  return (
    '<script>(function(){var s=' +
    JSON.stringify(sources) +
    ',d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");' +
    'e.src=u;e.async=false;document.head.appendChild(e)})}' +
    'function ready(){requestAnimationFrame(function(){requestAnimationFrame(go)});setTimeout(go,100)}' +
    'document.readyState==="loading"?document.addEventListener("DOMContentLoaded",ready):ready()})()</script>'
  );
}

/**
 * @param html - a built page.
 * @returns the page with its deferred entry scripts preloaded and run after first paint; unchanged
 *   when it has none.
 */
export function withPaintFirstScripts(html: string): string {
  const sources = [...html.matchAll(EMPTY_SCRIPT)].flatMap((match) => deferredSource(match[1]) ?? []);
  if (sources.length === 0) return html;
  let first = true;
  return html.replace(EMPTY_SCRIPT, (tag, attributes: string) => {
    const src = deferredSource(attributes);
    if (src === undefined) return tag;
    const preload = `<link rel="preload" as="script" fetchpriority="low" href="${src}">`;
    if (!first) return preload;
    first = false;
    return preload + paintFirstLoader(sources);
  });
}
