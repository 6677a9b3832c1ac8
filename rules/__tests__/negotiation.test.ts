import fc from 'fast-check';
import { stringOperations } from '../../tests/support/work';
import { builtFileOf, markdownFileOf, markdownPathOf, pagesWithoutMarkdown } from '../routes';
import { MAX_ACCEPT_LENGTH, negotiatedFile, prefersMarkdown } from '../negotiation';

/** Chromium's `Accept` on a navigation. */
const BROWSER =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

describe('whether a request prefers a page’s Markdown to its HTML (RFC 9110 §12.5.1)', () => {
  it.each([
    // Asked for by name, alone or first among equals.
    ['text/markdown', true],
    ['TEXT/Markdown', true],
    ['text/markdown; charset=utf-8', true],
    ['text/markdown;variant=GFM', true],
    ['text/markdown, text/html', true],
    ['text/markdown, text/html, */*', true],
    ['text/markdown, */*', true],
    ['text/markdown;q=0.9, text/html;q=0.8', true],
    ['text/html;q=0.5, text/markdown', true],
    ['text/html;q=0, text/markdown;q=0.1', true],
    ['text/markdown, text/*;q=0.5', true],
    // Equal weights: the more specific range, then the earlier one.
    ['text/*, text/markdown', true],
    ['text/html, text/markdown', false],
    ['text/markdown;q=0.5, text/html;q=0.5', true],
    ['text/html;q=0.5, text/markdown;q=0.5', false],
    // HTML first, or nothing said of Markdown.
    [BROWSER, false],
    ['*/*', false],
    ['text/*', false],
    ['text/html', false],
    ['application/json', false],
    ['text/html, text/markdown;q=0.9', false],
    ['text/markdown;q=0', false],
    ['text/markdown;q=0, */*', false],
    ['', false],
    [undefined, false],
    // Malformed elements are ignored; a malformed weight drops its element.
    ['text/markdown;q=2', false],
    ['text/markdown;q=abc, text/html', false],
    ['text/markdown;q=0.0001', false],
    ['markdown', false],
    ['/markdown', false],
    [',,;;,text/markdown', true],
    ['text/html;foo="a,b", text/markdown;q=0.9', false],
  ])('%j → %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it('reads no header over its bound: the page stays HTML', () => {
    const padded = `text/markdown, ${'x'.repeat(MAX_ACCEPT_LENGTH)}`;
    expect(prefersMarkdown(padded.slice(0, MAX_ACCEPT_LENGTH))).toBe(true);
    expect(prefersMarkdown(padded)).toBe(false);
  });

  it('reads a header at its bound, of any shape, in linear time: a few passes, one short anchored pattern', async () => {
    const hostile = [',', ';', ';q=', '/', ' ', '"', '='].map((piece) =>
      `text/markdown${piece.repeat(MAX_ACCEPT_LENGTH)}`.slice(0, MAX_ACCEPT_LENGTH),
    );
    for (const accept of hostile) {
      const work = await stringOperations(() => prefersMarkdown(accept));
      // Splitting, slicing, trimming and lower-casing: a few passes over the header (seven for a run of slashes), where
      // one rescan per element would read it about a thousand times.
      expect(work.charsRead()).toBeLessThanOrEqual(8 * MAX_ACCEPT_LENGTH);
      // The one regular expression is the anchored weight, and reads only the weights.
      for (const operation of work.operations.filter(({ regexp }) => regexp !== undefined))
        expect(operation).toMatchObject({ regexp: '^(?:0(?:\\.\\d{0,3})?|1(?:\\.0{0,3})?)$', length: 0 });
    }
  });

  it('never throws, and is true only when text/markdown is named with a weight above 0', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (accept) => {
        const answer = prefersMarkdown(accept);
        if (answer) expect(accept.replace(/\s/g, '').toLowerCase()).toContain('text/markdown');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the file that answers a page request', () => {
  const copies = new Set(['docs/x.md', 'index.md']);
  const has = (file: string) => copies.has(file);

  it.each([
    ['docs/x/index.html', 'text/markdown', 'docs/x.md'],
    ['index.html', 'text/markdown', 'index.md'],
    ['docs/x/index.html', BROWSER, 'docs/x/index.html'],
    ['docs/x/index.html', undefined, 'docs/x/index.html'],
    // No copy: the HTML, not 406.
    ['login/index.html', 'text/markdown', 'login/index.html'],
    ['404.html', 'text/markdown', '404.html'],
    // Not a page: never negotiated.
    ['llms.txt', 'text/markdown', 'llms.txt'],
    ['docs/x.md', 'text/markdown', 'docs/x.md'],
    ['assets/js/main.js', 'text/markdown', 'assets/js/main.js'],
  ])('%s with Accept %j is %s', (page, accept, file) => {
    expect(negotiatedFile(page, accept, has)).toBe(file);
  });

  it('names the copy markdownPathOf names for the page’s route', () => {
    for (const sitePath of ['/', '/docs/x', '/docs/x/', '/api/v1/search-documents', '/404.html', '/blog'])
      expect(markdownFileOf(builtFileOf(sitePath))).toBe(markdownPathOf(sitePath));
  });

  it('lists the pages of a build without a copy', () => {
    const files = ['index.html', 'index.md', 'docs/x/index.html', 'docs/x.md', 'login/index.html', '404.html', 'a.js'];
    expect(pagesWithoutMarkdown(files)).toEqual(['404.html', 'login/index.html']);
  });
});
