import type { RouteManifests } from '../../../rules/buildFiles';
import { withStylesheets } from '../routeStylesheets';
import speedup from '../speedup';

const PAGE =
  '<html><head><meta charset=UTF-8><link rel=stylesheet href=/assets/css/styles.cd45edde.css />' +
  '<script src=/assets/js/main.e5c1c9a8.js defer></script></head><body></body></html>';

describe('route stylesheets in built pages', () => {
  it("links the route's stylesheets after the global one, so they block first paint in cascade order", () => {
    const html = withStylesheets(PAGE, ['/assets/css/styles.cd45edde.css', '/assets/css/8749.f4436672.css']);
    expect(html).toContain(
      '<link rel=stylesheet href=/assets/css/styles.cd45edde.css /><link rel="stylesheet" href="/assets/css/8749.f4436672.css">',
    );
    expect(html.match(/styles\.cd45edde/g)).toHaveLength(1);
  });

  it('leaves a page alone when it has every stylesheet already, and links each once', () => {
    expect(withStylesheets(PAGE, ['/assets/css/styles.cd45edde.css'])).toBe(PAGE);
    const once = withStylesheets(PAGE, ['/assets/css/8749.f4436672.css']);
    expect(withStylesheets(once, ['/assets/css/8749.f4436672.css'])).toBe(once);
  });

  it('puts the link before </head> in a page without stylesheets, and refuses a page without a head', () => {
    expect(withStylesheets('<html><head></head></html>', ['/a.css'])).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"></head></html>',
    );
    expect(() => withStylesheets('<p>fragment</p>', ['/a.css'])).toThrow('no </head>');
  });
});

describe("api-chunks' page step", () => {
  /** An API layout route with its own stylesheet, and one operation page under it. */
  const manifests: RouteManifests = {
    tree: [
      { key: '/api-a93', path: '/api', routes: [{ key: '/api/search-106', path: '/api/search', exact: true }] },
      { key: '/docs/x-1f2', path: '/docs/x', exact: true },
    ],
    routes: { '/api-a93': { component: 'apiLayout' }, '/api/search-106': { content: 'search' }, '/docs/x-1f2': {} },
    client: {
      entrypoints: ['main'],
      origins: { apiLayout: ['10'], search: ['11'] },
      assets: {
        '10': { css: [{ file: 'assets/css/10.css' }], js: [{ file: 'assets/js/10.js' }] },
        '11': { js: [{ file: 'assets/js/11.js' }] },
      },
    },
  };
  const apply = (relative: string, html: string) =>
    speedup.pageStep!.apply(html, { relative, manifests, assets: [] }).html;

  it('links the stylesheets of the route an API page is built for, and leaves other pages alone', () => {
    expect(apply('api/search/index.html', PAGE)).toContain('<link rel="stylesheet" href="/assets/css/10.css">');
    expect(apply('docs/x/index.html', PAGE)).toBe(PAGE);
    expect(apply('404.html', PAGE)).toBe(PAGE);
  });
});
