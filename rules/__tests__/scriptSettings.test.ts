/**
 * The terminal lines a script's reader pastes to reach this portal's API (rules/scriptSettings.ts): the same
 * lines the page shows, the Markdown copy holds and the guides' tests run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_PROMPT, scriptSettingsOf, settingsLines } from '../scriptSettings';

const local = {
  mode: 'local' as const,
  region: 'us-east-1',
  userPoolClientId: 'portallocalappclient000001',
  userPoolEndpoint: 'http://localhost:9229/',
};
const cognito = { mode: 'cognito' as const, region: 'eu-west-2', userPoolClientId: 'web', scriptsClientId: 'scripts' };

/** A bash or zsh, checked installed (scripts/ensure-test-tools.sh installs zsh; npm test runs it). */
function shellOf(shell: string): string {
  if (spawnSync(shell, ['-c', 'true']).status !== 0)
    throw new Error(`${shell} is not installed: run bash scripts/ensure-test-tools.sh (npm test does)`);
  return shell;
}

/**
 * The shells a reader pastes the lines into, interactive as a terminal is (history expansion on, no startup
 * files): bash, and zsh (macOS's default), where the reader has turned on `interactive_comments` as Getting
 * started says.
 */
const INTERACTIVE: Record<string, { args: string[]; before: string }> = {
  bash: { args: ['--norc', '--noprofile', '-i'], before: '' },
  zsh: { args: ['-f', '-i'], before: 'setopt interactive_comments\n' },
};

it.each(Object.keys(INTERACTIVE))(
  'in local mode, pasted into an interactive %s: the sandbox, the local identity service, its app client and the demo account, each value as written',
  (shell) => {
    const lines = settingsLines(
      scriptSettingsOf(local, 'http://localhost:4010/api/v1/customer', {
        username: 'demo@example.com',
        // What an interactive shell would expand or end a word at: `$`, quotes, a backquote, and `!` (history).
        password: `Pa$$"w\`0rd!'x!"`,
      }),
    );
    const { args, before } = INTERACTIVE[shell];
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-home-'));
    const show = `printf '<%s>\\n' "$API_BASE" "$COGNITO_ENDPOINT" "$CLIENT_ID" "$PORTAL_USERNAME" "$PORTAL_PASSWORD"`;
    const run = spawnSync(shellOf(shell), args, {
      input: `${before}${lines}\n${show}\nexit\n`,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: home, TERM: 'dumb' },
    });
    expect(run.stderr).not.toMatch(/event not found/);
    expect([...run.stdout.matchAll(/^<([^>\n]*)>$/gm)].map((match) => match[1])).toEqual([
      'http://localhost:4010/api/v1/customer',
      'http://localhost:9229/',
      'portallocalappclient000001',
      'demo@example.com',
      `Pa$$"w\`0rd!'x!"`,
    ]);
  },
);

it('with a user pool: Cognito’s endpoint, the scripts client, and no password on the page (read at a prompt)', () => {
  const lines = settingsLines(
    scriptSettingsOf(cognito, 'https://api.example.com/api/v1/customer', {
      username: 'demo@example.com',
      password: 'x',
    }),
  );
  expect(lines).toContain("export COGNITO_ENDPOINT='https://cognito-idp.eu-west-2.amazonaws.com/'");
  expect(lines).toContain("export CLIENT_ID='scripts'");
  expect(lines).not.toContain('demo@example.com');
  expect(lines.split('\n').at(-1)).toBe(PASSWORD_PROMPT);
});

/** The shells a reader pastes the lines into: bash, and zsh (macOS's default; scripts/ensure-test-tools.sh installs it). */
it.each(['bash', 'zsh'])('with a user pool, in %s: the password typed at the prompt is exported as typed', (shell) => {
  const lines = settingsLines(scriptSettingsOf(cognito, 'https://api.example.com/api/v1/customer'));
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'settings-')), 'settings.sh');
  // The reader's shell runs the lines; the child shows what the export leaves for a script.
  fs.writeFileSync(script, `${lines}\nprintenv PORTAL_PASSWORD\n`);
  const password = ' Pa$$ w\\0rd" ';
  const run = spawnSync(shellOf(shell), [script], {
    input: `${password}\n`,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(`Portal password: \n${password}\n`);
});

it('says to ask the provider when the pool has no client for scripts', () => {
  const lines = settingsLines(scriptSettingsOf({ ...cognito, scriptsClientId: undefined }, 'https://api.example.com'));
  expect(lines).toContain("export CLIENT_ID='<app client id for scripts: ask the provider>'");
});
