import fs from 'node:fs';
import path from 'node:path';
import grammarsLoader, {
  grammarsFor,
  languagesIn,
  withoutBundledGrammars,
  withoutBundledThemes,
} from '../grammarsLoader';
import { API_CODE_BLOCK, EXPLORER_SNIPPETS, explorerLanguages, PRISM_REACT_RENDERER } from '..';

const BUNDLE = require.resolve('prism-react-renderer').replace(/index\.js$/, 'index.mjs');

/** Runs the loader as the bundler would, on `source` from `resourcePath`. */
const load = (source: string, resourcePath: string, options: object = {}) =>
  grammarsLoader.call({ getOptions: () => options, resourcePath }, source);

describe('prism-react-renderer without its grammars', () => {
  const source = fs.readFileSync(BUNDLE, 'utf8');

  it('keeps Prism, Highlight and the default theme, and none of the ~40 grammars', () => {
    expect(PRISM_REACT_RENDERER.test(BUNDLE)).toBe(true);
    const cut = withoutBundledGrammars(source);
    expect(source).toMatch(/Prism\.languages\.objectivec = /);
    expect(cut).not.toMatch(/\.languages\.(markup|json|python|objectivec|go) = /);
    expect(cut).toContain('var Prism = __toESM(require_prism());');
    expect(cut).toMatch(/export \{\s+Highlight2 as Highlight,\s+Prism,/);
    expect(cut).toContain('var vsDark_default');
    expect(cut.length).toBeLessThan(source.length * 0.55);
  });

  it('fails the build, naming the speed-up, when the bundle is laid out otherwise', () => {
    expect(() => withoutBundledGrammars(source.replace('// src/prism-langs.ts', '// src/languages.ts'))).toThrow(
      /^prism-on-demand: prism-react-renderer's bundle no longer builds its grammars/,
    );
    expect(() => load('export const Highlight = 1;', BUNDLE, { grammars: 'none' })).toThrow(/prism-on-demand/);
  });
});

describe('prism-react-renderer without its bundled themes', () => {
  const source = fs.readFileSync(BUNDLE, 'utf8');

  it('keeps Highlight’s default theme and an empty `themes` export, and none of the other themes', () => {
    const cut = load(source, BUNDLE, { grammars: 'none' });
    expect(source).toContain('var dracula_default = ');
    for (const theme of ['dracula', 'github', 'oneDark', 'gruvboxMaterialLight', 'vsLight'])
      expect(cut).not.toContain(`var ${theme}_default = `);
    expect(cut).toContain('var vsDark_default = ');
    expect(cut).toContain('var themes_exports = {};');
    expect(cut).toMatch(/theme: props\.theme \|\| vsDark_default/);
    expect(cut).toMatch(/themes_exports as themes,/);
    expect(cut.length).toBeLessThan(source.length * 0.3);
  });

  it('fails the build, naming the speed-up, when the themes are laid out otherwise', () => {
    const cut = withoutBundledGrammars(source);
    expect(() => withoutBundledThemes(cut.replace('// src/themes/vsDark.ts', '// src/themes/vs-dark.ts'))).toThrow(
      /^prism-on-demand: prism-react-renderer's bundle no longer builds its themes/,
    );
    expect(() => withoutBundledThemes(cut.replace(/\/\/ src\/index\.ts\n/g, ''))).toThrow(/prism-on-demand/);
  });
});

describe('the grammars a module needs', () => {
  it('orders prismjs components after those they need, by name or alias, and leaves out unknown ones', () => {
    expect(grammarsFor(['tsx'])).toEqual(['markup', 'clike', 'javascript', 'typescript', 'jsx', 'tsx']);
    expect(grammarsFor(['SH', 'shell', 'json', 'text', 'no-such-language'])).toEqual(['bash', 'json']);
    expect(grammarsFor(['ts'])).toEqual(['clike', 'javascript', 'typescript']);
    expect(grammarsFor(['xml'])).toEqual(['markup']);
    expect(grammarsFor([])).toEqual([]);
  });

  it("reads a page's fences, and CodeBlock's literal languages where the module imports it", () => {
    // As the MDX compiler writes a page's fences, and the TypeScript compiler a component's CodeBlock.
    const page = 'const e = {code: "code"}; _jsx(_components.code, { className: "language-json", children: "{}" });';
    const component =
      'import CodeBlock from "@theme/CodeBlock"; jsx(CodeBlock, { language: "bash", title: t, children: c });';
    expect(languagesIn(page, true)).toEqual(['json']);
    expect(languagesIn(page, false)).toEqual([]);
    expect(languagesIn(component, false)).toEqual(['bash']);
    // The explorer's samples use the OpenAPI theme's code block.
    const explorer =
      'import ApiCodeBlock from "@theme/ApiExplorer/ApiCodeBlock"; jsx(ApiCodeBlock, { language: "java", children: c });';
    expect(languagesIn(explorer, false)).toEqual(['java']);
    // A `language` that is not a CodeBlock's (no import of it) is no code block.
    expect(languagesIn('const tab = { language: "curl" };', false)).toEqual([]);
  });

  it('appends the registration of the grammars, each loading prismjs’s own file, and leaves other modules as they are', () => {
    const page = '_jsx(_components.code, { className: "language-ts", children: "let a" });';
    const out = load(page, '/site/docs/page.md');
    expect(out.startsWith(page)).toBe(true);
    const appended = out.slice(page.length);
    expect(appended).toContain(JSON.stringify(path.join(__dirname, '..', 'client', 'prismLanguages')));
    expect([...appended.matchAll(/require\("(prismjs\/components\/[^"]+)"\)/g)].map((m) => m[1])).toEqual([
      'prismjs/components/prism-clike.js',
      'prismjs/components/prism-javascript.js',
      'prismjs/components/prism-typescript.js',
    ]);
    for (const file of ['clike', 'javascript', 'typescript'])
      expect(fs.existsSync(require.resolve(`prismjs/components/prism-${file}.js`))).toBe(true);
    expect(load('export default 1;', '/site/src/x.tsx')).toBe('export default 1;');
    expect(load('_jsx(_components.code, { className: "language-text" })', '/site/docs/a.md')).toBe(
      '_jsx(_components.code, { className: "language-text" })',
    );
  });

  it("gives the OpenAPI theme's code blocks the explorer's tab languages and the bodies' ones", () => {
    const theme = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
    expect(EXPLORER_SNIPPETS.test(path.join(theme, 'lib/theme/ApiExplorer/CodeSnippets/index.js'))).toBe(true);
    expect(API_CODE_BLOCK.test(path.join(theme, 'lib/theme/ApiExplorer/ApiCodeBlock/Content/String.js'))).toBe(true);
    expect(
      explorerLanguages({ languageTabs: [{ highlight: 'bash' }, { highlight: 'python' }, { language: 'x' }] }),
    ).toEqual(['bash', 'python']);
    expect(explorerLanguages({})).toEqual([]);
  });
});
