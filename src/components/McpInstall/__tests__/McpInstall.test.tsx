/**
 * The MCP page's install links, command and file: with the placeholder while "Use my token" is off and
 * in the server-rendered HTML (no origin there either, and no links yet), with the reader's token and
 * this portal's origin once it is on. The links' exact text is rules/mcpInstall.ts's, tested there.
 */
import React from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockIsBrowser } from '../../../../tests/unit/mocks/useIsBrowser';
import { mockSiteConfig } from '../../../../tests/unit/mocks/useDocusaurusContext';
import { cursorInstallLink, vscodeInstallLink } from '@site/rules/mcpInstall';
import { useApiToken } from '@site/src/components/ApiToken';
import { clearUseMyToken } from '@site/src/components/UseMyToken';
import McpInstall from '..';

jest.mock('@site/src/components/ApiToken', () => ({ useApiToken: jest.fn() }));
// Docusaurus' Link needs its router; here it is the link it renders.
jest.mock(
  '@docusaurus/Link',
  () => ({
    __esModule: true,
    default: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  }),
  { virtual: true },
);

const TOKEN = 'eyJraWQiOiJrMSJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
const ORIGIN = window.location.origin;

/** The text of the code blocks (the theme's CodeBlock is a stand-in that renders its children). */
const blocks = () => screen.getAllByTestId('theme-original').map((block) => block.textContent);

beforeEach(() => {
  mockIsBrowser.value = true;
  mockSiteConfig.customFields = {};
  jest.mocked(useApiToken).mockReset().mockReturnValue(TOKEN);
  act(() => clearUseMyToken());
});

test('off: the links, command and file hold this origin and a placeholder, and say how to get a token', () => {
  render(<McpInstall name="regdata" />);
  const settings = { name: 'regdata', origin: ORIGIN, access: { token: null } };
  expect(screen.getByRole('link', { name: 'Add to Cursor' })).toHaveAttribute('href', cursorInstallLink(settings));
  expect(screen.getByRole('link', { name: 'Add to VS Code' })).toHaveAttribute('href', vscodeInstallLink(settings));
  const [command, file] = blocks();
  expect(command).toContain(`"${ORIGIN}/mcp"`);
  expect(command).toContain('Bearer $TOKEN');
  expect(file).toContain('"Authorization": "Bearer <access token>"');
  expect(screen.getByRole('link', { name: 'Tokens for scripts' })).toHaveAttribute('href', '/docs/api/tokens');
  expect(useApiToken).not.toHaveBeenCalled();
});

test('on: all of them carry the reader’s access token, and off again they do not', async () => {
  render(<McpInstall name="regdata" />);
  await userEvent.click(screen.getByRole('switch', { name: 'Use my token' }));
  const settings = { name: 'regdata', origin: ORIGIN, access: { token: TOKEN } };
  expect(screen.getByRole('link', { name: 'Add to Cursor' })).toHaveAttribute('href', cursorInstallLink(settings));
  expect(screen.getByRole('link', { name: 'Add to VS Code' })).toHaveAttribute('href', vscodeInstallLink(settings));
  for (const block of blocks()) expect(block).toContain(`Bearer ${TOKEN}`);
  expect(screen.queryByRole('link', { name: 'Tokens for scripts' })).toBeNull();
  await userEvent.click(screen.getByRole('switch', { name: 'Use my token' }));
  for (const block of blocks()) expect(block).not.toContain(TOKEN);
});

test('the server-rendered HTML holds no token, no origin and no install link', () => {
  mockIsBrowser.value = false;
  window.sessionStorage.setItem('portal.useMyToken', '1');
  const html = renderToString(<McpInstall name="regdata" />);
  expect(html).not.toContain(TOKEN);
  expect(html).not.toContain(ORIGIN);
  expect(html).toContain('https://&lt;portal host&gt;/mcp');
  expect(html).not.toMatch(/href="(cursor|vscode):/);
  expect(html).toContain('aria-disabled="true"');
});

test('the links are reached and followed from the keyboard', async () => {
  render(<McpInstall name="regdata" />);
  await userEvent.tab();
  expect(screen.getByRole('switch', { name: 'Use my token' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Tokens for scripts' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Add to Cursor' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Add to VS Code' })).toHaveFocus();
});

describe('where the portal signs AI tools in', () => {
  beforeEach(() => {
    mockSiteConfig.customFields = { mcpSignIn: true };
  });

  test('the links, command and file name the server’s URL alone; the token way is folded below', async () => {
    render(<McpInstall name="regdata" />);
    const signIn = { name: 'regdata', origin: ORIGIN, access: 'sign-in' as const };
    const [cursor, vscode] = screen.getAllByRole('link', { name: /^Add to / });
    expect(cursor).toHaveAttribute('href', cursorInstallLink(signIn));
    expect(vscode).toHaveAttribute('href', vscodeInstallLink(signIn));
    const [command, file] = blocks();
    expect(command).toBe(`claude mcp add --transport http regdata "${ORIGIN}/mcp"`);
    expect(file).not.toContain('Authorization');
    // Folded: the token way shows once the reader opens it.
    const summary = screen.getByText('With an access token instead (clients without sign-in)');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('switch', { name: 'Use my token' }));
    const withToken = { name: 'regdata', origin: ORIGIN, access: { token: TOKEN } };
    expect(screen.getAllByRole('link', { name: 'Add to Cursor' }).map((a) => a.getAttribute('href'))).toEqual([
      cursorInstallLink(signIn),
      cursorInstallLink(withToken),
    ]);
    expect(
      blocks()
        .slice(2)
        .every((block) => block?.includes(`Bearer ${TOKEN}`)),
    ).toBe(true);
  });
});
