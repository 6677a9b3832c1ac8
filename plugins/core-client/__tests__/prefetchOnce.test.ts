import corePrefetch from '@docusaurus/core/lib/client/prefetch';
import prefetchOnce, { forgetPrefetched } from '../client/prefetchOnce';

// Core's helper adds a `<link rel="prefetch">` per call (jsdom lacks link prefetch, so it is observed here).
jest.mock('@docusaurus/core/lib/client/prefetch', () => jest.fn(() => Promise.resolve()));
const prefetched = () => jest.mocked(corePrefetch).mock.calls.map(([url]) => url);

describe('prefetchOnce', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    jest.mocked(corePrefetch).mockClear();
    forgetPrefetched();
  });

  it("calls core's prefetch once per chunk URL, however many routes share the chunk", async () => {
    // Three sidebar links whose routes share the docs layout chunk.
    for (const route of ['a', 'b', 'c']) {
      await prefetchOnce('/assets/js/layout.1234.js');
      await prefetchOnce(`/assets/js/${route}.5678.js`);
    }
    expect(prefetched()).toEqual([
      '/assets/js/layout.1234.js',
      '/assets/js/a.5678.js',
      '/assets/js/b.5678.js',
      '/assets/js/c.5678.js',
    ]);
  });

  it('skips a chunk the page has already loaded as a script', async () => {
    document.head.appendChild(Object.assign(document.createElement('script'), { src: '/assets/js/main.1.js' }));
    await prefetchOnce('/assets/js/main.1.js');
    expect(prefetched()).toEqual([]);
  });

  it('prefetches again after the session ended and its links were dropped', async () => {
    await prefetchOnce('/assets/js/a.5678.js');
    forgetPrefetched();
    await prefetchOnce('/assets/js/a.5678.js');
    expect(prefetched()).toEqual(['/assets/js/a.5678.js', '/assets/js/a.5678.js']);
  });
});
