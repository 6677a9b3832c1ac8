/**
 * The MCP page's one-click install (src/components/McpInstall) on the built portal, where AI tools sign in
 * by OAuth (local mode): signed in, the "Add to Cursor" and "Add to VS Code" links, the Claude Code command
 * and the file name this portal's `/mcp` alone. Folded below, the token way: the same with a placeholder
 * token while "Use my token" is off and with the reader's access token (the one in the session's cookies,
 * which the gate takes) once it is on, and Copy copies them; everything is reached from the keyboard; axe
 * finds nothing serious in light or dark.
 */
import type { Locator, Page } from '@playwright/test';
import { LOCAL_APP_CLIENT_ID } from '../../config/env';
import { tokensFromCookies } from '../../rules/cookies';
import { audit, blocking, EVERY_PASS, lines } from '../a11y/audit';
import { test, expect, openSignedIn, SIGNED_IN } from '../support/e2e';

const SITE = 'http://localhost:3000';
const MCP_URL = `${SITE}/mcp`;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The JSON a Cursor install link carries: its `config`, base64 then percent-encoded. */
function cursorConfigOf(href: string): unknown {
  const url = new URL(href);
  expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
  expect(url.searchParams.get('name')).toBe('regdata');
  return JSON.parse(Buffer.from(url.searchParams.get('config')!, 'base64').toString('utf8'));
}

/** The JSON a VS Code install link carries. */
function vscodeServerOf(href: string): unknown {
  expect(href.startsWith('vscode:mcp/install?')).toBe(true);
  return JSON.parse(decodeURIComponent(href.slice('vscode:mcp/install?'.length)));
}

const hrefOf = async (scope: Page | Locator, name: string) => {
  const link = scope.getByRole('link', { name });
  // The links get their address once the page has hydrated.
  await expect(link).toHaveAttribute('href', /^(cursor|vscode):/);
  return (await link.getAttribute('href'))!;
};

/** The code block titled `title` in `scope`. */
const block = (scope: Page | Locator, title: string) =>
  scope
    .locator('.theme-code-block')
    // `has` is looked for inside each block: a locator of the page's, not of the scope's.
    .filter({ has: ('goto' in scope ? scope : scope.page()).getByText(title, { exact: true }) });

/** The sign-in way's links, command and file. */
const signInWay = (page: Page) => page.locator('[data-mcp-way="sign-in"]');

/** Opens the folded token way and returns it. */
async function tokenWay(page: Page): Promise<Locator> {
  const details = page.locator('details[data-mcp-way="token"]');
  await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  return details;
}

/** The signed-in reader's access token, from Amplify's cookies. */
async function sessionToken(page: Page): Promise<string> {
  const cookies = Object.fromEntries(
    (await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]),
  );
  const token = tokensFromCookies(cookies, LOCAL_APP_CLIENT_ID)?.accessToken;
  expect(token).toBeTruthy();
  return token!;
}

test.use(SIGNED_IN);

