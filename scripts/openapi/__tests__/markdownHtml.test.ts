/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { markdownTexts } from '../markdownHtml';

const REPO = path.resolve(__dirname, '../../..');

/** Runs `code` in a tsx child process (react-markdown and its family are ESM only, as in `npm run gen-api`); its last line as JSON. */
function run<T>(code: string): T {
  const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), '-e', code], { cwd: REPO, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

describe('markdownTexts', () => {
  const qualifier = (schema: object) => {
    if ('enum' in schema) return `**Possible values:** ${JSON.stringify(schema.enum)}`;
    if ('boom' in schema) throw new Error('not a schema');
    return undefined;
  };

  it('collects every description at any depth and each schema’s qualifier line, once each, sorted', () => {
    const contract = {
      info: { description: 'The API.' },
      paths: {
        '/x': {
          get: {
            description: 'Lists x.',
            parameters: [{ name: 'kind', description: 'The kind.', schema: { type: 'string', enum: ['a', 'b'] } }],
            responses: { '200': { description: 'The API.' } },
          },
        },
      },
      components: { schemas: { Kind: { type: 'string', enum: ['a', 'b'] }, Odd: { boom: true } } },
    };
    expect(markdownTexts(contract, qualifier)).toEqual([
      '**Possible values:** ["a","b"]',
      'Lists x.',
      'The API.',
      'The kind.',
    ]);
  });

  it('takes a property named "description" for a schema, not for a text', () => {
    const contract = { properties: { description: { type: 'string', description: 'A document’s summary.' } } };
    expect(markdownTexts(contract, () => undefined)).toEqual(['A document’s summary.']);
  });
});

describe('renderMarkdownHtml and loadQualifierMessage, with the theme’s libraries', () => {
  it('writes what the theme’s renderer writes, and leaves to it the texts that need its components', () => {
    const texts = {
      inline: 'Uses `page` and _assumed_ **bold**.',
      paragraphs: 'One.\n\nTwo <abbr title="x">y</abbr>.',
      table: '| a | b |\n| - | - |\n| 1 | 2 |',
      fenced: 'Example:\n\n```json\n{}\n```',
      admonition: ':::note\nCareful.\n:::',
      indented: 'Code:\n\n    curl x',
    };
    const result = run<{ renderer: string; html: Record<string, string | null> }>(
      `import { renderMarkdownHtml } from './scripts/openapi/markdownHtml';
       renderMarkdownHtml(${JSON.stringify(Object.values(texts))}).then((r) => console.log(JSON.stringify(r)));`,
    );
    expect(result.renderer).toMatch(
      /^react-markdown@\d+\.\d+\.\d+ remark-gfm@\d+\.\d+\.\d+ rehype-raw@\d+\.\d+\.\d+ rehype-sanitize$/,
    );
    expect(result.html[texts.inline]).toBe('<p>Uses <code>page</code> and <em>assumed</em> <strong>bold</strong>.</p>');
    // Raw HTML passes (rehype-raw), as in the theme.
    expect(result.html[texts.paragraphs]).toBe('<p>One.</p>\n<p>Two <abbr title="x">y</abbr>.</p>');
    // GFM tables (remark-gfm).
    expect(result.html[texts.table]).toBe(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    // The theme renders these with its CodeBlock, Admonition and `pre` replacement: left to it.
    expect([result.html[texts.fenced], result.html[texts.admonition], result.html[texts.indented]]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('renders a line made from the contract’s values itself, sanitized, even one the theme’s renderer would take', () => {
    // An enum value that breaks out of the theme's backticks, with an admonition line (the theme writes an
    // admonition's content unescaped) and raw HTML.
    const line = '**Possible values:** [`a`, `x`\n:::note\n<img src=x onerror=alert(1)>\n:::\n`b`]';
    const html = run<Record<string, string | null>>(
      `import { renderMarkdownHtml } from './scripts/openapi/markdownHtml';
       renderMarkdownHtml(${JSON.stringify([line])}, { fromData: new Set(${JSON.stringify([line])}) })
         .then((r) => console.log(JSON.stringify(r.html)));`,
    )[line];
    expect(html).not.toBeNull();
    expect(html).toMatch(/<img src="x"\/?>/);
    expect(html).not.toMatch(/onerror/);
  });

  it('writes the theme’s own "Possible values" lines', () => {
    const lines = run<(string | null)[]>(
      `import { loadQualifierMessage } from './scripts/openapi/markdownHtml';
       loadQualifierMessage().then((q) => console.log(JSON.stringify([
         q({ type: 'string', enum: ['a', 'b'] }),
         q({ type: 'integer', minimum: 1, maximum: 14 }),
         q({ type: 'object' }),
       ])));`,
    );
    expect(lines).toEqual(['**Possible values:** [`a`, `b`]', '**Possible values:** `>= 1` and `<= 14`', null]);
  });
});
