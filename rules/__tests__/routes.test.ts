import {
  builtFileOf,
  markdownHrefOf,
  markdownPathOf,
  normalisedPath,
  pageOfMarkdownHref,
  pageRouteIn,
  pageRoutesOf,
  sitePathsOf,
} from '../routes';

describe('route ↔ built file (spec §2.1; Docusaurus writes <route>/index.html)', () => {
  it.each([
    ['/', 'index.html'],
    ['/docs/x', 'docs/x/index.html'],
    ['/docs/x/', 'docs/x/index.html'],
    ['/assets/js/main.1a2b.js', 'assets/js/main.1a2b.js'],
    ['/a.js/', 'a.js/index.html'],
    ['/login', 'login/index.html'],
  ])('%s is served from %s', (sitePath, file) => {
    expect(builtFileOf(sitePath)).toBe(file);
  });

  it('a page file answers its route with and without the trailing slash, and its own name', () => {
    expect(sitePathsOf('docs/x/index.html')).toEqual(['/docs/x/index.html', '/docs/x', '/docs/x/']);
    expect(sitePathsOf('index.html')).toEqual(['/index.html', '/']);
    expect(sitePathsOf('404.html')).toEqual(['/404.html', '/404']);
    expect(sitePathsOf('assets/js/main.js')).toEqual(['/assets/js/main.js']);
  });

  it('every site path a file answers leads back to that file, or is redirected to one that does', () => {
    for (const file of ['index.html', 'docs/x/index.html', 'api/v1/search-documents/index.html', 'sitemap.xml']) {
      for (const sitePath of sitePathsOf(file)) {
        expect(builtFileOf(normalisedPath(sitePath) ?? sitePath)).toBe(file);
      }
    }
  });

  it('normalises .html and /index spellings to the plain path, and leaves plain paths and /404.html alone', () => {
    expect(normalisedPath('/index.html')).toBe('/');
    expect(normalisedPath('/docs/x/index')).toBe('/docs/x');
    expect(normalisedPath('/docs/x.html')).toBe('/docs/x');
    expect(normalisedPath('/docs/x')).toBeNull();
    expect(normalisedPath('/404.html')).toBeNull();
  });

  it('puts a page’s Markdown copy beside its route', () => {
    expect(markdownPathOf('/')).toBe('index.md');
    expect(markdownPathOf('/docs/x/')).toBe('docs/x.md');
    expect(markdownHrefOf('/docs/x')).toBe('/docs/x.md');
  });

  it('names the page of a Markdown copy’s address, and none for another address', () => {
    for (const route of ['/', '/docs/x', '/api/v1/list-doctypes'])
      expect(pageOfMarkdownHref(markdownHrefOf(route))).toBe(route);
    expect(pageOfMarkdownHref('/docs/x')).toBeNull();
    expect(pageOfMarkdownHref('/.md')).toBeNull();
  });
});

describe("a build's pages (reader insights take events for these only)", () => {
  const files = [
    'index.html',
    'docs/x/index.html',
    'docs/domains/Our domains/index.html',
    '404.html',
    'assets/js/main.js',
    'docs/x.md',
    'sitemap.xml',
  ];
  const pages = new Set(pageRoutesOf(files));

  it('are the plain routes of its .html files, sorted', () => {
    expect([...pages]).toEqual(['/', '/404', '/docs/domains/Our domains', '/docs/x']);
  });

  it.each([
    ['/docs/x', '/docs/x'],
    ['/docs/x/', '/docs/x'],
    ['/', '/'],
    ['/docs/domains/Our%20domains', '/docs/domains/Our domains'],
    ['/docs/domains/Our domains/', '/docs/domains/Our domains'],
  ])('%s names the page %s', (route, page) => {
    expect(pageRouteIn(pages, route)).toBe(page);
  });

  it.each(['/docs/y', '/docs/x.md', '/assets/js/main.js', '/sitemap.xml', '/docs/%E0%A4%A', '/docs/x\n# Pwned'])(
    '%s names no page',
    (route) => {
      expect(pageRouteIn(pages, route)).toBeUndefined();
    },
  );
});
