/**
 * @jest-environment node
 */
import { exceedsBytes, isPageRequest, parseTarget, signInUrl } from '../requests';

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

describe('exceedsBytes', () => {
  it('counts UTF-8 bytes, not characters: a header at the bound passes, one byte more does not', () => {
    expect(exceedsBytes(undefined, 8)).toBe(false);
    expect(exceedsBytes('abcdefgh', 8)).toBe(false);
    expect(exceedsBytes('abcdefghi', 8)).toBe(true);
    // é is two bytes in UTF-8: four of them are eight bytes, five are ten.
    expect(exceedsBytes('éééé', 8)).toBe(false);
    expect(exceedsBytes('ééééa', 8)).toBe(true);
  });
});
