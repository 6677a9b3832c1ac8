/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../../config/env';
import { loadContract } from '../../../config/openapi';
import { serversForMode, withApiHost, type OpenApiDocument } from '../../../scripts/openapi/contract';
import { classifyInlineScripts, cspDirectives, cspOriginsFor, inlineScriptHashes } from '../csp';

const tsx = require.resolve('tsx/cli');

describe('cspOriginsFor: where "Send API request" may go', () => {
  it('in local mode, the local sandbox API (issue #11) on SANDBOX_PORT and the production host', () => {
    const origins = cspOriginsFor(parseEnv({ API_HOST: 'https://api.acme.test', SANDBOX_PORT: '4500' }));
    expect(origins.api).toEqual(['http://localhost:4500', 'https://api.acme.test']);
    expect(origins.identity).toEqual(['http://localhost:9229']);
  });

  it('by default, the sandbox on 4010', () => {
    expect(cspOriginsFor(parseEnv({})).api).toContain('http://localhost:4010');
  });
});

describe('cspDirectives: single sign-on (issue #13)', () => {
  it('lets the page redeem the OAuth code at the hosted UI, locally and with Cognito', () => {
    const local = cspDirectives([], cspOriginsFor(parseEnv({})));
    expect(local.connectSrc).toContain('https://localhost:9230');
    const cognito = cspDirectives(
      [],
      cspOriginsFor(
        parseEnv({
          COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
          COGNITO_APP_CLIENT_ID: 'client',
          COGNITO_OAUTH_DOMAIN: 'auth.acme.test',
        }),
      ),
    );
    expect(cognito.connectSrc).toContain('https://auth.acme.test');
  });

  it('names no hosted UI when single sign-on is off', () => {
    expect(cspDirectives([], cspOriginsFor(parseEnv({ LOCAL_SSO: 'off' }))).connectSrc).not.toContainEqual(
      expect.stringContaining('9230'),
    );
  });
});

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

  it('hashes only trusted scripts, and names each page that holds a content script', () => {
    const [mdx, description] = renderedContent();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    fs.mkdirSync(path.join(dir, 'docs/x'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/x/index.html'), page(mdx));
    fs.mkdirSync(path.join(dir, 'api/search'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'api/search/index.html'), page(description));
    const reported: string[] = [];
    const hashes = inlineScriptHashes(dir, (file, script) => reported.push(`${file}: ${script}`));
    const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
    expect(hashes).toEqual([PAINT_FIRST, THEME, ...REACT_RUNTIME].map(hash).sort());
    for (const text of [FROM_MDX, FROM_OPENAPI, FROM_HEAD]) expect(hashes).not.toContain(hash(text));
    expect(reported.sort()).toEqual(
      [
        `api/search/index.html: ${FROM_OPENAPI}`,
        `api/search/index.html: ${FROM_HEAD}`,
        `docs/x/index.html: ${FROM_MDX}`,
        `docs/x/index.html: ${FROM_HEAD}`,
      ].sort(),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('with a real user pool, nothing on localhost (issue #22, L3)', () => {
  const cognito = parseEnv({
    COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
    COGNITO_APP_CLIENT_ID: 'client',
    API_HOST: 'https://api.acme.test',
  });

  it('the CSP names no localhost origin', () => {
    const directives = cspDirectives([], cspOriginsFor(cognito));
    expect(
      Object.values(directives)
        .flat()
        .filter((source) => /localhost|127\.0\.0\.1/.test(source)),
    ).toEqual([]);
    expect(directives.connectSrc).toContain('https://api.acme.test');
  });

  it('the explorer offers only the production server', () => {
    const servers = serversForMode(
      withApiHost(loadContract() as OpenApiDocument, cognito.apiHost),
      'cognito',
      4010,
    ).servers;
    expect(servers?.map((server) => server.url)).toEqual(['https://api.acme.test/api/v1/customer']);
  });
});
