import { builtFileOf, markdownHrefOf, markdownPathOf, normalisedPath, sitePathsOf } from '../routes';

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
});
