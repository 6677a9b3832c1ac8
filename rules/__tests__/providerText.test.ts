/**
 * What a provider's text may become on a page (../providerText.ts): links and images absolute only, URL
 * fields normalised so they cannot end a string or a link, addresses and schemes what they say they are.
 */
import type { Root } from 'hast';
import {
  dropRelativeUrls,
  isAllowedImageUrl,
  isAllowedLinkUrl,
  isAuthScheme,
  isPlainEmailAddress,
  providerTextSchema,
  safeLinkUrl,
} from '../providerText';

describe('plain fields', () => {
  it.each([
    ['api@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['x@example.com)<img src=x>', false],
    ['a b@example.com', false],
    ['@example.com', false],
    ['a@b@c', false],
    ['x@', false],
  ])('%s is an email address: %s', (address, ok) => {
    expect(isPlainEmailAddress(address)).toBe(ok);
  });

  it.each([
    ['bearer', true],
    ['Basic', true],
    ['x-custom_1', true],
    ['bearer <img>', false],
    ['{x}', false],
    ['', false],
  ])('%j is an authentication scheme: %s', (scheme, ok) => {
    expect(isAuthScheme(scheme)).toBe(ok);
  });
});

describe('links and images', () => {
  it.each([
    ['https://example.com/x', true, true],
    ['HTTP://example.com', true, true],
    ['mailto:a@example.com', true, false],
    ['#section', true, false],
    ['javascript:alert(1)', false, false],
    ['data:text/html,x', false, false],
    ['../../.env', false, false],
    ['/docs/x', false, false],
    ['logo.png', false, false],
  ])('%s: a link %s, an image %s', (url, link, image) => {
    expect([isAllowedLinkUrl(url), isAllowedImageUrl(url)]).toEqual([link, image]);
  });

  it('drops relative images and unwraps relative links, saying what it dropped', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [
            { type: 'element', tagName: 'img', properties: { src: '../../.env' }, children: [] },
            { type: 'element', tagName: 'img', properties: { src: 'https://example.com/a.png' }, children: [] },
            {
              type: 'element',
              tagName: 'a',
              properties: { href: './x.pdf' },
              children: [{ type: 'text', value: 'x' }],
            },
            { type: 'element', tagName: 'a', properties: { href: '#y' }, children: [{ type: 'text', value: 'y' }] },
          ],
        },
      ],
    };
    expect(dropRelativeUrls(tree)).toEqual(['img', 'a[href]']);
    const [paragraph] = tree.children as { children: unknown[] }[];
    expect(paragraph.children).toEqual([
      { type: 'element', tagName: 'img', properties: { src: 'https://example.com/a.png' }, children: [] },
      { type: 'text', value: 'x' },
      { type: 'element', tagName: 'a', properties: { href: '#y' }, children: [{ type: 'text', value: 'y' }] },
    ]);
  });
});

describe('safeLinkUrl', () => {
  it('keeps an ordinary URL as the URL parser writes it', () => {
    expect(safeLinkUrl('https://example.com/terms?x=1#a')).toBe('https://example.com/terms?x=1#a');
  });

  it('percent-encodes what could end a JavaScript string, an attribute or a Markdown link', () => {
    expect(safeLinkUrl("https://example.com/t'+alert(1)+'\"<x>`{}\\")).toBe(
      'https://example.com/t%27+alert%281%29+%27%22%3Cx%3E%60%7B%7D/',
    );
  });

  it('refuses what is no absolute http, https or mailto URL', () => {
    expect([
      safeLinkUrl('javascript:alert(1)'),
      safeLinkUrl('/terms'),
      safeLinkUrl('#x'),
      safeLinkUrl('https://'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('providerTextSchema', () => {
  it('is the given allow-list with <abbr>', () => {
    expect(providerTextSchema({ tagNames: ['p'], strip: ['script'] })).toEqual({
      tagNames: ['p', 'abbr'],
      strip: ['script'],
    });
  });
});
