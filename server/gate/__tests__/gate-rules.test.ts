/**
 * @jest-environment node
 */
import { tokensFromCookies } from '../../../rules/cookies';
import { assetsOfHtml } from '../../../rules/pageAssets';
import { isPageRequest, parseTarget, signInUrl } from '../../../rules/requests';

describe('tokensFromCookies', () => {
  const prefix = 'CognitoIdentityServiceProvider.client1';
  it('finds the last user’s tokens under the names js-cookie writes (percent-encoded)', () => {
    expect(
      tokensFromCookies(
        {
          [`${prefix}.LastAuthUser`]: 'demo@example.com',
          [`${prefix}.demo%40example.com.accessToken`]: 'A',
          [`${prefix}.demo%40example.com.refreshToken`]: 'R',
          [`${prefix}.other%40example.com.accessToken`]: 'X',
        },
        'client1',
      ),
    ).toEqual({ username: 'demo@example.com', accessToken: 'A', idToken: undefined, refreshToken: 'R' });
  });

  it('finds nothing for another app client or without LastAuthUser', () => {
    expect(tokensFromCookies({ [`${prefix}.LastAuthUser`]: 'demo' }, 'client2')).toBeNull();
    expect(tokensFromCookies({ [`${prefix}.demo.accessToken`]: 'A' }, 'client1')).toBeNull();
  });
});

describe('parseTarget', () => {
  it('decodes the path and keeps the query', () => {
    expect(parseTarget('/docs/Our%20domains?x=1')).toEqual({ ok: true, path: '/docs/Our domains', search: '?x=1' });
  });
});

describe('isPageRequest', () => {
  it.each([
    ['GET', '/docs/x', 'text/html', true],
    ['HEAD', '/docs/x.html', 'text/html,application/xhtml+xml', true],
    ['GET', '/docs/x', 'Text/HTML', true],
    // A script's request: no Accept, or the wildcard alone, gets 401 rather than a page of HTML.
    ['GET', '/docs/x.html', undefined, false],
    ['GET', '/docs/x', '*/*', false],
    ['GET', '/assets/js/main.js', '*/*', false],
    ['GET', '/search-index.json', 'application/json', false],
    ['POST', '/docs/x', 'text/html', false],
    ['GET', '/docs/x', 'application/json', false],
  ])('%s %s (Accept %s) → %s', (method, path, accept, expected) => {
    expect(isPageRequest(method, path, accept)).toBe(expected);
  });
});

describe('signInUrl', () => {
  it('carries the original path and query in next', () => {
    expect(signInUrl('/login', '/docs/Our domains', '?a=1')).toBe('/login?next=%2Fdocs%2FOur%2520domains%3Fa%3D1');
  });
});

describe('assetsOfHtml', () => {
  it('lists the page’s own scripts, styles, icons and images, not external ones', () => {
    const html = `<head><link rel="icon" href="/img/f.svg"><link rel="stylesheet" href="/assets/css/s.css">
      <link rel="canonical" href="/docs/x"><link rel="preload" as="image" href="/img/logo.svg">
      <script src="/assets/js/main.js?v=1" defer></script><script src="https://cdn.example/x.js"></script></head>
      <body><img src="//cdn.example/i.png"><img src="/img/a.png"></body>`;
    expect(assetsOfHtml(html).sort()).toEqual(
      ['/assets/css/s.css', '/assets/js/main.js', '/img/a.png', '/img/f.svg', '/img/logo.svg'].sort(),
    );
  });
});
