/**
 * Docs for readers' tools on the built portal behind `npm run serve`: every route of spec §2.1
 * has its Markdown copy, a sample page keeps its headings, tables and code without JSX, every copy stands on
 * its own (each link followed to a file of the build and its anchor), `llms.txt` lists pages that all resolve, and all of it answers only signed-in requests — a browser session, or a
 * script's `Authorization: Bearer` access token (the demo user's, from the local identity service).
 * "Copy page" puts the page's Markdown on the clipboard.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { markdownPathOf } from '../../rules/routes';
import { siteFiles } from '../../server/app';
import { headingIdsOf, linksOf, standAloneProblems } from '../../plugins/markdown-export/__tests__/selfContained';
import { SPEC_ROUTES } from './routes';
import { test, expect, demoTokens, openSignedIn, SIGNED_IN } from '../support/e2e';

const BUILD = path.resolve(__dirname, '../../build');
const SITE = 'http://localhost:3000';

test('every route of spec §2.1 has its Markdown copy in the build', () => {
  const missing = SPEC_ROUTES.filter((route) => !fs.existsSync(path.join(BUILD, markdownPathOf(route.path))));
  expect(missing.map((r) => r.path)).toEqual([]);
  for (const route of SPEC_ROUTES.filter((r) => r.text)) {
    const markdown = fs.readFileSync(path.join(BUILD, markdownPathOf(route.path)), 'utf8');
    expect(markdown, route.path).toMatch(/^# \S/);
  }
});

test('a doc page as Markdown keeps its headings, tables and code blocks, and has no JSX', () => {
  const markdown = fs.readFileSync(path.join(BUILD, 'docs/services/interrogator.md'), 'utf8');
  expect(markdown).toMatch(/^# Interrogator\n/);
  expect(markdown).toContain('\n## 1. Ask\n');
  expect(markdown).toMatch(/\n\| Message +\| Cause +\|\n\| -+ \| -+ \|\n/);
  // Each fence keeps its language, and its title where the page gives one (an answer says it is one).
  for (const language of ['bash', 'python', 'typescript', 'json'])
    expect(markdown).toMatch(new RegExp(`\`\`\`${language}[ \n]`));
  expect(markdown).toContain('```json title="Sample answer, shortened"\n');
  expect(markdown).toContain('curl -sS --fail-with-body -X POST "$API_BASE/interrogator/search"');
  expect(markdown).not.toMatch(/<\/?(ApiSample|Tabs|TabItem)\b|^import .* from/m);
  // Links are absolute to the site.
  expect(markdown).toContain(`](${SITE}/api/v1/create-interrogator-search)`);
  expect(markdown).not.toMatch(/\]\(\/(?!\/)/);
});

/** The element ids of a built HTML file, parsed as browsers do (parse5). */
function htmlIds(file: string): Set<string> {
  const ids = new Set<string>();
  const visit = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const id = child.attrs.find((attribute) => attribute.name === 'id')?.value;
      if (id) ids.add(id);
      visit('content' in child ? (child as DefaultTreeAdapterMap['template']).content : child);
    }
  };
  visit(parse(fs.readFileSync(file, 'utf8')));
  return ids;
}

