/**
 * What a script needs to call the API (docs/api/tokens.mdx, docs/api/getting-started.mdx), as the terminal
 * lines a reader pastes: the API base URL, the Cognito endpoint of the portal's user pool and the app client
 * that allows `USER_PASSWORD_AUTH` (Cognito's API is served at `https://cognito-idp.<region>.amazonaws.com/`,
 * Amazon Cognito API reference, "Endpoints"; the local identity service stands in at its own address in local
 * mode), and the account to sign in with. The guides' tests render the same lines for the portal they run
 * against (scripts/docs-check), and the Markdown copy shows them (plugins/markdown-export), so what a page
 * shows is what runs. Pure: the browser, the build and the tests use it.
 */
import { trimTrailing } from './text';

/** What of the portal's auth settings (config/env.ts `AuthSettings`) the lines need. */
export interface ScriptAuth {
  mode: 'local' | 'cognito';
  region: string;
  userPoolClientId: string;
  /** The local identity service's address, in local mode. */
  userPoolEndpoint?: string;
  /** The app client for scripts (COGNITO_SCRIPTS_CLIENT_ID), when there is one. */
  scriptsClientId?: string;
}

/** The values the lines hold. */
export interface ScriptSettings {
  /** The customer API's base URL, e.g. `https://api.example.com/api/v1/customer`, no trailing slash. */
  apiBase: string;
  /** The Cognito Identity Provider endpoint, e.g. `https://cognito-idp.eu-west-2.amazonaws.com/`. */
  endpoint: string;
  /** The app client id allowing USER_PASSWORD_AUTH, or null when none is configured. */
  clientId: string | null;
  /** The local demo account (local mode only): its password is public; a real account's never is. */
  localAccount?: { username: string; password: string };
}

/**
 * The settings of the portal for scripts: the scripts client (COGNITO_SCRIPTS_CLIENT_ID) with a real user
 * pool; in local mode the local app client, which allows USER_PASSWORD_AUTH, and the demo account.
 */
export function scriptSettingsOf(
  auth: ScriptAuth,
  apiBase: string,
  localAccount?: ScriptSettings['localAccount'],
): ScriptSettings {
  const endpoint = auth.userPoolEndpoint
    ? `${trimTrailing(auth.userPoolEndpoint, '/')}/`
    : `https://cognito-idp.${auth.region}.amazonaws.com/`;
  const clientId = auth.scriptsClientId ?? (auth.mode === 'local' ? auth.userPoolClientId : null);
  return { apiBase, endpoint, clientId, ...(auth.mode === 'local' && localAccount ? { localAccount } : {}) };
}

/**
 * A string as a single-quoted word of bash and zsh, each `'` written `'\''`. Single quotes, not double: in an
 * interactive shell a `!` inside double quotes is a history expansion (bash: "event not found"; zsh: `!"`
 * eats the closing quote), and a pasted password line holding one would be lost. Inside single quotes
 * nothing expands.
 */
const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/**
 * The line that reads the portal password at a prompt without echoing it, in bash and in zsh (macOS's
 * default shell): `read -p` is bash's prompt but zsh's coprocess flag, so the prompt is printed first.
 * `IFS=` and `-r` keep the password as typed, spaces and backslashes included.
 */
export const PASSWORD_PROMPT =
  "printf 'Portal password: '; IFS= read -rs PORTAL_PASSWORD; printf '\\n'; export PORTAL_PASSWORD";

/**
 * The terminal lines (bash or zsh) that set the environment the samples read: `API_BASE`, `COGNITO_ENDPOINT`,
 * `CLIENT_ID`, `PORTAL_USERNAME` and `PORTAL_PASSWORD`. With a real account the password is read at a prompt
 * ({@link PASSWORD_PROMPT}), so it is kept out of the shell's history and the page; the prompt is the last
 * line, so a pasted block leaves no line for it to read as the password.
 */
export function settingsLines(settings: ScriptSettings): string {
  const lines = [
    `export API_BASE=${quoted(settings.apiBase)}`,
    `export COGNITO_ENDPOINT=${quoted(settings.endpoint)}`,
    `export CLIENT_ID=${quoted(settings.clientId ?? '<app client id for scripts: ask the provider>')}`,
  ];
  if (settings.localAccount) {
    lines.push(
      '# This portal runs on your machine: its demo account. Against the provider, sign in with your own.',
      `export PORTAL_USERNAME=${quoted(settings.localAccount.username)}`,
      `export PORTAL_PASSWORD=${quoted(settings.localAccount.password)}`,
    );
  } else {
    lines.push(
      '# Put your portal username in the next line before you paste these lines.',
      `export PORTAL_USERNAME=${quoted('<your portal username>')}`,
      '# The password is read at a prompt, so it stays out of your shell history.',
      PASSWORD_PROMPT,
    );
  }
  return lines.join('\n');
}