test('the install links, command and file name the server alone, and the token way carries a placeholder, then my token', async ({
  page,
  request,
}) => {
  await openSignedIn(page, '/docs/api/mcp');
  const direct = signInWay(page);
  expect(cursorConfigOf(await hrefOf(direct, 'Add to Cursor'))).toEqual({ url: MCP_URL });
  expect(vscodeServerOf(await hrefOf(direct, 'Add to VS Code'))).toEqual({
    name: 'regdata',
    type: 'http',
    url: MCP_URL,
  });
  await expect(block(direct, 'Claude Code').locator('pre')).toHaveText(
    `claude mcp add --transport http regdata "${MCP_URL}"`,
  );
  expect(JSON.parse((await block(direct, 'mcp.json').locator('pre').textContent())!)).toEqual({
    mcpServers: { regdata: { type: 'http', url: MCP_URL } },
  });

  const tokens = await tokenWay(page);
  const toggle = tokens.getByRole('switch', { name: 'Use my token' });
  await expect(toggle).not.toBeChecked();
  const placeholder = { Authorization: 'Bearer <access token>' };
  expect(cursorConfigOf(await hrefOf(tokens, 'Add to Cursor'))).toEqual({ url: MCP_URL, headers: placeholder });
  expect(vscodeServerOf(await hrefOf(tokens, 'Add to VS Code'))).toEqual({
    name: 'regdata',
    type: 'http',
    url: MCP_URL,
    headers: placeholder,
  });
  await expect(block(tokens, 'Claude Code')).toContainText(
    `claude mcp add --transport http regdata "${MCP_URL}" \\ --header "Authorization: Bearer $TOKEN"`,
  );
  await expect(block(tokens, 'mcp.json')).toContainText('"Authorization": "Bearer <access token>"');
  await expect(tokens.getByRole('link', { name: 'Tokens for scripts' })).toBeVisible();

  await toggle.check();
  const token = await sessionToken(page);
  const mine = { Authorization: `Bearer ${token}` };
  await expect
    .poll(async () => cursorConfigOf(await hrefOf(tokens, 'Add to Cursor')))
    .toEqual({ url: MCP_URL, headers: mine });
  expect(vscodeServerOf(await hrefOf(tokens, 'Add to VS Code'))).toEqual({
    name: 'regdata',
    type: 'http',
    url: MCP_URL,
    headers: mine,
  });
  // The token the links carry opens the MCP endpoint's gate as it opens the pages'.
  const listed = await request.get('/llms.txt', { headers: { authorization: `Bearer ${token}` } });
  expect(listed.status()).toBe(200);

  const command = block(tokens, 'Claude Code');
  await expect(command).toContainText(`--header "Authorization: Bearer ${token}"`);
  await command.getByRole('button', { name: /copy/i }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `claude mcp add --transport http regdata "${MCP_URL}" \\\n  --header "Authorization: Bearer ${token}"`,
  );
  const file = block(tokens, 'mcp.json');
  await file.getByRole('button', { name: /copy/i }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({
    mcpServers: { regdata: { type: 'http', url: MCP_URL, headers: mine } },
  });
  // The sign-in way never carries the token.
  await expect(block(direct, 'Claude Code')).not.toContainText(token);

  await toggle.uncheck();
  expect(cursorConfigOf(await hrefOf(tokens, 'Add to Cursor'))).toEqual({ url: MCP_URL, headers: placeholder });
  await expect(command).not.toContainText(token);
});

test('the switch, the links and the copy buttons are reached and used from the keyboard', async ({ page }) => {
  await openSignedIn(page, '/docs/api/mcp');
  const direct = signInWay(page);
  await hrefOf(direct, 'Add to Cursor');
  await direct.getByRole('link', { name: 'Add to Cursor' }).focus();
  await page.keyboard.press('Tab');
  await expect(direct.getByRole('link', { name: 'Add to VS Code' })).toBeFocused();
  // The token way opens from the keyboard.
  const summary = page.locator('details > summary', { hasText: 'With an access token instead' });
  await summary.focus();
  await page.keyboard.press('Enter');
  const tokens = page.locator('details[data-mcp-way="token"]');
  await expect(tokens).toHaveAttribute('open', '');
  const toggle = tokens.getByRole('switch', { name: 'Use my token' });
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  // On, the links carry my token once it has been read, and no note stands between the switch and them: only
  // then does the next Tab reach the first link.
  await expect
    .poll(async () => JSON.stringify(cursorConfigOf(await hrefOf(tokens, 'Add to Cursor'))))
    .not.toContain('<access token>');
  await page.keyboard.press('Tab');
  await expect(tokens.getByRole('link', { name: 'Add to Cursor' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tokens.getByRole('link', { name: 'Add to VS Code' })).toBeFocused();
  // Then the command itself (Docusaurus makes a code block focusable, so the keyboard scrolls it), and its buttons.
  await page.keyboard.press('Tab');
  await expect(block(tokens, 'Claude Code').locator('pre')).toBeFocused();
  const copy = block(tokens, 'Claude Code').getByRole('button', { name: /copy/i });
  for (let press = 0; press < 3 && !(await copy.evaluate((button) => button === document.activeElement)); press++)
    await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Space');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'claude mcp add --transport http regdata',
  );
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
});

test('axe finds nothing serious on the MCP page, token way folded, open with the switch off and on, light and dark, wide and narrow', async ({
  page,
}) => {
  await openSignedIn(page, '/docs/api/mcp');
  await hrefOf(signInWay(page), 'Add to Cursor');
  const findings = await audit(page, '/docs/api/mcp (token way folded)', EVERY_PASS);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tokens = await tokenWay(page);
  findings.push(...(await audit(page, '/docs/api/mcp (switch off)', EVERY_PASS)));
  await page.setViewportSize({ width: 1280, height: 900 });
  await tokens.getByRole('switch', { name: 'Use my token' }).check();
  await expect(block(tokens, 'Claude Code')).toContainText('Bearer eyJ');
  findings.push(...(await audit(page, '/docs/api/mcp (switch on)', EVERY_PASS)));
  expect(lines(blocking(findings))).toEqual([]);
});
