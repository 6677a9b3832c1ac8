/**
 * @jest-environment node
 *
 * Reader insights' request rules: which requests come from the portal's own pages (the origin check both the
 * gate and the insights function make), and what a batch takes of its reader's daily quota.
 */
import { crossOriginRefusal, MAX_ORIGIN_CHARS, readerUseOf, secondsToNextDay } from '../insights';

const headersOf = (headers: Record<string, string>) => (name: string) => headers[name];

describe('a request from the portal’s own pages', () => {
  it.each([
    ['no Origin and no Sec-Fetch-Site (a script with a Bearer token)', {}],
    ['its own Origin', { origin: 'http://localhost:3000' }],
    ['its own Origin in capitals', { origin: 'HTTP://LocalHost:3000' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ])('passes with %s', (_name, headers) => {
    expect(crossOriginRefusal(headersOf(headers), ['localhost:3000'])).toBeUndefined();
  });

  it('passes with the site’s own address when a proxy in front passed another accepted Host', () => {
    const headers = headersOf({ origin: 'https://docs.example.com', 'sec-fetch-site': 'same-origin' });
    expect(crossOriginRefusal(headers, ['localhost:3000', 'docs.example.com'])).toBeUndefined();
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }, 'origin: evil.example is not this site'],
    ['another port', { origin: 'http://localhost:8080' }, 'origin: localhost:8080 is not this site'],
    ['a sandboxed frame', { origin: 'null' }, 'origin: not an origin'],
    ['an origin too long to be one', { origin: `https://${'a'.repeat(MAX_ORIGIN_CHARS)}` }, 'origin: not an origin'],
    ['cross-site', { 'sec-fetch-site': 'cross-site' }, 'sec-fetch-site: cross-site'],
    ['same-site', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' }, 'sec-fetch-site: same-site'],
  ])('is refused from %s, naming the header', (_name, headers, message) => {
    expect(crossOriginRefusal(headersOf(headers), ['localhost:3000'])).toMatch(new RegExp(`^${message}`));
  });
});

describe('a reader’s daily quota', () => {
  it('counts each event, and the UTF-8 bytes of comments only', () => {
    expect(
      readerUseOf([
        { type: 'read', route: '/' },
        { type: 'comment', route: '/', text: 'é€' },
        { type: 'search-empty', route: '/', query: 'not counted as comment bytes' },
      ]),
    ).toEqual({ events: 3, commentBytes: 5 });
  });

  it('starts again at the next day, UTC', () => {
    expect(secondsToNextDay(new Date('2026-11-29T23:59:30Z'))).toBe(30);
    expect(secondsToNextDay(new Date('2026-11-29T00:00:00Z'))).toBe(86_400);
  });
});
