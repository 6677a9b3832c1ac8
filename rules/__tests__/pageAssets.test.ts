/**
 * @jest-environment node
 */
import { assetsOfHtml } from '../pageAssets';

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
