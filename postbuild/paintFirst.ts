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

/** `<script src=… defer>` tags of the entry scripts, as Docusaurus 3 writes them. */
const DEFER_SCRIPT = /<script\b[^>]*\bsrc=["']?([^"'\s>]+)["']?[^>]*\bdefer\b[^>]*>\s*<\/script>/gi;

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
  const sources = [...html.matchAll(DEFER_SCRIPT)].map((match) => match[1]);
  if (sources.length === 0) return html;
  let first = true;
  return html.replace(DEFER_SCRIPT, (_, src: string) => {
    const preload = `<link rel="preload" as="script" fetchpriority="low" href="${src}">`;
    if (!first) return preload;
    first = false;
    return preload + paintFirstLoader(sources);
  });
}
