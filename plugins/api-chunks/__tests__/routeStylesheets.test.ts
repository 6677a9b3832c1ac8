import { routePathOf, withStylesheets } from '../routeStylesheets';

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

  it('maps built files to the routes they serve', () => {
    expect(routePathOf('index.html')).toBe('/');
    expect(routePathOf('api/index.html')).toBe('/api');
    expect(routePathOf('api/v1/search-documents/index.html')).toBe('/api/v1/search-documents');
    expect(routePathOf('404.html')).toBe('/404');
  });
});
