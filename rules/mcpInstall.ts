/**
 * The ways the MCP page offers to add the portal's MCP server to a client: Cursor's and VS Code's install
 * links, Claude Code's command and an `mcp.json` entry. The page's component (src/components/McpInstall)
 * and the page's Markdown copy (plugins/markdown-export) both write them from here, so what a reader
 * clicks and what an AI tool reads of the page say the same.
 *
 * - Cursor (cursor.com/docs/mcp/install-links): `cursor://anysphere.cursor-deeplink/mcp/install?name=NAME&config=`
 *   the base64 of the server's `mcp.json` entry as JSON; a remote server's entry is `{ url, headers }`.
 *   The base64 is percent-encoded besides, so a query parser that reads `+` as a space cannot change it.
 * - VS Code (code.visualstudio.com/docs/copilot/customization/mcp-servers): `vscode:mcp/install?` and
 *   the URI-encoded JSON of `{ name, type: 'http', url, headers }` (what `code --add-mcp` takes).
 * - Claude Code (docs.anthropic.com/en/docs/claude-code/mcp):
 *   `claude mcp add --transport http NAME URL --header "Authorization: Bearer …"`.
 *
 * Where the portal signs AI tools in by OAuth (server/oauth), each names the server's URL and nothing else:
 * the client finds the sign-in from the server's 401 and metadata, and the reader allows it in the browser.
 * Else, and for clients without OAuth sign-in, each carries an access token: the reader's when given one,
 * else a placeholder the reader replaces (the command `$TOKEN`, the variable Tokens for scripts sets; the
 * links and JSON {@link ACCESS_TOKEN_PLACEHOLDER}).
 */
import { MCP_PATH } from './mcp';
import { trimTrailing } from './text';

/** What stands for the access token in a link or JSON that carries none. */
export const ACCESS_TOKEN_PLACEHOLDER = '<access token>';

/** What stands for the portal's origin where it is not known (a page rendered before it runs in a browser). */
export const PORTAL_ORIGIN_PLACEHOLDER = 'https://<portal host>';

/**
 * How the client gets in: `sign-in`, the client signs the reader in by OAuth itself; or an access token
 * in an `Authorization` header, the reader's (a JWT) or `null` for a placeholder.
 */
export type McpAccess = 'sign-in' | { token: string | null };

/** The MCP server as a client is given it. */
export interface McpServerSettings {
  /** The name the client lists the server under, e.g. `regdata`. */
  name: string;
  /** The portal's origin, e.g. `https://portal.example.com` (a trailing `/` is dropped). */
  origin: string;
  access: McpAccess;
}

/** The MCP endpoint's URL on the portal at `origin`: `https://portal.example.com/mcp`. */
export function mcpUrlOf(origin: string): string {
  return `${trimTrailing(origin, '/')}${MCP_PATH}`;
}

/**
 * The headers a client sends: with a token, the `Authorization` header the server needs (rules/access.ts: a
 * bearer access token on every request); none where the client signs the reader in.
 */
function headersOf(access: McpAccess): { headers?: { Authorization: string } } {
  if (access === 'sign-in') return {};
  return { headers: { Authorization: `Bearer ${access.token ?? ACCESS_TOKEN_PLACEHOLDER}` } };
}

/** The server's entry in Cursor's `mcp.json` (`mcpServers.<name>`): `{ url }`, and `headers` with a token. */
export function cursorServerEntry(settings: McpServerSettings): { url: string; headers?: { Authorization: string } } {
  return { url: mcpUrlOf(settings.origin), ...headersOf(settings.access) };
}

/**
 * Base64 of a string's UTF-8 bytes, with `btoa`, which the browser and Node both have; the bytes come from
 * `encodeURIComponent`'s percent-escapes, since not every runtime the page renders in has `TextEncoder`.
 */
function base64(text: string): string {
  return btoa(
    encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** Cursor's install link for the server. */
export function cursorInstallLink(settings: McpServerSettings): string {
  const config = base64(JSON.stringify(cursorServerEntry(settings)));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(settings.name)}&config=${encodeURIComponent(config)}`;
}

/** The server as VS Code's install link and `code --add-mcp` take it. */
export function vscodeServer(settings: McpServerSettings) {
  return { name: settings.name, type: 'http', url: mcpUrlOf(settings.origin), ...headersOf(settings.access) };
}

/** VS Code's install link for the server. */
export function vscodeInstallLink(settings: McpServerSettings): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify(vscodeServer(settings)))}`;
}

/** `text` inside double quotes of a POSIX shell: `\\`, `"`, `$` and backquotes escaped. */
const doubleQuoted = (text: string) => `"${text.replace(/[\\"$`]/g, '\\$&')}"`;

/**
 * Claude Code's command for the server: one line where Claude Code signs the reader in (its `/mcp` menu
 * opens the browser), else two with the header. Without the reader's token it reads `$TOKEN`, so it runs as
 * it is in a terminal where Tokens for scripts set it.
 */
export function claudeCodeCommand(settings: McpServerSettings): string {
  const add = `claude mcp add --transport http ${settings.name} ${doubleQuoted(mcpUrlOf(settings.origin))}`;
  const { access } = settings;
  if (access === 'sign-in') return add;
  const authorization =
    access.token === null ? '"Authorization: Bearer $TOKEN"' : doubleQuoted(`Authorization: Bearer ${access.token}`);
  return [`${add} \\`, `  --header ${authorization}`].join('\n');
}

/** An `mcp.json` with the server (Claude Code's and Cursor's layout; VS Code names the key `servers`). */
export function mcpJson(settings: McpServerSettings): string {
  const { name, ...server } = vscodeServer(settings);
  return JSON.stringify({ mcpServers: { [name]: server } }, null, 2);
}
