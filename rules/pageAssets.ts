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

/**
 * What a page's `<head>` loads: {@link assetsOfHtml} of the markup before the first `</head>` (the whole page
 * when it has none). Docusaurus writes every entry script and stylesheet there; parsing those few KiB instead
 * of the whole page (hundreds of KiB for an operation's page) is most of what the build's last step saves.
 * For the speed-ups' page steps; what a page may hold is checked on the whole page (postbuild/pageSafety.ts).
 */
export function headAssetsOfHtml(html: string): string[] {
  const end = html.indexOf('</head>');
  return assetsOfHtml(end < 0 ? html : html.slice(0, end));
}
