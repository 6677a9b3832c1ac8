/**
 * What a built page's HTML loads from this site: the gate's public files are what the
 * sign-in page loads (server/gate/publicFiles.ts), the route stylesheets step skips what a page already
 * links (plugins/api-chunks/routeStylesheets.ts), and the budgets count a page's first load
 * (bench/measure/firstLoad.ts).
 * node-html-parser is plain JavaScript, so this runs wherever the HTML is at hand.
 */
import { parse } from 'node-html-parser';

/** Site-absolute paths a page's HTML loads from this site (external URLs are left out). */
export function assetsOfHtml(html: string): string[] {
  const root = parse(html);
  const urls = [
    ...root.querySelectorAll('script[src]').map((el) => el.getAttribute('src')),
    ...root
      .querySelectorAll('link[href]')
      .filter((el) => /\b(stylesheet|icon|preload|modulepreload|manifest)\b/.test(el.getAttribute('rel') ?? ''))
      .map((el) => el.getAttribute('href')),
    ...root.querySelectorAll('img[src]').map((el) => el.getAttribute('src')),
  ];
  return [
    ...new Set(
      urls
        .filter((url): url is string => !!url && url.startsWith('/') && !url.startsWith('//'))
        .map((url) => url.split(/[?#]/)[0]),
    ),
  ];
}
