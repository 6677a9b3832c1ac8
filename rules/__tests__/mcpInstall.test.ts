/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import {
  ACCESS_TOKEN_PLACEHOLDER,
  claudeCodeCommand,
  cursorInstallLink,
  mcpJson,
  mcpUrlOf,
  PORTAL_ORIGIN_PLACEHOLDER,
  vscodeInstallLink,
} from '../mcpInstall';

const ORIGIN = 'https://portal.example.com';
const URL_OF_MCP = 'https://portal.example.com/mcp';
/** A JWT's shape: three base64url parts. */
const TOKEN = 'eyJraWQiOiJrMSJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl-_';
const withToken = { name: 'regdata', origin: ORIGIN, access: { token: TOKEN } };
const withoutToken = { name: 'regdata', origin: ORIGIN, access: { token: null } };
const signingIn = { name: 'regdata', origin: ORIGIN, access: 'sign-in' as const };

/** The JSON in a Cursor link's `config`, decoded as Cursor decodes it (a query parameter, then base64). */
function cursorConfigOf(link: string): unknown {
  const url = new URL(link);
  expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
  expect(url.searchParams.get('name')).toBe('regdata');
  return JSON.parse(Buffer.from(url.searchParams.get('config')!, 'base64').toString('utf8'));
}

/** The JSON of a VS Code link. */
function vscodeServerOf(link: string): unknown {
  const prefix = 'vscode:mcp/install?';
  expect(link.startsWith(prefix)).toBe(true);
  return JSON.parse(decodeURIComponent(link.slice(prefix.length)));
}

describe('the MCP endpoint a client is given', () => {
  it('is /mcp on the portal’s origin', () => {
    expect(mcpUrlOf(ORIGIN)).toBe(URL_OF_MCP);
    expect(mcpUrlOf(`${ORIGIN}/`)).toBe(URL_OF_MCP);
    expect(mcpUrlOf(PORTAL_ORIGIN_PLACEHOLDER)).toBe('https://<portal host>/mcp');
  });
});

