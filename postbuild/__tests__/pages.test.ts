/**
 * @jest-environment node
 *
 * The post-build pipeline's pass over the pages (issue #23, point 5; postbuild/README.md): each page
 * gets its route stylesheets, the paint-first loader and the gate's mark; the CSP's hash list holds the
 * site's own inline scripts and no script from content (issue #22, L2); the compressed copies are
 * those of the finished pages.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { INLINE_SCRIPT_HASHES_FILE } from '../../rules/buildFiles';
import { readInlineScriptHashes } from '../../server/gate/csp';
import { classifyInlineScripts, scriptHashSource } from '../inlineScripts';
import { paintFirstLoader } from '../paintFirst';
import { finishPages } from '../pages';
import type { RouteManifests } from '../routeStylesheets';

const tsx = require.resolve('tsx/cli');

describe('inline scripts the CSP allows (issue #22, L2)', () => {
  const THEME = 'document.documentElement.setAttribute("data-theme","light")';
  const PAINT_FIRST = '(function(){var s=["/assets/js/main.js"]})()';
  const REACT_RUNTIME = [
    'requestAnimationFrame(function(){$RT=performance.now()})',
    '$RB=[],$RV=function(e){};$RC("B:0","S:0")',
  ];
  const FROM_MDX = 'window.fromMdx=1';
  const FROM_OPENAPI = 'window.fromDescription=1';
  const FROM_HEAD = 'window.fromHead=1';

  /** An MDX page and an OpenAPI description (as the plugin inlines it in the generated .api.mdx), rendered. */
  function renderedContent(): string[] {
    const sources = [
      `# A doc\n\nSome text.\n\n<script>{${JSON.stringify(FROM_MDX)}}</script>\n`,
      `## Search documents\n\nReturns documents.\n\n<script>{${JSON.stringify(FROM_OPENAPI)}}</script>\n`,
    ];
    const out = execFileSync(process.execPath, [tsx, path.join(__dirname, 'renderContent.mts')], {
      input: JSON.stringify(sources),
      encoding: 'utf8',
    });
    return JSON.parse(out) as string[];
  }

  /** A page laid out as Docusaurus builds it: head, the theme's body script, the React root. */
  const page = (content: string) =>
    `<!doctype html><html><head><script>${PAINT_FIRST}</script><script data-rh="true">${FROM_HEAD}</script>` +
    `<script type="application/ld+json">{"@type":"BreadcrumbList"}</script></head><body><script>${THEME}</script>` +
    `<div id="__docusaurus"><main>${content}</main>${REACT_RUNTIME.map((s) => `<script>${s}</script>`).join('')}</div></body></html>`;

  it('a script from an MDX page or an OpenAPI description is content; the site’s own are trusted', () => {
    const [mdx, description] = renderedContent();
    expect(mdx).toContain(`<script>${FROM_MDX}</script>`);
    const scripts = classifyInlineScripts(page(mdx + description));
    expect(scripts.trusted.sort()).toEqual([PAINT_FIRST, THEME, ...REACT_RUNTIME].sort());
    expect(scripts.content.sort()).toEqual([FROM_MDX, FROM_OPENAPI, FROM_HEAD].sort());
  });

  /** An API layout route with its own stylesheet, and one operation page under it. */
  const manifests: RouteManifests = {
    tree: [{ key: '/api-a93', path: '/api', routes: [{ key: '/api/search-106', path: '/api/search', exact: true }] }],
    routes: { '/api-a93': { component: 'apiLayout' }, '/api/search-106': { content: 'search' } },
    client: {
      entrypoints: ['main'],
      origins: { apiLayout: ['10'], search: ['11'] },
      assets: {
        '10': { css: [{ file: 'assets/css/10.css' }], js: [{ file: 'assets/js/10.js' }] },
        '11': { js: [{ file: 'assets/js/11.js' }] },
      },
    },
  };

  it('finishPages: one pass gives each page its steps, hashes only the site’s own scripts, names content scripts', async () => {
    const [mdx, description] = renderedContent();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    const entry = '<script src="/assets/js/main.js" defer></script>';
    const write = (file: string, html: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), html);
    };
    write('docs/x/index.html', page(mdx).replace('</head>', `${entry}</head>`));
    write('api/search/index.html', page(description));
    write('login/index.html', page(''));
    write('assets/js/main.js', 'console.log("main");'.repeat(50));
    const reported: string[] = [];
    const report = await finishPages(dir, {
      manifests,
      publicPages: ['login/index.html'],
      onContentScript: (file, script) => reported.push(`${file}: ${script}`),
    });
    const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

    expect(report).toMatchObject({ pages: 3, styled: 1, marked: 2 });
    expect(read('api/search/index.html')).toContain('<link rel="stylesheet" href="/assets/css/10.css">');
    expect(read('docs/x/index.html')).toContain(
      '<link rel="preload" as="script" fetchpriority="low" href="/assets/js/main.js">',
    );
    expect(read('docs/x/index.html')).toContain('<meta name="portal-gate" content="verified">');
    expect(read('login/index.html')).not.toContain('portal-gate');

    const hashes = readInlineScriptHashes(dir);
    const loader = paintFirstLoader(['/assets/js/main.js']).replace(/^<script>|<\/script>$/g, '');
    expect(read('docs/x/index.html')).toContain(loader);
    expect(hashes).toEqual([PAINT_FIRST, THEME, ...REACT_RUNTIME, loader].map(scriptHashSource).sort());
    for (const text of [FROM_MDX, FROM_OPENAPI, FROM_HEAD]) expect(hashes).not.toContain(scriptHashSource(text));
    expect(reported.sort()).toEqual(
      [
        `api/search/index.html: ${FROM_OPENAPI}`,
        `api/search/index.html: ${FROM_HEAD}`,
        `docs/x/index.html: ${FROM_MDX}`,
        `docs/x/index.html: ${FROM_HEAD}`,
        `login/index.html: ${FROM_HEAD}`,
      ].sort(),
    );
    // The compressed copies are the finished pages', and the hash list is compressed too.
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'docs/x/index.html.br'))).toString()).toBe(
      read('docs/x/index.html'),
    );
    expect(fs.existsSync(path.join(dir, `${INLINE_SCRIPT_HASHES_FILE}.gz`))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/js/main.js.br'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails, naming paint-first, when an entry script is not written as Docusaurus 3 writes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'docs/index.html'),
      page('').replace('</head>', '<script type="module" src="/assets/js/main.js"></script></head>'),
    );
    await expect(finishPages(dir, { manifests, publicPages: [] })).rejects.toThrow(
      /build\/docs\/index.html: paint-first .* no longer writes its entry scripts/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails, naming the CSP classifier, when no page has a React root by the id it knows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/index.html'), page('').replace('id="__docusaurus"', 'id="__root"'));
    await expect(finishPages(dir, { manifests, publicPages: [] })).rejects.toThrow(
      /the CSP's script classifier .* no React root id="__docusaurus" in any page/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the page a step cannot apply to', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    fs.mkdirSync(path.join(dir, 'api/search'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'api/search/index.html'), '<p>no head</p>');
    await expect(finishPages(dir, { manifests, publicPages: [] })).rejects.toThrow(
      'build/api/search/index.html: built page has no </head>',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
