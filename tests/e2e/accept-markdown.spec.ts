/**
 * A page asked for with `Accept: text/markdown` from `npm run serve` (rules/negotiation.ts): the curl
 * command "Docs for your tools" shows, run as a reader runs it with the demo user's access token, prints
 * the page's Markdown copy; a browser still gets the HTML; anonymous requests are refused as before.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, demoTokens } from '../support/e2e';

const ROOT = path.resolve(__dirname, '../..');
const SITE = 'http://localhost:3000';
const PAGE = '/docs/services/interrogator';

/** The block of docs/api/docs-for-tools.md titled `A page as Markdown …`, as the page shows it. */
function documentedCommand(): string {
  const source = fs.readFileSync(path.join(ROOT, 'docs/api/docs-for-tools.md'), 'utf8');
  const opening = source.indexOf('```bash title="A page as Markdown');
  expect(opening).toBeGreaterThan(-1);
  const start = source.indexOf('\n', opening) + 1;
  return source.slice(start, source.indexOf('\n```', start));
}

test('the documented curl with a token prints the page’s Markdown copy', async () => {
  const { AccessToken } = await demoTokens();
  const command = documentedCommand().replace('https://<portal host>', SITE);
  expect(command).toBe(`curl -sS -H "Accept: text/markdown" -H "Authorization: Bearer $TOKEN" "${SITE}${PAGE}"`);
  const printed = execFileSync('bash', ['-c', command], {
    env: { PATH: process.env.PATH, TOKEN: AccessToken },
    encoding: 'utf8',
    // -sS keeps curl's progress meter off stderr; what stderr may still hold (an error) stays out of the log.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(printed).toBe(fs.readFileSync(path.join(ROOT, 'build/docs/services/interrogator.md'), 'utf8'));
  expect(printed).toMatch(/^# Interrogator\n/);
});

test('the Markdown comes as text/markdown in UTF-8, varying by Accept; a browser still gets the HTML', async ({
  request,
}) => {
  const { AccessToken } = await demoTokens();
  const authorization = `Bearer ${AccessToken}`;
  const markdown = await request.get(PAGE, { headers: { accept: 'text/markdown', authorization } });
  expect(markdown.status()).toBe(200);
  expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(markdown.headers().vary).toMatch(/^accept, accept-encoding$/i);

  const html = await request.get(PAGE, {
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', authorization },
  });
  expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(html.headers().vary).toMatch(/^accept, accept-encoding$/i);
  expect(await html.text()).toContain('<html');

  // The sign-in page has no Markdown copy: its HTML.
  const signIn = await request.get('/login', { headers: { accept: 'text/markdown' } });
  expect([signIn.status(), signIn.headers()['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
});

test('anonymous: 401 to a client that takes only Markdown, the sign-in page to one that takes HTML too', async ({
  request,
}) => {
  const only = await request.get(PAGE, { headers: { accept: 'text/markdown' }, maxRedirects: 0 });
  expect([only.status(), await only.text()]).toEqual([401, '']);
  const both = await request.get(PAGE, { headers: { accept: 'text/markdown, text/html;q=0.5' }, maxRedirects: 0 });
  expect([both.status(), both.headers()['x-gate'], both.headers()['content-type']]).toEqual([
    200,
    'anonymous',
    'text/html; charset=utf-8',
  ]);
  const signIn = await request.get('/login', { headers: { accept: 'text/html' } });
  expect(await both.text()).toBe(await signIn.text());
});