describe('Cursor’s install link', () => {
  it('carries the mcp.json entry with the reader’s token, base64 then percent-encoded', () => {
    const link = cursorInstallLink(withToken);
    expect(cursorConfigOf(link)).toEqual({ url: URL_OF_MCP, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(link).toBe(
      `cursor://anysphere.cursor-deeplink/mcp/install?name=regdata&config=${encodeURIComponent(
        Buffer.from(JSON.stringify({ url: URL_OF_MCP, headers: { Authorization: `Bearer ${TOKEN}` } })).toString(
          'base64',
        ),
      )}`,
    );
  });

  it('percent-encodes base64’s `+`, `/` and `=`, so no parser reads `+` as a space', () => {
    // `?`, `>` and `~` third in a group of three bytes give base64's `/` and `+`.
    const odd = { ...withToken, access: { token: 'x??x>>x~~' } };
    const link = cursorInstallLink(odd);
    const config = link.slice(link.indexOf('&config=') + '&config='.length);
    expect(config).toMatch(/^[A-Za-z0-9%]+$/);
    expect(decodeURIComponent(config)).toContain('+');
    expect(decodeURIComponent(config)).toContain('/');
    expect(cursorConfigOf(link)).toEqual({ url: URL_OF_MCP, headers: { Authorization: 'Bearer x??x>>x~~' } });
  });

  it('encodes text beyond ASCII as UTF-8, as JSON is', () => {
    const link = cursorInstallLink({ ...withToken, access: { token: 'é€😀' } });
    expect(cursorConfigOf(link)).toEqual({ url: URL_OF_MCP, headers: { Authorization: 'Bearer é€😀' } });
  });

  it('carries the placeholder without a token', () => {
    expect(cursorConfigOf(cursorInstallLink(withoutToken))).toEqual({
      url: URL_OF_MCP,
      headers: { Authorization: `Bearer ${ACCESS_TOKEN_PLACEHOLDER}` },
    });
  });
});

describe('VS Code’s install link', () => {
  it('carries name, type http, URL and header with the reader’s token', () => {
    const link = vscodeInstallLink(withToken);
    expect(vscodeServerOf(link)).toEqual({
      name: 'regdata',
      type: 'http',
      url: URL_OF_MCP,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(link).toBe(
      `vscode:mcp/install?${encodeURIComponent(
        JSON.stringify({
          name: 'regdata',
          type: 'http',
          url: URL_OF_MCP,
          headers: { Authorization: `Bearer ${TOKEN}` },
        }),
      )}`,
    );
  });

  it('carries the placeholder without a token', () => {
    expect(vscodeServerOf(vscodeInstallLink(withoutToken))).toEqual({
      name: 'regdata',
      type: 'http',
      url: URL_OF_MCP,
      headers: { Authorization: 'Bearer <access token>' },
    });
  });
});

describe('Claude Code’s command', () => {
  /** The arguments bash passes to `claude` for `command`. */
  const argumentsOf = (command: string, env: Record<string, string> = {}) =>
    JSON.parse(
      execFileSync(
        'bash',
        ['-c', `claude() { node -e 'console.log(JSON.stringify(process.argv.slice(1)))' "$@"; }\n${command}`],
        {
          env: { PATH: process.env.PATH, ...env },
          encoding: 'utf8',
        },
      ),
    );

  it('is exactly the documented form, with the reader’s token', () => {
    expect(claudeCodeCommand(withToken)).toBe(
      `claude mcp add --transport http regdata "${URL_OF_MCP}" \\\n  --header "Authorization: Bearer ${TOKEN}"`,
    );
    expect(argumentsOf(claudeCodeCommand(withToken))).toEqual([
      'mcp',
      'add',
      '--transport',
      'http',
      'regdata',
      URL_OF_MCP,
      '--header',
      `Authorization: Bearer ${TOKEN}`,
    ]);
  });

  it('reads $TOKEN without one, as set by Tokens for scripts', () => {
    expect(claudeCodeCommand(withoutToken)).toBe(
      `claude mcp add --transport http regdata "${URL_OF_MCP}" \\\n  --header "Authorization: Bearer $TOKEN"`,
    );
    expect(argumentsOf(claudeCodeCommand(withoutToken), { TOKEN }).at(-1)).toBe(`Authorization: Bearer ${TOKEN}`);
  });

  it('passes a token with shell characters through as it is', () => {
    const odd = 'a"b$c`d\\e';
    expect(argumentsOf(claudeCodeCommand({ ...withToken, access: { token: odd } })).at(-1)).toBe(
      `Authorization: Bearer ${odd}`,
    );
  });

  it('is one line naming the URL alone where Claude Code signs the reader in', () => {
    expect(claudeCodeCommand(signingIn)).toBe(`claude mcp add --transport http regdata "${URL_OF_MCP}"`);
    expect(argumentsOf(claudeCodeCommand(signingIn))).toEqual([
      'mcp',
      'add',
      '--transport',
      'http',
      'regdata',
      URL_OF_MCP,
    ]);
  });
});

describe('where the client signs the reader in', () => {
  it('every way names the server’s URL and no header', () => {
    expect(cursorConfigOf(cursorInstallLink(signingIn))).toEqual({ url: URL_OF_MCP });
    expect(vscodeServerOf(vscodeInstallLink(signingIn))).toEqual({ name: 'regdata', type: 'http', url: URL_OF_MCP });
    expect(JSON.parse(mcpJson(signingIn))).toEqual({ mcpServers: { regdata: { type: 'http', url: URL_OF_MCP } } });
  });
});

describe('the mcp.json', () => {
  it('holds the server under mcpServers with type, URL and header', () => {
    expect(JSON.parse(mcpJson(withToken))).toEqual({
      mcpServers: { regdata: { type: 'http', url: URL_OF_MCP, headers: { Authorization: `Bearer ${TOKEN}` } } },
    });
    expect(JSON.parse(mcpJson(withoutToken)).mcpServers.regdata.headers).toEqual({
      Authorization: 'Bearer <access token>',
    });
  });
});