test('every Markdown copy, llms.txt and llms-full.txt stands on its own, and each of its links resolves', async () => {
  // As read outside the portal (a pasted copy, an assistant's read_page): no Docusaurus syntax or component,
  // every link absolute, and each one to the site names a file of the build and, with an anchor, an id there.
  const files = siteFiles(BUILD);
  const copies = [...new Set(files.values())].filter((file) => /\.md$|^llms(-full)?\.txt$/.test(file));
  expect(copies.length).toBeGreaterThan(100);
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = async (file: string) => {
    if (!anchors.has(file)) {
      const full = path.join(BUILD, file);
      anchors.set(file, file.endsWith('.html') ? htmlIds(full) : await headingIdsOf(fs.readFileSync(full, 'utf8')));
    }
    return anchors.get(file)!;
  };
  const problems: string[] = [];
  let checked = 0;
  for (const copy of copies) {
    const markdown = fs.readFileSync(path.join(BUILD, copy), 'utf8');
    problems.push(...(await standAloneProblems(markdown)).map((problem) => `${copy}: ${problem}`));
    for (const { url, line } of await linksOf(markdown)) {
      if (!url.startsWith(`${SITE}/`) && url !== SITE) continue;
      checked += 1;
      const target = new URL(url);
      const sitePath = decodeURIComponent(target.pathname);
      const file = files.get(sitePath) ?? files.get(sitePath.replace(/\/$/, ''));
      if (!file) {
        problems.push(`${copy}:${line}: ${url} (no such page or file)`);
        continue;
      }
      const hash = decodeURIComponent(target.hash.slice(1));
      if (hash && /\.(html|md)$/.test(file) && !(await anchorsOf(file)).has(hash))
        problems.push(`${copy}:${line}: ${url} (no #${hash} in ${file})`);
    }
  }
  console.log(
    `Markdown copies: ${copies.length} files, ${checked} links to the site followed, ${problems.length} problems`,
  );
  expect(checked).toBeGreaterThan(500);
  expect(problems).toEqual([]);
});

test.describe('through the gate', () => {
  const FILES = ['/llms.txt', '/llms-full.txt', '/docs/services/interrogator.md'];

  test('anonymous requests get 401 with no body, never the sign-in page', async ({ request }) => {
    for (const url of FILES) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect([url, response.status(), await response.text()]).toEqual([url, 401, '']);
    }
  });

  test("the demo user's access token as a Bearer header gets them, as curl would; an ID token does not", async ({
    request,
  }) => {
    const { AccessToken, IdToken } = await demoTokens();
    for (const url of FILES) {
      const response = await request.get(url, { headers: { authorization: `Bearer ${AccessToken}` } });
      expect([url, response.status()]).toEqual([url, 200]);
      expect(response.headers()['content-type']).toMatch(url.endsWith('.md') ? /^text\/markdown/ : /^text\/plain/);
      expect(await response.text()).toMatch(/^# /);
    }
    const refused = await request.get('/llms.txt', { headers: { authorization: `Bearer ${IdToken}` } });
    expect(refused.status()).toBe(401);
  });

  test('llms.txt follows the proposal, and every page it links resolves', async ({ request }) => {
    const { AccessToken } = await demoTokens();
    const headers = { authorization: `Bearer ${AccessToken}` };
    const llms = await (await request.get('/llms.txt', { headers })).text();
    expect(llms).toMatch(/^# RegData developer portal\n\n> .+\n\n/);
    for (const section of ['## Document Format', '## API reference', '## Blog', '## Optional']) {
      expect(llms).toContain(`\n${section}\n`);
    }
    const links = [...llms.matchAll(/^- \[[^\]]+\]\((http[^)]+\.md)\)(?:: .+)?$/gm)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(100);
    const broken: string[] = [];
    for (const link of links) {
      const response = await request.get(link.replace(SITE, ''), { headers });
      if (response.status() !== 200) broken.push(`${link} → ${response.status()}`);
    }
    expect(broken).toEqual([]);
    // llms-full.txt holds every page listed.
    const full = await (await request.get('/llms-full.txt', { headers })).text();
    expect(full.match(/^Source: /gm)?.length).toBe(links.length);
  });
});

test.describe('Copy page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'], ...SIGNED_IN });

  for (const route of ['/docs/services/interrogator', '/api/v1/search-documents']) {
    test(`puts ${route} on the clipboard as Markdown, and links its .md`, async ({ page }) => {
      await openSignedIn(page, route);
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', `${route}.md`);
      await main.getByRole('button', { name: 'Copy page' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(fs.readFileSync(path.join(BUILD, `${route.slice(1)}.md`), 'utf8'));
    });
  }
});
