/**
 * @jest-environment node
 *
 * The OpenAPI theme's Markdown renderer, as the site bundles it (plugins/openapi-safety), renders no script,
 * event handler, meta refresh, frame, overlay or relative image from a text the build never saw (the enum
 * descriptions' table the theme writes in the browser), and still renders what the allow-list keeps. Its
 * guard: the theme's module still imports `rehype-raw` by that name, so the bundler rule still applies.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { SANITIZING_RAW, sanitizesThemeMarkdown, THEME_MARKDOWN_DIR } from '..';

const TABLE =
  '| Enum Value | Description |\n| ---- | ----- |\n' +
  '| <img src=x onerror=alert(1)> | <script>alert(2)</script> | \n' +
  '| a | <meta http-equiv="refresh" content="0;url=https://x.example"><iframe src="https://x.example"></iframe> | \n' +
  '| b | <div style="position:fixed;inset:0">overlay</div> ![](../../.env) <a href="javascript:alert(3)">x</a> | ';
const KEPT = 'Uses **bold**, `code`, <b>inline</b> HTML and [a link](https://example.com).';

function render(texts: string[]): string[] {
  const out = execFileSync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'themeMarkdownSample.mts')],
    { input: JSON.stringify(texts), cwd: path.resolve(__dirname, '../../..'), encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe('the OpenAPI theme’s Markdown renderer, as the site bundles it', () => {
  const [table, kept] = render([TABLE, KEPT]);

  it('renders nothing that runs, navigates, embeds or covers the page', () => {
    const elements = parse(table).querySelectorAll('*');
    expect(
      elements.map((element) => element.rawTagName).filter((tag) => /^(script|img|meta|iframe)$/.test(tag)),
    ).toEqual([]);
    const attributes = elements.flatMap((element) => Object.entries(element.attributes));
    expect(attributes.filter(([name, value]) => /^on|^style$/i.test(name) || /javascript:/i.test(value))).toEqual([]);
    expect(parse(table).querySelectorAll('td')).toHaveLength(6);
    expect(table).toContain('overlay');
  });

  it('keeps what the allow-list allows', () => {
    expect(kept).toBe(
      '<p>Uses <strong>bold</strong>, <code>code</code>, <b>inline</b> HTML and <a href="https://example.com">a link</a>.</p>',
    );
  });

  it('the build’s guard: a bundle with the theme’s renderer must hold the sanitizing plugin too', () => {
    const theme = path.join(THEME_MARKDOWN_DIR, 'index.js');
    expect(sanitizesThemeMarkdown([theme, SANITIZING_RAW, undefined])).toBe(true);
    expect(sanitizesThemeMarkdown([`${theme}?x`])).toBe(false);
    expect(sanitizesThemeMarkdown(['/site/src/pages/index.tsx'])).toBe(true);
  });

  it('still imports rehype-raw by name (else plugins/openapi-safety’s replacement no longer applies)', () => {
    const source = fs.readFileSync(path.join(THEME_MARKDOWN_DIR, 'index.js'), 'utf8');
    expect(source).toContain('import rehypeRaw from "rehype-raw";');
  });
});
